import { Badge, type BadgeTone } from '@app/components/ui/Badge'
import { useLanguage } from '@app/lib/i18n'
import { LANGUAGES } from '@common/languages'
import { WHATSAPP_TEMPLATE_PURPOSES, type WhatsAppCard, type WhatsAppTemplateStatus } from '@common/schemas/whatsapp'
import { Gauge, Info, Send } from 'lucide-react'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { WhatsAppGlyph } from './WhatsAppGlyph'

type WhatsAppNumber = NonNullable<WhatsAppCard['number']>

const QUALITY_TONES: Record<string, BadgeTone> = { GREEN: 'success', YELLOW: 'warning', RED: 'danger' }

const TEMPLATE_TONES: Record<WhatsAppTemplateStatus, BadgeTone> = {
  NOT_CREATED: 'neutral',
  PENDING: 'info',
  IN_APPEAL: 'info',
  APPROVED: 'success',
  PAUSED: 'warning',
  FLAGGED: 'warning',
  REJECTED: 'danger',
  DISABLED: 'danger',
}

/** Meta's messaging limit tier as a number of customers a day (TIER_1K → 1000), or "unlimited". */
export function dailyLimit(tier: string | null): number | 'unlimited' | undefined {
  if (tier === 'TIER_UNLIMITED') return 'unlimited'
  const match = tier ? /^TIER_(\d+)(K?)$/.exec(tier) : null
  if (!match) return undefined
  return Number(match[1]) * (match[2] ? 1000 : 1)
}

/** The salon's number and the name WhatsApp shows with it, beside an action (disconnect). */
export function NumberSummary({ number, action }: { number: WhatsAppCard['number']; action?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line/80 p-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
        <WhatsAppGlyph className="size-5" />
      </span>
      {/* At least 10rem for the number: on a phone the button goes under it rather than cut it. */}
      <div className="min-w-0 flex-1 basis-40">
        <p className="text-xs text-ink-soft">{t('dashboard.whatsapp.number')}</p>
        <p className="break-words font-semibold tabular-nums">
          {number?.display ?? t('dashboard.whatsapp.numberPending')}
        </p>
        {number?.verifiedName && <p className="break-words text-sm text-ink-soft">{number.verifiedName}</p>}
      </div>
      {action}
    </div>
  )
}

/** Meta's quality rating of the number and how many customers it may write to first each day. */
export function QualityAndLimit({ number }: { number: WhatsAppNumber }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const quality = number.quality ?? 'UNKNOWN'
  const limit = dailyLimit(number.messagingLimit)
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-2 rounded-2xl bg-sand/60 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Gauge aria-hidden className="size-4 text-ink-soft" />
          {t('dashboard.whatsapp.quality.label')}
        </p>
        <Badge tone={QUALITY_TONES[quality] ?? 'neutral'} className="self-start">
          {t(`dashboard.whatsapp.quality.${quality}`)}
        </Badge>
        <p className="text-xs leading-relaxed text-ink-soft">{t('dashboard.whatsapp.quality.hint')}</p>
      </div>
      <div className="flex flex-col gap-2 rounded-2xl bg-sand/60 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Send aria-hidden className="size-4 text-ink-soft" />
          {t('dashboard.whatsapp.limit.label')}
        </p>
        <p className="text-sm font-medium">
          {limit === undefined
            ? t('dashboard.whatsapp.limit.unknown')
            : limit === 'unlimited'
              ? t('dashboard.whatsapp.limit.unlimited')
              : t('dashboard.whatsapp.limit.perDay', { limit: new Intl.NumberFormat(language).format(limit) })}
        </p>
        <p className="text-xs leading-relaxed text-ink-soft">{t('dashboard.whatsapp.limit.hint')}</p>
      </div>
    </div>
  )
}

/**
 * Where Meta's review of the two templates stands, in each language: until one is approved,
 * the reminders it carries go by the next channel once WhatsApp's 24 hours are over.
 */
export function TemplatesApproval({ templates }: { templates: WhatsAppCard['templates'] }) {
  const { t } = useTranslation()
  return (
    <section className="flex flex-col gap-3">
      <h4 className="text-sm font-semibold">{t('dashboard.whatsapp.templates.title')}</h4>
      <ul className="flex flex-col gap-3">
        {WHATSAPP_TEMPLATE_PURPOSES.map((purpose) => (
          <li key={purpose} className="flex flex-col gap-2">
            <p className="text-sm text-ink-soft">{t(`dashboard.whatsapp.templates.purpose.${purpose}`)}</p>
            {/* One language a line on a phone, two side by side from 640 px. */}
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1.5 sm:grid-cols-[auto_1fr_auto_1fr]">
              {LANGUAGES.map((language) => {
                const status =
                  templates.find((each) => each.purpose === purpose && each.language === language)?.status ??
                  'NOT_CREATED'
                return (
                  <Fragment key={language}>
                    <dt className="text-xs font-semibold uppercase text-ink-soft">
                      <span aria-hidden>{language}</span>
                      <span className="sr-only">{t(`dashboard.services.languageNames.${language}`)}</span>
                    </dt>
                    <dd className="justify-self-start">
                      <Badge tone={TEMPLATE_TONES[status] ?? 'neutral'}>
                        {t(`dashboard.whatsapp.templates.status.${status}`)}
                      </Badge>
                    </dd>
                  </Fragment>
                )
              })}
            </dl>
          </li>
        ))}
      </ul>
      <p className="flex items-start gap-2 text-xs leading-relaxed text-ink-soft">
        <Info aria-hidden className="mt-0.5 size-3.5 shrink-0 text-info" />
        {t('dashboard.whatsapp.templates.note')}
      </p>
    </section>
  )
}

const DELIVERY = ['sent', 'delivered', 'read', 'failed'] as const

/** The messages of the last 7 days, by what WhatsApp last said of them. */
export function DeliveryFigures({ delivery }: { delivery: WhatsAppCard['delivery'] }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const format = new Intl.NumberFormat(language)
  return (
    <section className="flex flex-col gap-3">
      <h4 className="text-sm font-semibold">{t('dashboard.whatsapp.delivery.title')}</h4>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {DELIVERY.map((key) => (
          <div key={key} className="flex flex-col gap-1 rounded-2xl bg-sand/60 px-4 py-3">
            <dt className="text-xs text-ink-soft">{t(`dashboard.whatsapp.delivery.${key}`)}</dt>
            <dd
              className={
                key === 'failed' && delivery.failed > 0
                  ? 'font-display text-2xl font-semibold tabular-nums leading-none text-danger'
                  : 'font-display text-2xl font-semibold tabular-nums leading-none'
              }
            >
              {format.format(delivery[key])}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
