import { Button } from '@app/components/ui/Button'
import { Field, Input } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { readPublicSalonId } from '@common/salon-id'
import { AtSign, CalendarRange, ChevronRight, Info, Mail, ShieldCheck } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { salonAuthUrlEndpoint, useGoogleRedirect } from './google-sign-in'
import { ProviderPicker } from './ProviderPicker'
import { forgetPendingCalendar, rememberPendingCalendar } from './pending-calendar'
import { type CalendarProvider, GoogleMark } from './providers'
import { type ConnectStep, StepIndicator } from './StepIndicator'

/**
 * The calendar connection screen (spec §2): the salon ID, then Google's consent, which is also how
 * a professional signs in. The main form goes straight to Google; "Other calendars" opens the
 * provider list, where Outlook and CalDAV are chosen to be added once signed in.
 */
export function CalendarConnect({
  salonId,
  onSalonIdChange,
  salonFound,
  afterForm,
}: {
  salonId: string
  onSalonIdChange: (value: string) => void
  /** The ID names a known salon (looked up beside the form): the first step is done. */
  salonFound: boolean
  /** Shown under the form (not the provider list): what the typed ID names. */
  afterForm?: ReactNode
}) {
  const { t } = useTranslation()
  const [view, setView] = useState<'form' | 'providers'>('form')
  const google = useGoogleRedirect({ failureTitle: t('calendarConnect.errors.connectionFailed') })
  const inputRef = useRef<HTMLInputElement>(null)
  const pickerHeadingRef = useRef<HTMLHeadingElement>(null)
  const otherCalendarsRef = useRef<HTMLButtonElement>(null)
  // Where focus goes once the other view is on screen, so keyboard and screen-reader users follow.
  const focusNext = useRef<'input' | 'picker' | 'otherCalendars'>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view change is the trigger
  useEffect(() => {
    const target = focusNext.current
    focusNext.current = undefined
    if (target === 'input') inputRef.current?.focus()
    if (target === 'picker') pickerHeadingRef.current?.focus()
    if (target === 'otherCalendars') otherCalendarsRef.current?.focus()
  }, [view])

  const showView = (next: typeof view, focus: typeof focusNext.current) => {
    focusNext.current = focus
    setView(next)
  }

  const typed = salonId.trim()
  const connect = (provider?: CalendarProvider) => {
    if (!typed) {
      toast({
        title: t('calendarConnect.errors.noSalonSelected'),
        description: t('calendarConnect.errors.selectSalonFirst'),
        tone: 'destructive',
      })
      showView('form', 'input')
      return
    }
    // Outlook and CalDAV need the salon's session: the sign-in first, then the dashboard opens them.
    if (provider?.pending) rememberPendingCalendar(provider.pending)
    else forgetPendingCalendar()
    // A mistyped ID still goes to the server, which says what is wrong with it.
    google.redirect(salonAuthUrlEndpoint(readPublicSalonId(typed) ?? typed))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    connect()
  }

  const step: ConnectStep = google.isPending || salonFound ? 2 : 1

  return (
    <div className="flex flex-col gap-6">
      <StepIndicator current={step} />
      {view === 'providers' ? (
        <ProviderPicker
          salonId={readPublicSalonId(typed)}
          connecting={google.isPending}
          onConnect={connect}
          onBack={() => showView('form', 'otherCalendars')}
          headingRef={pickerHeadingRef}
        />
      ) : (
        // One block with what comes under the form, so an empty lookup adds no gap.
        <div>
          <form
            onSubmit={onSubmit}
            noValidate
            className="flex flex-col gap-4"
            aria-label={t('calendarConnect.form.label')}
          >
            <Field id="calendar-connect-salon-id" label={t('calendarConnect.form.salonId')}>
              {(control) => (
                <Input
                  {...control}
                  ref={inputRef}
                  value={salonId}
                  onChange={(event) => onSalonIdChange(event.target.value)}
                  placeholder={t('calendarConnect.form.salonIdPlaceholder')}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  inputMode="text"
                  maxLength={16}
                  className="scroll-mt-24 font-mono uppercase tracking-wide placeholder:normal-case"
                />
              )}
            </Field>
            <p className="flex gap-2.5 rounded-xl bg-info-soft px-3.5 py-3 text-sm leading-relaxed text-info">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              {t('calendarConnect.form.emailNote')}
            </p>
            <Button type="submit" size="lg" className="w-full" disabled={!typed} loading={google.isPending}>
              {!google.isPending && (
                <span className="inline-flex size-6 items-center justify-center rounded-full bg-white">
                  <GoogleMark className="size-4" />
                </span>
              )}
              {google.isPending ? t('calendarConnect.connecting') : t('calendarConnect.form.connect')}
            </Button>
            <button
              type="button"
              ref={otherCalendarsRef}
              onClick={() => showView('providers', 'picker')}
              className="group inline-flex cursor-pointer items-center justify-center gap-1.5 self-center rounded-lg px-2 py-1 text-sm font-medium text-primary hover:text-primary-hover"
            >
              <CalendarRange aria-hidden className="size-4" />
              <span className="underline decoration-primary/30 underline-offset-4 group-hover:decoration-primary">
                {t('calendarConnect.form.otherCalendars')}
              </span>
              <ChevronRight aria-hidden className="size-4" />
            </button>
          </form>
          {afterForm}
        </div>
      )}
      <ul className="flex flex-col gap-2.5 border-t border-line/70 pt-5 text-sm leading-relaxed text-ink-soft">
        <li className="flex gap-2.5">
          <Mail aria-hidden className="mt-0.5 size-4 shrink-0 text-brass" />
          {t('calendarConnect.notes.idByEmail')}
        </li>
        <li className="flex gap-2.5">
          <AtSign aria-hidden className="mt-0.5 size-4 shrink-0 text-brass" />
          {t('calendarConnect.notes.useCalendarEmail')}
        </li>
        <li className="flex gap-2.5">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-brass" />
          {t('calendarConnect.notes.oauth')}
        </li>
      </ul>
    </div>
  )
}
