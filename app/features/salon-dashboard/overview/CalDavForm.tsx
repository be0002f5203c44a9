import { Button } from '@app/components/ui/Button'
import { DialogForm } from '@app/components/ui/FormDialog'
import { Field, fieldClasses, Input } from '@app/components/ui/Input'
import { cn } from '@app/lib/cn'
import type { CaldavAccount, CaldavDiscovery, CaldavPreset, CalendarConnections } from '@common/schemas/calendar'
import { useMutation } from '@tanstack/react-query'
import { ArrowLeft, CircleAlert, Eye, EyeOff, KeyRound } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { caldavErrorText, connectCaldav, discoverCaldav } from './calendars-api'

type Found = CaldavDiscovery['calendars'][number]

/**
 * Connecting a CalDAV calendar, in two steps: the account (a known server or the server's address,
 * the user name, an app-specific password), read by "Rechercher mes calendriers"; then which of its
 * calendars Salonia uses. The password is kept in this form only, and sent again with the choice:
 * the server seals it on connect and never sends it back.
 */
export function CalDavForm({
  salonId,
  initialPreset,
  onConnected,
}: {
  salonId: string
  initialPreset: CaldavPreset
  onConnected: (connections: CalendarConnections) => void
}) {
  const { t } = useTranslation()
  const [account, setAccount] = useState<CaldavAccount>({ preset: initialPreset, username: '', password: '' })
  const [found, setFound] = useState<Found[] | undefined>(undefined)
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const [checked, setChecked] = useState(false)

  // What the server receives: the address only for a server of the owner's own.
  const typed: CaldavAccount = {
    preset: account.preset,
    username: account.username.trim(),
    password: account.password,
    ...(account.preset === 'custom' && { serverUrl: account.serverUrl?.trim() ?? '' }),
  }
  const missing = {
    serverUrl: account.preset === 'custom' && !typed.serverUrl,
    username: !typed.username,
    password: !typed.password,
  }

  const discover = useMutation({
    mutationFn: () => discoverCaldav(salonId, typed),
    onSuccess: ({ calendars }) => {
      setFound(calendars)
      // One calendar only: already chosen; several: the owner picks (no guess at their work one).
      setChosen(calendars.length === 1 ? calendars[0]?.url : undefined)
    },
  })
  const connect = useMutation({
    mutationFn: () => {
      const calendar = found?.find((entry) => entry.url === chosen)
      return connectCaldav(salonId, {
        account: typed,
        calendarUrl: chosen ?? '',
        ...(calendar && { calendarName: calendar.name }),
      })
    },
    onSuccess: onConnected,
  })

  const edit = (change: Partial<CaldavAccount>) => {
    setAccount((current) => ({ ...current, ...change }))
    discover.reset()
  }

  if (found && found.length > 0) {
    return (
      <CalendarChoice
        calendars={found}
        chosen={chosen}
        onChoose={setChosen}
        onBack={() => {
          setFound(undefined)
          connect.reset()
        }}
        onSubmit={() => connect.mutate()}
        pending={connect.isPending}
        error={connect.isError ? caldavErrorText(connect.error, t) : undefined}
      />
    )
  }

  return (
    <DialogForm
      onSubmit={() => {
        setChecked(true)
        if (!missing.serverUrl && !missing.username && !missing.password) discover.mutate()
      }}
      submitLabel={t('calendars.caldav.search')}
      pendingLabel={t('calendars.caldav.searching')}
      pending={discover.isPending}
    >
      <Field id="caldav-preset" label={t('calendars.caldav.preset')}>
        {(control) => (
          <select
            {...control}
            value={account.preset}
            onChange={(event) => {
              edit({ preset: event.target.value as CaldavPreset })
              setFound(undefined)
            }}
            className={cn(fieldClasses, 'pr-8')}
          >
            <option value="icloud">{t('calendars.caldav.presets.icloud')}</option>
            <option value="fastmail">{t('calendars.caldav.presets.fastmail')}</option>
            <option value="custom">{t('calendars.caldav.presets.custom')}</option>
          </select>
        )}
      </Field>
      {account.preset === 'icloud' && <IcloudSteps />}
      {account.preset === 'fastmail' && (
        <p className="-mt-2 text-sm text-ink-soft">{t('calendars.caldav.fastmailHint')}</p>
      )}
      {account.preset === 'custom' && (
        <Field
          id="caldav-server"
          label={t('calendars.caldav.serverUrl')}
          hint={t('calendars.caldav.serverUrlHint')}
          error={checked && missing.serverUrl ? t('calendars.caldav.required.serverUrl') : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://"
              value={account.serverUrl ?? ''}
              onChange={(event) => edit({ serverUrl: event.target.value })}
            />
          )}
        </Field>
      )}
      <Field
        id="caldav-username"
        label={account.preset === 'custom' ? t('calendars.caldav.username') : t('calendars.caldav.email')}
        error={checked && missing.username ? t('calendars.caldav.required.username') : undefined}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            inputMode={account.preset === 'custom' ? 'text' : 'email'}
            value={account.username}
            onChange={(event) => edit({ username: event.target.value })}
          />
        )}
      </Field>
      <PasswordField
        value={account.password}
        onChange={(password) => edit({ password })}
        error={checked && missing.password ? t('calendars.caldav.required.password') : undefined}
      />
      <ServerRefusal
        text={
          discover.isError
            ? caldavErrorText(discover.error, t)
            : found?.length === 0
              ? t('calendars.caldav.noCalendars')
              : undefined
        }
      />
    </DialogForm>
  )
}

/**
 * Why the server refused the account, under the fields. On a phone the iCloud steps push it below
 * the fold, behind the sticky buttons: it is brought into view as it appears (role=alert reads it).
 */
function ServerRefusal({ text }: { text: string | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (text) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [text])
  if (!text) return null
  return (
    <p ref={ref} role="alert" className="flex gap-2 rounded-xl bg-danger-soft p-3 text-sm text-ink">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
      {text}
    </p>
  )
}

/** Apple asks for an app-specific password: where to make one, step by step. */
function IcloudSteps() {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="-mt-1 rounded-xl bg-info-soft px-3.5 py-3 text-sm text-ink">
      <h3 id={titleId} className="flex items-center gap-2 font-sans text-sm font-semibold text-info">
        <KeyRound aria-hidden className="size-4 shrink-0" />
        {t('calendars.caldav.icloud.title')}
      </h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 leading-relaxed marker:text-info">
        <li>
          {t('calendars.caldav.icloud.step1')}{' '}
          <a
            href="https://account.apple.com"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-info underline underline-offset-4"
          >
            account.apple.com
          </a>{' '}
          {t('calendars.caldav.icloud.step1After')}
        </li>
        <li>{t('calendars.caldav.icloud.step2')}</li>
        <li>{t('calendars.caldav.icloud.step3')}</li>
      </ol>
    </section>
  )
}

function PasswordField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (value: string) => void
  error: string | undefined
}) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  return (
    <Field
      id="caldav-password"
      label={t('calendars.caldav.password')}
      hint={t('calendars.caldav.passwordHint')}
      error={error}
    >
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            type={shown ? 'text' : 'password'}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className="pr-12"
          />
          <button
            type="button"
            onClick={() => setShown((current) => !current)}
            aria-pressed={shown}
            aria-label={t('calendars.caldav.showPassword')}
            className="absolute inset-y-0 right-1 my-auto inline-flex size-9 cursor-pointer items-center justify-center rounded-lg text-ink-soft hover:bg-sand hover:text-ink focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20"
          >
            {shown ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
          </button>
        </div>
      )}
    </Field>
  )
}

/** The account's calendars: one is chosen (radio buttons, so the arrow keys move between them). */
function CalendarChoice({
  calendars,
  chosen,
  onChoose,
  onBack,
  onSubmit,
  pending,
  error,
}: {
  calendars: Found[]
  chosen: string | undefined
  onChoose: (url: string) => void
  onBack: () => void
  onSubmit: () => void
  pending: boolean
  error: string | undefined
}) {
  const { t } = useTranslation()
  const name = useId()
  const legendId = useId()
  return (
    <DialogForm
      onSubmit={onSubmit}
      submitLabel={t('calendars.caldav.connect')}
      pendingLabel={t('calendars.caldav.connecting')}
      pending={pending}
      submitDisabled={!chosen}
      error={error}
      secondaryAction={
        <Button type="button" variant="ghost" onClick={onBack} disabled={pending}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('calendars.caldav.back')}
        </Button>
      }
    >
      <div role="radiogroup" aria-labelledby={legendId} className="flex flex-col gap-2">
        <p id={legendId} className="text-sm font-medium">
          {t('calendars.caldav.chooseCalendar')}
        </p>
        {calendars.map((calendar) => (
          <label
            key={calendar.url}
            className={cn(
              'flex min-w-0 cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-3 transition-colors',
              chosen === calendar.url ? 'border-primary bg-primary-soft/40 ring-1 ring-primary' : 'border-line',
            )}
          >
            <input
              type="radio"
              name={name}
              value={calendar.url}
              checked={chosen === calendar.url}
              onChange={() => onChoose(calendar.url)}
              className="size-4 shrink-0 accent-primary"
            />
            <span
              aria-hidden
              className="size-3 shrink-0 rounded-full border border-line"
              style={{ backgroundColor: calendar.color ?? 'transparent' }}
            />
            <span className="min-w-0 flex-1 break-words font-medium">{calendar.name}</span>
          </label>
        ))}
        <p className="text-sm text-ink-soft">{t('calendars.caldav.chooseHint')}</p>
      </div>
    </DialogForm>
  )
}
