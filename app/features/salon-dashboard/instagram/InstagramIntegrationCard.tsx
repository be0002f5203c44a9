import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import type { Salon } from '@common/schemas/salon'
import {
  Bot,
  CalendarCheck,
  Check,
  Inbox,
  Info,
  Link2,
  LogOut,
  RefreshCw,
  ShieldCheck,
  TriangleAlert,
} from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { InstagramGlyph } from './InstagramGlyph'
import { useInstagramConnect, useInstagramDisconnect } from './instagram-api'

const GAINS = [
  ['dms', Inbox],
  ['ai', Bot],
  ['bookings', CalendarCheck],
  ['control', ShieldCheck],
] as const

const HOW_IT_WORKS = ['autoReply', 'authorised', 'ownerControl', 'antiSpam'] as const

/**
 * Where the salon's account stands: this server has no Instagram app; not connected; connected; or
 * connected but refused by Meta since (a revoked or expired token), so the assistant is silent until
 * the owner connects again.
 */
export type InstagramCardState = 'unavailable' | 'notConnected' | 'connected' | 'reconnect'

export function instagramCardState(salon: Salon): InstagramCardState {
  if (salon.instagramConnected) return salon.instagram.reconnectRequired ? 'reconnect' : 'connected'
  return salon.instagram.available ? 'notConnected' : 'unavailable'
}

const NOT_CONFIGURED_ID = 'instagram-not-configured'

/**
 * The Instagram DM integration card (spec §2): the account's state and what to do about it, and how
 * the assistant behaves on Instagram. Connect and Reconnect both go through Meta's consent; the
 * disconnection asks first, since the customers' automatic answers stop with it.
 */
export function InstagramIntegrationCard({ salon }: { salon: Salon }) {
  const { t } = useTranslation()
  const state = instagramCardState(salon)
  const [confirming, setConfirming] = useState(false)
  const connect = useInstagramConnect(salon.salonId)
  const disconnect = useInstagramDisconnect(salon.salonId, () => setConfirming(false))
  // Still "Connecting…" once the address is known: the browser is leaving for Meta.
  const connecting = connect.isPending || connect.isSuccess
  const handle = salon.instagramUsername ? `@${salon.instagramUsername}` : t('dashboard.instagram.accountUnnamed')

  const connectButton = (
    <Button
      onClick={() => connect.mutate()}
      loading={connecting}
      disabled={!salon.instagram.available}
      aria-describedby={salon.instagram.available ? undefined : NOT_CONFIGURED_ID}
      className="w-full sm:w-auto sm:self-start"
    >
      {!connecting &&
        (state === 'reconnect' ? (
          <RefreshCw aria-hidden className="size-4" />
        ) : (
          <Link2 aria-hidden className="size-4" />
        ))}
      {connecting
        ? t('dashboard.instagram.connecting')
        : state === 'reconnect'
          ? t('dashboard.instagram.reconnect')
          : t('dashboard.instagram.connect')}
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
      {t('dashboard.instagram.disconnect')}
    </Button>
  )

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-2.5">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <InstagramGlyph className="size-5" />
            </span>
            {t('dashboard.instagram.title')}
          </CardTitle>
          <StateBadge state={state} />
        </div>
        <CardDescription>{t('dashboard.instagram.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {state === 'connected' || state === 'reconnect' ? (
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-line/80 p-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                <InstagramGlyph className="size-5" />
              </span>
              {/* At least 10rem for the handle: on a phone the button goes under it rather than cut it. */}
              <div className="min-w-0 flex-1 basis-40">
                <p className="text-xs text-ink-soft">{t('dashboard.instagram.account')}</p>
                <p className="break-words font-semibold">{handle}</p>
              </div>
              {disconnectButton}
            </div>
            {state === 'reconnect' && (
              <>
                <p className="flex items-start gap-2 rounded-2xl bg-warning-soft/70 p-4 text-sm leading-relaxed text-ink">
                  <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
                  {t('dashboard.instagram.reconnectText')}
                </p>
                {connectButton}
              </>
            )}
          </div>
        ) : (
          <>
            <div>
              <h4 className="text-sm font-semibold">{t('dashboard.instagram.gainsTitle')}</h4>
              <ul className="mt-3 flex flex-col gap-2.5">
                {GAINS.map(([key, Icon]) => (
                  <li key={key} className="flex items-center gap-3 text-sm">
                    <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-sand text-ink-soft">
                      <Icon aria-hidden className="size-4" />
                    </span>
                    {t(`dashboard.instagram.gains.${key}`)}
                  </li>
                ))}
              </ul>
            </div>
            {connectButton}
          </>
        )}
        {!salon.instagram.available && (
          <p id={NOT_CONFIGURED_ID} className="-mt-2 flex items-start gap-2 text-sm leading-relaxed text-ink-soft">
            <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {t('dashboard.instagram.notConfigured')}
          </p>
        )}
        <div className="rounded-2xl bg-info-soft/70 p-4">
          <h4 className="flex items-center gap-2 text-sm font-semibold text-info">
            <Info aria-hidden className="size-4" />
            {t('dashboard.instagram.infoTitle')}
          </h4>
          <ul className="mt-2.5 flex flex-col gap-1.5 text-sm leading-relaxed">
            {HOW_IT_WORKS.map((key) => (
              <li key={key} className="flex items-start gap-2">
                <Check aria-hidden className="mt-1 size-3.5 shrink-0 text-info" />
                {t(`dashboard.instagram.info.${key}`)}
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate()}
        pending={disconnect.isPending}
        title={t('dashboard.instagram.confirm.title')}
        description={t('dashboard.instagram.confirm.text', { account: handle })}
        submitLabel={t('dashboard.instagram.confirm.button')}
        pendingLabel={t('dashboard.instagram.confirm.pending')}
      />
    </Card>
  )
}

function StateBadge({ state }: { state: InstagramCardState }) {
  const { t } = useTranslation()
  if (state === 'connected') return <Badge tone="success">{t('dashboard.instagram.connected')}</Badge>
  if (state === 'reconnect') {
    return (
      <Badge tone="warning">
        <TriangleAlert aria-hidden className="size-3" />
        {t('dashboard.instagram.reconnectBadge')}
      </Badge>
    )
  }
  return <Badge>{t('dashboard.instagram.notConnected')}</Badge>
}
