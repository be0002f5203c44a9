import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { ApiError } from '@app/lib/api'
import { cn } from '@app/lib/cn'
import { formatMoney } from '@app/lib/format-intl'
import { currentLanguage } from '@app/lib/i18n'
import type { PaymentAccountCard, PaymentAccountState } from '@common/schemas/payments'
import {
  ArrowRight,
  CalendarX2,
  CircleCheck,
  CreditCard,
  ExternalLink,
  HandCoins,
  Info,
  Landmark,
  Link2,
  Loader2,
  LogOut,
  MessageCircle,
  TriangleAlert,
} from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, Skeleton } from '../overview/states'
import { missingTopics, useStripeAccount, useStripeDisconnect, useStripeOnboarding } from './stripe-api'

const GAINS = [
  ['ask', HandCoins],
  ['noShows', CalendarX2],
  ['ownAccount', Landmark],
  ['chatLink', MessageCircle],
] as const

const BADGE_TONES = {
  not_configured: 'neutral',
  not_connected: 'neutral',
  onboarding: 'warning',
  restricted: 'warning',
  ready: 'success',
} as const

/** What an administrator sets for payments (server configuration): named, never translated. */
const SERVER_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const

const FIGURES = ['deposits', 'refunded', 'kept', 'fees'] as const

/** Where the salon sees its own payments and payouts (a Standard account has Stripe's full dashboard). */
const STRIPE_DASHBOARD = 'https://dashboard.stripe.com/'

/**
 * The salon's own Stripe account (client-access area), which deposits and card guarantees are paid
 * to: not offered on this server; what it brings and "Connect Stripe"; onboarding still to finish,
 * with what Stripe waits for and "Continue on Stripe"; or ready, with the account and the last 30
 * days' money. Both buttons leave for Stripe's hosted pages, which send the owner back here: the
 * card then says so, scrolls into view and follows the account until it is ready. Disconnecting
 * asks first.
 */
export function StripeCard({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const titleId = useId()
  const { card, returned, checking } = useStripeAccount(salonId)
  const [confirming, setConfirming] = useState(false)
  const onboarding = useStripeOnboarding(salonId)
  const disconnect = useStripeDisconnect(salonId, () => setConfirming(false))
  // Still busy once the address is known: the browser is leaving for Stripe.
  const leaving = onboarding.isPending || onboarding.isSuccess
  const root = useScrollIntoViewOnReturn(returned && card.data !== undefined)

  // A server without the Stripe plug-in has no such route: no card.
  if (card.error instanceof ApiError && card.error.status === 404) return null

  const data = card.data
  const state = data?.state

  const onboardingButton = (label: string, Icon: typeof Link2) => (
    <Button onClick={() => onboarding.mutate()} loading={leaving} className="w-full sm:w-auto sm:self-start">
      {!leaving && <Icon aria-hidden className="size-4" />}
      {leaving ? t('paymentAccount.opening') : label}
    </Button>
  )

  return (
    <Card
      ref={root}
      role="region"
      aria-labelledby={titleId}
      className={cn('scroll-mt-24', state === 'not_configured' && 'bg-sand/40 shadow-none')}
    >
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle id={titleId} className="flex items-center gap-2.5">
            <span
              className={cn(
                'inline-flex size-9 shrink-0 items-center justify-center rounded-xl',
                state === 'not_configured' ? 'bg-sand text-ink-soft' : 'bg-primary-soft text-primary',
              )}
            >
              <CreditCard aria-hidden className="size-5" />
            </span>
            {t('paymentAccount.title')}
          </CardTitle>
          {state && <StateBadge state={state} />}
        </div>
        <CardDescription>{t('paymentAccount.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {card.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('dashboard.loading')}</span>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : card.isError || !data ? (
          <LoadError message={t('paymentAccount.loadFailed')} onRetry={() => void card.refetch()} />
        ) : (
          <>
            {returned && <BackFromStripe checking={checking} state={data.state} />}
            {data.state === 'not_configured' ? (
              <NotConfigured />
            ) : data.state === 'ready' ? (
              <Ready card={data} onDisconnect={() => setConfirming(true)} />
            ) : data.state === 'onboarding' || data.state === 'restricted' ? (
              <>
                <Incomplete state={data.state} missing={data.missing} />
                {onboardingButton(t('paymentAccount.continue'), ArrowRight)}
                <p className="-mt-2 text-sm leading-relaxed text-ink-soft">{t('paymentAccount.continueHint')}</p>
              </>
            ) : (
              <>
                <div>
                  <h4 className="text-sm font-semibold">{t('paymentAccount.gainsTitle')}</h4>
                  <ul className="mt-3 flex flex-col gap-2.5">
                    {GAINS.map(([key, Icon]) => (
                      <li key={key} className="flex items-start gap-3 text-sm leading-relaxed">
                        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-sand text-ink-soft">
                          <Icon aria-hidden className="size-4" />
                        </span>
                        <span className="min-w-0 self-center">{t(`paymentAccount.gains.${key}`)}</span>
                      </li>
                    ))}
                  </ul>
                </div>
                {onboardingButton(t('paymentAccount.connect'), Link2)}
                <p className="-mt-2 text-sm leading-relaxed text-ink-soft">{t('paymentAccount.connectHint')}</p>
              </>
            )}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate()}
        pending={disconnect.isPending}
        title={t('paymentAccount.confirm.title')}
        description={t('paymentAccount.confirm.text')}
        submitLabel={t('paymentAccount.confirm.button')}
        pendingLabel={t('paymentAccount.confirm.pending')}
      />
    </Card>
  )
}

/** No payments on this server: said plainly, with what its administrator would set, in small print. */
function NotConfigured() {
  const { t } = useTranslation()
  return (
    <div className="flex items-start gap-2 rounded-2xl bg-sand/70 p-4 text-sm">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-ink-soft" />
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="font-semibold">{t('paymentAccount.notConfigured.title')}</p>
        <p className="leading-relaxed text-ink-soft">{t('paymentAccount.notConfigured.text')}</p>
        <p className="text-xs leading-relaxed text-ink-soft">{t('paymentAccount.notConfigured.admin')}</p>
        {/* Each name whole on its line when it can be: cut only on a screen narrower than the name. */}
        <ul className="flex flex-wrap gap-1.5">
          {SERVER_VARIABLES.map((name) => (
            <li key={name} className="min-w-0">
              <code className="block break-all rounded bg-surface px-1.5 py-0.5 font-mono text-[0.7rem] text-ink">
                {name}
              </code>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/** Onboarding not finished, or finished but Stripe has not turned both charges and payouts on. */
function Incomplete({ state, missing }: { state: 'onboarding' | 'restricted'; missing: string[] }) {
  const { t } = useTranslation()
  const topics = missingTopics(missing)
  return (
    <>
      <div className="flex items-start gap-2 rounded-2xl bg-warning-soft/70 p-4 text-sm">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-semibold">{t('paymentAccount.incomplete.title')}</p>
          <p className="leading-relaxed">{t(`paymentAccount.incomplete.${state}`)}</p>
        </div>
      </div>
      {topics.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold">{t('paymentAccount.incomplete.missingTitle')}</h4>
          <ul className="mt-2 flex flex-col gap-1.5 text-sm leading-relaxed">
            {topics.map((topic) => (
              <li key={topic} className="flex items-start gap-2">
                <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-warning" />
                <span className="min-w-0">{t(`paymentAccount.missing.${topic}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        state === 'restricted' && (
          <p className="text-sm leading-relaxed text-ink-soft">{t('paymentAccount.incomplete.reviewing')}</p>
        )
      )}
    </>
  )
}

/** Ready: the account, its last 30 days, Stripe's own dashboard and the way out. */
function Ready({ card, onDisconnect }: { card: PaymentAccountCard; onDisconnect: () => void }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const { figures, currency } = card
  return (
    <>
      <div className="flex items-start gap-2 rounded-2xl bg-success-soft/60 p-4 text-sm">
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-semibold">{t('paymentAccount.ready.title')}</p>
          <p className="leading-relaxed text-ink-soft">{t('paymentAccount.ready.text')}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line/80 p-4">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Landmark aria-hidden className="size-5" />
        </span>
        {/* At least 10rem for the id: on a phone the button goes under it rather than squeeze it. */}
        <div className="min-w-0 flex-1 basis-40">
          <p className="text-xs text-ink-soft">{t('paymentAccount.ready.account')}</p>
          <p className="break-all font-mono text-xs">{card.accountId}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={onDisconnect}
          className="border-danger/30 text-danger hover:border-danger/50 hover:bg-danger-soft"
        >
          <LogOut aria-hidden className="size-4" />
          {t('paymentAccount.disconnect')}
        </Button>
      </div>
      {figures && currency && (
        <div className="border-t border-line pt-5">
          <h4 className="text-sm font-semibold">{t('paymentAccount.ready.figuresTitle')}</h4>
          <dl className="mt-3 grid gap-2 sm:grid-cols-2">
            {FIGURES.map((key) => (
              <div
                key={key}
                className="flex items-baseline justify-between gap-3 rounded-xl border border-line/70 px-3.5 py-2.5"
              >
                <dt className="min-w-0 text-sm leading-snug text-ink-soft">
                  {t(`paymentAccount.ready.figures.${key}`)}
                </dt>
                <dd className="font-semibold whitespace-nowrap tabular-nums">
                  {formatMoney(figures[key], currency, language)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <a
        href={STRIPE_DASHBOARD}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('paymentAccount.ready.dashboard')}
        <ExternalLink aria-hidden className="size-3.5" />
        <span className="sr-only">{t('paymentAccount.ready.newTab')}</span>
      </a>
    </>
  )
}

/** The note that greets the owner back from Stripe's pages while the account is read again, then how it stands. */
function BackFromStripe({ checking, state }: { checking: boolean; state: PaymentAccountState }) {
  const { t } = useTranslation()
  if (!checking && state !== 'ready' && state !== 'onboarding' && state !== 'restricted') return null
  return (
    <div role="status" className="flex items-start gap-3 rounded-2xl bg-info-soft/70 p-4">
      {checking ? (
        <Loader2 aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin text-info" />
      ) : (
        <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-info" />
      )}
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{t('paymentAccount.back.title')}</p>
        <p className="text-sm leading-relaxed text-ink-soft">
          {checking
            ? t('paymentAccount.back.checking')
            : state === 'ready'
              ? t('paymentAccount.back.ready')
              : t('paymentAccount.back.notYet')}
        </p>
      </div>
    </div>
  )
}

function StateBadge({ state }: { state: PaymentAccountState }) {
  const { t } = useTranslation()
  return (
    <Badge tone={BADGE_TONES[state] ?? 'neutral'}>
      {(state === 'onboarding' || state === 'restricted') && <TriangleAlert aria-hidden className="size-3" />}
      {t(`paymentAccount.badge.${state}`)}
    </Badge>
  )
}

/**
 * Back from Stripe, the dashboard opens at its top: the card is brought into view, under the sticky header, once it has
 * something to show (smoothly, unless the owner asked for less motion).
 */
function useScrollIntoViewOnReturn(show: boolean) {
  const root = useRef<HTMLDivElement>(null)
  const done = useRef(false)
  useEffect(() => {
    if (!show || done.current || !root.current) return
    done.current = true
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    // A block body: Chromium's scrollIntoView may return a promise, which React would take for a cleanup.
    root.current.scrollIntoView?.({ behavior: calm ? 'auto' : 'smooth', block: 'start' })
  }, [show])
  return root
}
