import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { toast } from '@app/components/ui/toast-store'
import { ApiError } from '@app/lib/api'
import type { WhatsAppCard as WhatsAppCardData, WhatsAppCardState } from '@common/schemas/whatsapp'
import {
  CalendarClock,
  CircleAlert,
  Clock,
  Hand,
  Info,
  Link2,
  Loader2,
  LogOut,
  MessagesSquare,
  RefreshCw,
  RotateCcw,
  TriangleAlert,
} from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AccessLink } from '../overview/AccessLink'
import { LoadError, Skeleton } from '../overview/states'
import { openSignupWindow } from './embedded-signup'
import { WhatsAppGlyph } from './WhatsAppGlyph'
import { DeliveryFigures, NumberSummary, QualityAndLimit, TemplatesApproval } from './WhatsAppNumberDetails'
import { connectErrorText, useWhatsAppCard, useWhatsAppConnect, useWhatsAppDisconnect } from './whatsapp-api'

const GAINS = [
  ['customers', MessagesSquare],
  ['assistant', Clock],
  ['reminders', CalendarClock],
  ['handOver', Hand],
] as const

const BADGE_TONES = {
  not_configured: 'neutral',
  not_connected: 'neutral',
  connecting: 'info',
  connected: 'success',
  failed: 'danger',
  reconnect: 'warning',
} as const

/**
 * The salon's own WhatsApp number (client-access area): what it brings and "Connect WhatsApp"
 * (Meta's Embedded Signup in a popup), the setting up, then the number with its quality, its
 * daily limit, its link and QR code, the templates' review and the week's messages; or why it
 * failed, or that Meta wants it connected again. Disconnecting asks first.
 */
export function WhatsAppCard({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const card = useWhatsAppCard(salonId)
  const [confirming, setConfirming] = useState(false)
  const connect = useWhatsAppConnect(salonId)
  const disconnect = useWhatsAppDisconnect(salonId, () => setConfirming(false))
  useSetupOutcomeToasts(card.data)

  // A server without the WhatsApp plug-in has no such route: no card.
  if (card.error instanceof ApiError && card.error.status === 404) return null

  const state = card.data?.state
  const number = card.data?.number ?? null
  // No-break spaces: a number is read whole, never cut across two lines.
  const numberText = number?.display?.replace(/ /g, '\u00a0') ?? t('dashboard.whatsapp.thisNumber')

  const startSignup = () => {
    const signup = card.data?.signup
    if (!signup) return
    // Opened in the click itself: once anything has been awaited, the browser's popup blocker refuses it.
    const popup = openSignupWindow()
    connect.mutate({ popup, metaOrigin: signup.messageOrigin })
  }

  const connectButton = (label: string, Icon: typeof Link2) => (
    <Button
      onClick={startSignup}
      loading={connect.isPending}
      disabled={!card.data?.signup}
      className="w-full sm:w-auto sm:self-start"
    >
      {!connect.isPending && <Icon aria-hidden className="size-4" />}
      {connect.isPending ? t('dashboard.whatsapp.waiting') : label}
    </Button>
  )
  const disconnectButton = (
    <Button
      variant="outline"
      size="sm"
      onClick={() => setConfirming(true)}
      className="border-danger/30 text-danger hover:border-danger/50 hover:bg-danger-soft"
    >
      <LogOut aria-hidden className="size-4" />
      {t('dashboard.whatsapp.disconnect')}
    </Button>
  )
  const waitingHint = connect.isPending && (
    <p role="status" className="-mt-2 text-sm leading-relaxed text-ink-soft">
      {t('dashboard.whatsapp.waitingHint')}
    </p>
  )

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-2.5">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <WhatsAppGlyph className="size-5" />
            </span>
            {t('dashboard.whatsapp.title')}
          </CardTitle>
          {state && <StateBadge state={state} />}
        </div>
        <CardDescription>{t('dashboard.whatsapp.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {card.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('dashboard.loading')}</span>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : card.isError ? (
          <LoadError message={t('dashboard.whatsapp.loadFailed')} onRetry={() => void card.refetch()} />
        ) : state === 'not_configured' ? (
          <p className="flex items-start gap-2 rounded-2xl bg-info-soft/70 p-4 text-sm leading-relaxed">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-info" />
            {t('dashboard.whatsapp.notConfigured')}
          </p>
        ) : state === 'connecting' ? (
          <div role="status" className="flex items-start gap-3 rounded-2xl bg-info-soft/70 p-4">
            <Loader2 aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin text-info" />
            <div className="flex flex-col gap-1">
              <p className="font-semibold">{t('dashboard.whatsapp.connecting')}</p>
              <p className="text-sm leading-relaxed text-ink-soft">{t('dashboard.whatsapp.connectingText')}</p>
            </div>
          </div>
        ) : state === 'connected' && card.data ? (
          <Connected salonId={salonId} card={card.data} disconnectButton={disconnectButton} />
        ) : state === 'failed' ? (
          <>
            <div role="alert" className="flex items-start gap-2 rounded-2xl bg-danger-soft/60 p-4 text-sm">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
              <div className="flex flex-col gap-1">
                <p className="font-semibold">{t('dashboard.whatsapp.failedTitle')}</p>
                <p className="leading-relaxed">{connectErrorText(t, card.data?.error ?? null)}</p>
              </div>
            </div>
            {connectButton(t('dashboard.whatsapp.tryAgain'), RotateCcw)}
            {waitingHint}
          </>
        ) : state === 'reconnect' ? (
          <>
            <NumberSummary number={number} action={disconnectButton} />
            <p className="flex items-start gap-2 rounded-2xl bg-warning-soft/70 p-4 text-sm leading-relaxed text-ink">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              {t('dashboard.whatsapp.reconnectText')}
            </p>
            {connectButton(t('dashboard.whatsapp.reconnect'), RefreshCw)}
            {waitingHint}
          </>
        ) : (
          <>
            <div>
              <h4 className="text-sm font-semibold">{t('dashboard.whatsapp.gainsTitle')}</h4>
              <ul className="mt-3 flex flex-col gap-2.5">
                {GAINS.map(([key, Icon]) => (
                  <li key={key} className="flex items-start gap-3 text-sm leading-relaxed">
                    <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-sand text-ink-soft">
                      <Icon aria-hidden className="size-4" />
                    </span>
                    <span className="self-center">{t(`dashboard.whatsapp.gains.${key}`)}</span>
                  </li>
                ))}
              </ul>
            </div>
            {connectButton(t('dashboard.whatsapp.connect'), Link2)}
            {connect.isPending ? (
              waitingHint
            ) : (
              <p className="-mt-2 text-sm leading-relaxed text-ink-soft">{t('dashboard.whatsapp.connectHint')}</p>
            )}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate()}
        pending={disconnect.isPending}
        title={t('dashboard.whatsapp.confirm.title')}
        description={t('dashboard.whatsapp.confirm.text', { number: numberText })}
        submitLabel={t('dashboard.whatsapp.confirm.button')}
        pendingLabel={t('dashboard.whatsapp.confirm.pending')}
      />
    </Card>
  )
}

/** A connected number: who it is, how Meta rates it, its link, its templates and its week. */
function Connected({
  salonId,
  card,
  disconnectButton,
}: {
  salonId: string
  card: WhatsAppCardData
  disconnectButton: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <>
      <NumberSummary number={card.number} action={disconnectButton} />
      {card.number && <QualityAndLimit number={card.number} />}
      {card.number?.waLink && (
        <div className="border-t border-line pt-5">
          <AccessLink
            link={card.number.waLink}
            qrFileName={`QR-${salonId}-whatsapp.png`}
            texts={{
              label: t('dashboard.whatsapp.link.label'),
              copy: t('dashboard.whatsapp.link.copy'),
              open: t('dashboard.whatsapp.link.open'),
              qrAlt: t('dashboard.whatsapp.link.qrAlt'),
              qrText: t('dashboard.whatsapp.link.qrText'),
            }}
          />
        </div>
      )}
      <div className="border-t border-line pt-5">
        <TemplatesApproval templates={card.templates} />
      </div>
      <div className="border-t border-line pt-5">
        <DeliveryFigures delivery={card.delivery} />
      </div>
    </>
  )
}

function StateBadge({ state }: { state: WhatsAppCardState }) {
  const { t } = useTranslation()
  return (
    <Badge tone={BADGE_TONES[state] ?? 'neutral'}>
      {state === 'reconnect' && <TriangleAlert aria-hidden className="size-3" />}
      {t(`dashboard.whatsapp.badge.${state}`)}
    </Badge>
  )
}

/**
 * Says how the setting up ended when the card, polled while "connecting", turns to connected or
 * failed: the owner may be looking at another card by then.
 */
function useSetupOutcomeToasts(card: WhatsAppCardData | undefined) {
  const { t } = useTranslation()
  const previous = useRef<WhatsAppCardState | undefined>(undefined)
  const state = card?.state
  const error = card?.error ?? null
  useEffect(() => {
    if (previous.current === 'connecting' && state === 'connected') {
      toast({
        title: t('dashboard.whatsapp.toasts.connected'),
        description: t('dashboard.whatsapp.toasts.connectedText'),
        tone: 'success',
      })
    } else if (previous.current === 'connecting' && state === 'failed') {
      toast({
        title: t('dashboard.whatsapp.toasts.connectFailed'),
        description: connectErrorText(t, error),
        tone: 'destructive',
      })
    }
    if (state) previous.current = state
  }, [state, error, t])
}
