import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { cn } from '@app/lib/cn'
import type { TFunction } from 'i18next'
import { ArrowLeft } from 'lucide-react'
import { type RefObject, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAvailable, useCalendarProviders } from './calendar-providers'
import { CALENDAR_PROVIDERS, type CalendarProvider, type CalendarProviderId } from './providers'

function providerDescription(id: CalendarProviderId, t: TFunction): string {
  switch (id) {
    case 'google':
      return t('calendarConnect.providers.google')
    case 'outlook':
      return t('calendarConnect.providers.outlook')
    case 'apple':
      return t('calendarConnect.providers.apple')
    case 'caldav':
      return t('calendarConnect.providers.caldav')
  }
}

/**
 * 'Choisir votre calendrier' (spec §2): every provider this server connects can be chosen (one it
 * cannot is shown disabled, with why), and a Connecter button on the selected one. Radio buttons,
 * so the arrow keys move between them. Any choice signs the owner in with Google first: Outlook
 * and CalDAV are then added from the dashboard, which opens their dialog (pending-calendar.ts).
 */
export function ProviderPicker({
  salonId,
  connecting,
  onConnect,
  onBack,
  headingRef,
}: {
  /** The ID typed on the form, shown so the owner knows which salon they connect. */
  salonId: string | undefined
  connecting: boolean
  onConnect: (provider: CalendarProvider) => void
  onBack: () => void
  headingRef: RefObject<HTMLHeadingElement | null>
}) {
  const { t } = useTranslation()
  const [selected, setSelected] = useState<CalendarProviderId>('google')
  const providers = useCalendarProviders()
  // Offered while the list is read (the sign-in comes first anyway); Google is the sign-in itself.
  const available = (provider: CalendarProvider) =>
    provider.server === 'google' || isAvailable(providers.data, provider.server) !== false
  const name = useId()
  const headingId = useId()
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" onClick={onBack} aria-label={t('calendarConnect.picker.back')}>
          <ArrowLeft aria-hidden className="size-5" />
        </Button>
        <div className="min-w-0">
          <h3
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-24 text-lg font-semibold focus:outline-none"
          >
            {t('calendarConnect.picker.title')}
          </h3>
          <p className="text-sm text-ink-soft">
            {salonId ? t('calendarConnect.picker.forSalon', { salonId }) : t('calendarConnect.picker.subtitle')}
          </p>
        </div>
      </div>

      <div role="radiogroup" aria-labelledby={headingId} className="flex flex-col gap-2.5">
        {CALENDAR_PROVIDERS.map((provider) => {
          const selectable = available(provider)
          const isSelected = selectable && selected === provider.id
          const inputId = `${name}-${provider.id}`
          return (
            <div
              key={provider.id}
              className={cn(
                'rounded-2xl border p-3.5 transition-colors',
                isSelected ? 'border-primary bg-primary-soft/40 ring-1 ring-primary' : 'border-line',
                !selectable && 'bg-sand/40',
              )}
            >
              <label
                htmlFor={inputId}
                className={cn('flex items-center gap-3', selectable ? 'cursor-pointer' : 'cursor-not-allowed')}
              >
                <input
                  id={inputId}
                  type="radio"
                  name={name}
                  value={provider.id}
                  checked={isSelected}
                  disabled={!selectable}
                  onChange={() => setSelected(provider.id)}
                  className="size-4 shrink-0 accent-primary disabled:opacity-50"
                />
                <span
                  className={cn(
                    'inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-line bg-surface',
                    !selectable && 'text-ink-soft opacity-70 grayscale',
                  )}
                >
                  {provider.icon}
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className={cn('font-medium', !selectable && 'text-ink-soft')}>{provider.displayName}</span>
                    {selectable && <Badge tone="success">{t('calendarConnect.picker.available')}</Badge>}
                  </span>
                  <span className="text-sm leading-snug text-ink-soft">
                    {selectable ? providerDescription(provider.id, t) : t('calendarConnect.picker.notOnServer')}
                  </span>
                </span>
              </label>
              {isSelected && provider.pending && (
                <p className="mt-3 text-sm leading-snug text-ink-soft">
                  {t('calendarConnect.picker.signInFirst', { provider: provider.displayName })}
                </p>
              )}
              {isSelected && (
                <Button className="mt-3 w-full" loading={connecting} onClick={() => onConnect(provider)}>
                  {connecting ? (
                    t('calendarConnect.connecting')
                  ) : (
                    <>
                      {t('calendarConnect.picker.connect')}
                      <span className="sr-only"> {provider.displayName}</span>
                    </>
                  )}
                </Button>
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}
