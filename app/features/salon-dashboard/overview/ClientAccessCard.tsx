import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import type { salonHashSchema } from '@common/schemas/salon'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { salonKeys } from '../dashboard-api'
import { AccessLink } from './AccessLink'

/**
 * The customers' ways in: the secure chat link and, when the platform has a Telegram bot, the
 * salon's Telegram link — each with a copy button and its QR code to print or share.
 */
export function ClientAccessCard({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  // Spec §8: if the hash cannot be read the link simply stays at "Chargement...".
  const access = useQuery<z.infer<typeof salonHashSchema>>({ queryKey: salonKeys.hash(salonId) })
  const link = access.data ? `${window.location.origin}/chat/${access.data.hash}` : undefined
  const telegramLink = access.data?.telegramLink

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.access.title')}</CardTitle>
        <CardDescription>
          {telegramLink ? t('dashboard.access.descriptionWithTelegram') : t('dashboard.access.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <AccessLink
          link={link}
          qrFileName={`QR-${salonId}.png`}
          texts={{
            label: t('dashboard.access.linkLabel'),
            copy: t('dashboard.access.copy'),
            open: t('dashboard.access.open'),
            qrAlt: t('dashboard.access.qrAlt'),
            qrText: t('dashboard.access.qrText'),
          }}
        />
        {telegramLink && (
          <div className="border-t border-line pt-5">
            <AccessLink
              link={telegramLink}
              qrFileName={`QR-${salonId}-telegram.png`}
              texts={{
                label: t('dashboard.access.telegramLabel'),
                copy: t('dashboard.access.telegramCopy'),
                open: t('dashboard.access.telegramOpen'),
                qrAlt: t('dashboard.access.telegramQrAlt'),
                qrText: t('dashboard.access.telegramQrText'),
              }}
            />
          </div>
        )}
      </CardContent>
    </Card>
  )
}
