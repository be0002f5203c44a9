import { QrCode } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** The referral QR code drawn by the server (160 px), or its loading and failure states. */
export function ReferralQrImage({
  dataUrl,
  failed,
  referralCode,
}: {
  dataUrl: string | undefined
  failed: boolean
  referralCode: string
}) {
  const { t } = useTranslation()
  if (dataUrl) {
    return (
      <img
        src={dataUrl}
        alt={t('ambassador.qr.alt', { code: referralCode })}
        width={160}
        height={160}
        className="size-40"
      />
    )
  }
  if (failed) return <QrCode aria-hidden className="size-8 text-ink-soft" />
  return (
    <span role="status" className="block size-28 animate-pulse rounded-lg bg-sand-deep/60">
      <span className="sr-only">{t('ambassador.kit.qrLoading')}</span>
    </span>
  )
}
