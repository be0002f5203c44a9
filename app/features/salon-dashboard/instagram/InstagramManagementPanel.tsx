import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import type { Salon } from '@common/schemas/salon'
import { Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { InstagramStatTiles } from './InstagramStatTiles'
import { InstagramUsersList } from './InstagramUsersList'

/**
 * The Instagram DM Management panel (spec §2): until an account is connected, a prompt to connect
 * it first (nothing to read: the server has no customers without an account); then the four tiles
 * and the customers who wrote. The list stays while Meta asks for a reconnection: the owner still
 * decides who the assistant will answer once it is back.
 */
export function InstagramManagementPanel({ salon }: { salon: Salon }) {
  const { t } = useTranslation()
  if (!salon.instagramConnected) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t('dashboard.instagram.panelTitle')}</CardTitle>
          <CardDescription>{t('dashboard.instagram.panelDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-5 py-10 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-sand text-ink-soft">
              <Users aria-hidden className="size-6" />
            </span>
            <p className="font-medium">{t('dashboard.instagram.connectFirst')}</p>
            <p className="max-w-xs text-sm leading-relaxed text-ink-soft">
              {t('dashboard.instagram.connectFirstText')}
            </p>
          </div>
        </CardContent>
      </Card>
    )
  }
  return (
    <section aria-labelledby="instagram-panel-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id="instagram-panel-title" className="font-display text-xl font-semibold leading-tight">
          {t('dashboard.instagram.panelTitle')}
        </h3>
        <p className="text-sm leading-relaxed text-ink-soft">{t('dashboard.instagram.panelDescription')}</p>
      </div>
      <InstagramStatTiles salonId={salon.salonId} />
      <InstagramUsersList salonId={salon.salonId} pauseMinutes={salon.instagram.pauseMinutes} />
    </section>
  )
}
