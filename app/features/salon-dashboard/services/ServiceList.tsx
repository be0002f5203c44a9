import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import { LANGUAGES } from '@common/languages'
import type { OwnerService, ServiceTranslations } from '@common/schemas/catalog'
import { Eye, EyeOff, Pencil } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '../dashboard-api'
import { ReorderArrows, useReorderFocus } from '../ReorderArrows'
import { PaymentPolicyBadge } from './PaymentPolicyField'
import { usePaymentPolicies } from './payment-policy-api'
import { moved, useEditService, useReorderServices } from './services-api'

interface ServiceListProps {
  salonId: string
  services: OwnerService[]
  onEdit: (service: OwnerService) => void
}

/**
 * The salon's services in the order customers see them, each with its arrows (up, down), its edit
 * button and its switch off or on. A deactivated service stays here, greyed, and can come back.
 */
export function ServiceList({ salonId, services, onEdit }: ServiceListProps) {
  const { t } = useTranslation()
  const reorder = useReorderServices(salonId)
  const edit = useEditService(salonId)
  const focus = useReorderFocus(services)
  const payments = usePaymentPolicies(salonId)
  const language = currentLanguage()

  const move = (index: number, direction: -1 | 1) => {
    const service = services[index]
    if (!service) return
    focus.pressed(service.id, direction)
    reorder.mutate(moved(services, index, direction), {
      onError: () =>
        toast({ title: t('services.moveError'), description: t('services.moveErrorText'), tone: 'destructive' }),
    })
  }

  const toggle = (service: OwnerService) =>
    edit.mutate(
      { id: service.id, isActive: !service.isActive },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.isActive
              ? t('services.reactivated', { name: saved.name })
              : t('services.deactivated', { name: saved.name }),
            description: saved.isActive ? t('services.reactivatedText') : t('services.deactivatedText'),
            tone: 'success',
          }),
        onError: () =>
          toast({ title: t('services.saveError'), description: t('services.saveErrorText'), tone: 'destructive' }),
      },
    )

  return (
    <ul
      ref={focus.list}
      aria-label={t('services.listLabel')}
      className="flex flex-col divide-y divide-line/70 rounded-2xl border border-line/70"
    >
      {services.map((service, index) => (
        <li
          key={service.id}
          data-testid="service-row"
          // A phone: name and arrows, then length and price, then the two actions side by side. A
          // wide screen: all on one line.
          className={cn(
            'grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-3 p-4 lg:grid-cols-[minmax(0,1fr)_auto_auto_auto] lg:items-center lg:gap-x-5',
            !service.isActive && 'bg-sand/50 first:rounded-t-2xl last:rounded-b-2xl',
          )}
        >
          <div className="min-w-0 lg:order-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className={cn('font-medium break-words', !service.isActive && 'text-ink-soft')}>
                {service.name}
              </span>
              <Badge tone={service.isActive ? 'success' : 'neutral'}>
                {service.isActive ? t('dashboard.services.active') : t('dashboard.services.inactive')}
              </Badge>
              {payments.data && (
                <PaymentPolicyBadge
                  policy={payments.data.policies[service.id]}
                  priceMinor={service.price}
                  currency={service.currency}
                  readiness={payments.data.readiness}
                  language={language}
                />
              )}
            </p>
            {service.description && (
              <p className="mt-0.5 text-sm leading-relaxed break-words text-ink-soft">{service.description}</p>
            )}
            {!service.isActive && <p className="mt-0.5 text-sm text-ink-soft">{t('services.inactiveHint')}</p>}
            <TranslatedNames translations={service.translations} />
          </div>
          <ReorderArrows
            id={service.id}
            index={index}
            count={services.length}
            busy={reorder.isPending}
            onMove={move}
            upLabel={t('services.moveUp', { name: service.name })}
            downLabel={t('services.moveDown', { name: service.name })}
          />
          <p className="col-span-2 flex items-baseline gap-4 text-sm lg:order-2 lg:col-span-1 lg:justify-end">
            <span className="text-ink-soft">{t('dashboard.services.duration', { minutes: service.duration })}</span>
            <span
              className={cn(
                'font-semibold tabular-nums lg:min-w-24 lg:text-right',
                !service.isActive && 'text-ink-soft',
              )}
            >
              {formatPrice(service.price, service.currency, language)}
            </span>
          </p>
          <div className="col-span-2 grid grid-cols-2 gap-2 lg:order-4 lg:col-span-1 lg:flex">
            <Button
              variant="outline"
              size="sm"
              className="h-10"
              onClick={() => onEdit(service)}
              aria-label={t('services.editLabel', { name: service.name })}
            >
              <Pencil aria-hidden className="size-4" />
              {t('services.edit')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="h-10 lg:min-w-32"
              onClick={() => toggle(service)}
              disabled={edit.isPending && edit.variables?.id === service.id}
              aria-label={
                service.isActive
                  ? t('services.deactivateLabel', { name: service.name })
                  : t('services.reactivateLabel', { name: service.name })
              }
            >
              {service.isActive ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
              {service.isActive ? t('services.deactivate') : t('services.reactivate')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The service's name in the other languages, as the assistant gives it to customers: discreet, one line. */
function TranslatedNames({ translations }: { translations: ServiceTranslations }) {
  const { t } = useTranslation()
  const names = LANGUAGES.flatMap((language) => {
    const name = translations[language]
    return name ? [{ language, name }] : []
  })
  if (names.length === 0) return null
  return (
    <p
      className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-ink-soft"
      title={t('dashboard.services.translations')}
    >
      <span className="sr-only">{t('dashboard.services.translations')}: </span>
      {names.map(({ language, name }) => (
        <span key={language} className="whitespace-nowrap">
          <abbr
            title={t(`dashboard.services.languageNames.${language}`)}
            className="font-semibold uppercase no-underline"
          >
            {language}
          </abbr>{' '}
          <span lang={language}>{name}</span>
        </span>
      ))}
    </p>
  )
}
