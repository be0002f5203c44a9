import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { currentLanguage } from '@app/lib/i18n'
import type { Language } from '@common/languages'
import type { PaymentFigures as Figures } from '@common/schemas/payments'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '../dashboard-api'
import { usePaymentFigures, usePaymentPolicies } from '../services/payment-policy-api'
import { LoadError } from './states'

const AMOUNTS = [
  { key: 'depositsMinor', label: 'paymentPolicy.figures.deposits' },
  { key: 'refundedMinor', label: 'paymentPolicy.figures.refunded' },
  { key: 'keptMinor', label: 'paymentPolicy.figures.kept' },
  { key: 'feesMinor', label: 'paymentPolicy.figures.fees' },
] as const

/** A language's locale for Intl: English as written in Britain, like the dashboard's prices. */
const localeOf = (language: Language) => (language === 'en' ? 'en-GB' : language)

/**
 * The money of the last 30 days: deposits taken, refunded and kept, fees charged on saved cards,
 * and how often customers did not come before the first booking that asked for money and since.
 * Nothing at all for a salon payments do not concern (a server without them, and nothing ever
 * moved); nothing either while either answer is on its way, so the overview does not jump.
 */
export function PaymentFigures({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const policies = usePaymentPolicies(salonId)
  const figures = usePaymentFigures(salonId)
  if (!policies.data) return null
  const notConfigured = policies.data.readiness === 'not_configured'
  if (figures.isPending) return null
  if (figures.isError) {
    return notConfigured ? null : (
      <LoadError message={t('paymentPolicy.figures.loadFailed')} onRetry={() => void figures.refetch()} />
    )
  }
  const data = figures.data
  const nothingMoved = AMOUNTS.every(({ key }) => data[key] === 0)
  if (notConfigured && nothingMoved) return null

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('paymentPolicy.figures.title')}</CardTitle>
        <CardDescription>{t('paymentPolicy.figures.description', { days: data.days })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* A phone: one line per amount, its label at the left; wider: tiles. */}
        <dl className="grid gap-2 sm:grid-cols-2 sm:gap-3 lg:grid-cols-4">
          {AMOUNTS.map(({ key, label }) => (
            <div
              key={key}
              className="flex items-baseline justify-between gap-3 rounded-xl border border-line/70 px-3.5 py-2.5 sm:flex-col sm:items-start sm:justify-start sm:gap-1 sm:p-4"
            >
              <dt className="min-w-0 text-sm leading-snug text-ink-soft">{t(label)}</dt>
              <dd className="font-display text-lg font-semibold whitespace-nowrap tabular-nums sm:text-2xl">
                {formatPrice(data[key], data.currency, language)}
              </dd>
            </div>
          ))}
        </dl>
        {nothingMoved && <p className="text-sm text-ink-soft">{t('paymentPolicy.figures.nothingMoved')}</p>}
        <NoShowComparison rate={data.noShowRate} language={language} />
      </CardContent>
    </Card>
  )
}

/** The no-show rate over as many days before the first booking that asked for money as since. */
function NoShowComparison({ rate, language }: { rate: Figures['noShowRate']; language: Language }) {
  const { t } = useTranslation()
  if (!rate.since) {
    return (
      <p className="rounded-xl bg-sand/60 px-3.5 py-3 text-sm text-ink-soft">
        {t('paymentPolicy.figures.noShow.notYet')}
      </p>
    )
  }
  const date = new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(rate.since),
  )
  const percent = new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 1 })
  const periods = [
    { key: 'before', value: rate.before, label: t('paymentPolicy.figures.noShow.before') },
    { key: 'after', value: rate.after, label: t('paymentPolicy.figures.noShow.after') },
  ] as const
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-sand/60 px-3.5 py-3 text-sm">
      <p className="font-medium">{t('paymentPolicy.figures.noShow.title', { date })}</p>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        {periods.map(({ key, value, label }) => (
          <div key={key} className="flex items-baseline gap-2">
            <dt className="text-ink-soft">{label}</dt>
            <dd className="font-display text-lg font-semibold tabular-nums">
              {value === null ? (
                <>
                  <span aria-hidden>—</span>
                  <span className="sr-only">{t('paymentPolicy.figures.noShow.noData')}</span>
                </>
              ) : (
                percent.format(value / 100)
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-ink-soft">
        {rate.before === null && rate.after === null
          ? t('paymentPolicy.figures.noShow.bothEmpty')
          : rate.before === null
            ? t('paymentPolicy.figures.noShow.beforeEmpty')
            : rate.after === null
              ? t('paymentPolicy.figures.noShow.afterEmpty')
              : t('paymentPolicy.figures.noShow.explanation')}
      </p>
    </div>
  )
}
