import { FormDialog } from '@app/components/ui/FormDialog'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import type { CaldavPreset, CalendarConnections } from '@common/schemas/calendar'
import { useMutation } from '@tanstack/react-query'
import { ChevronRight, Loader2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CalDavForm } from './CalDavForm'
import { ProviderMark } from './calendar-provider'
import {
  fetchMicrosoftAuthUrl,
  isAvailable,
  microsoftErrorText,
  type ProviderName,
  useCalendarProviders,
} from './calendars-api'

/** What the dialog shows: the choice of a provider, or the CalDAV form on one of its servers. */
export type ConnectView = { kind: 'choose' } | { kind: 'caldav'; preset: CaldavPreset }

/**
 * "Ajouter un calendrier": Outlook sends the browser to Microsoft's consent (it comes back to the
 * dashboard), CalDAV opens its form. A provider this server cannot connect is shown, disabled, with
 * the reason: the owner knows it exists and that it is not their doing.
 */
export function ConnectCalendarDialog({
  salonId,
  view,
  onViewChange,
  onClose,
  onConnected,
}: {
  salonId: string
  /** Undefined: closed. */
  view: ConnectView | undefined
  onViewChange: (view: ConnectView) => void
  onClose: () => void
  onConnected: (connections: CalendarConnections) => void
}) {
  const { t } = useTranslation()
  return (
    <FormDialog
      open={view !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={view?.kind === 'caldav' ? t('calendars.caldav.title') : t('calendars.add.title')}
      description={view?.kind === 'caldav' ? t('calendars.caldav.description') : t('calendars.add.description')}
      // A stray tap outside must not lose a typed password.
      dismissOnOutsideClick={view?.kind !== 'caldav'}
    >
      {view?.kind === 'caldav' ? (
        <CalDavForm salonId={salonId} initialPreset={view.preset} onConnected={onConnected} />
      ) : (
        <ProviderChoice salonId={salonId} onCaldav={() => onViewChange({ kind: 'caldav', preset: 'icloud' })} />
      )}
    </FormDialog>
  )
}

function ProviderChoice({ salonId, onCaldav }: { salonId: string; onCaldav: () => void }) {
  const { t } = useTranslation()
  const providers = useCalendarProviders()
  const outlook = useMicrosoftRedirect(salonId)
  // Unknown until the list is read: offered meanwhile (the server says so if it cannot).
  const reason = (name: ProviderName) =>
    isAvailable(providers.data, name) === false ? t('calendars.providers.notOnServer') : undefined
  return (
    <ul className="flex flex-col gap-2.5 pb-1">
      <li>
        <ProviderOption
          provider="microsoft"
          title={t('calendars.providers.microsoft')}
          description={t('calendars.add.microsoft')}
          unavailable={reason('microsoft')}
          pending={outlook.isPending}
          onChoose={() => outlook.redirect()}
        />
      </li>
      <li>
        <ProviderOption
          provider="caldav"
          title={t('calendars.providers.caldav')}
          description={t('calendars.add.caldav')}
          unavailable={reason('caldav')}
          onChoose={onCaldav}
        />
      </li>
    </ul>
  )
}

function ProviderOption({
  provider,
  title,
  description,
  unavailable,
  pending = false,
  onChoose,
}: {
  provider: ProviderName
  title: string
  description: ReactNode
  unavailable: string | undefined
  pending?: boolean
  onChoose: () => void
}) {
  return (
    <button
      type="button"
      onClick={onChoose}
      disabled={unavailable !== undefined || pending}
      aria-busy={pending || undefined}
      className={cn(
        'flex w-full cursor-pointer items-center gap-3 rounded-2xl border border-line p-3.5 text-left transition-colors',
        'hover:border-primary/50 hover:bg-primary-soft/30 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20',
        'disabled:cursor-not-allowed disabled:hover:border-line disabled:hover:bg-transparent',
        unavailable && 'bg-sand/40',
      )}
    >
      <ProviderMark provider={provider} className={cn('size-10', unavailable && 'opacity-60 grayscale')} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className={cn('font-medium', unavailable && 'text-ink-soft')}>{title}</span>
        <span className="text-sm leading-snug text-ink-soft">{unavailable ?? description}</span>
      </span>
      {pending ? (
        <Loader2 aria-hidden className="size-4 shrink-0 animate-spin text-ink-soft" />
      ) : (
        !unavailable && <ChevronRight aria-hidden className="size-4 shrink-0 text-ink-soft" />
      )}
    </button>
  )
}

/**
 * Sends the browser to Microsoft's consent; Microsoft sends it back to
 * `/professional?calendar=microsoft&…` (useMicrosoftReturn). Stays pending while the page leaves.
 */
export function useMicrosoftRedirect(salonId: string) {
  const { t } = useTranslation()
  const mutation = useMutation({
    mutationFn: () => fetchMicrosoftAuthUrl(salonId),
    onSuccess: (authUrl) => window.location.assign(authUrl),
    onError: (error) =>
      toast({
        title: t('calendars.errors.connectFailed'),
        description: microsoftErrorText(error, t),
        tone: 'destructive',
      }),
  })
  return { redirect: () => mutation.mutate(), isPending: mutation.isPending || mutation.isSuccess }
}
