import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { currentLanguage } from '@app/lib/i18n'
import {
  BookOpen,
  Download,
  ExternalLink,
  FileText,
  Image,
  Mail,
  MessageCircle,
  Presentation,
  Printer,
  Video,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DEMO_CHAT_URL, kitPdfUrl, SUPPORT_EMAIL, useReferralQrCode } from '../ambassador-api'
import { qrFileName } from '../dashboard/OverviewTab'
import { KitFaq, KitPitch, KitSteps } from './kit-content'
import { printQrCode } from './print-qr'
import { ReferralQrImage } from './ReferralQrImage'

/** Spec §2, Kit tab: the printable kit and its PDF, the QR code, the steps, pitch, demos, FAQ, resources. */
export function KitTab({ referralCode }: { referralCode: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{t('ambassador.kit.title')}</CardTitle>
          <CardDescription>{t('ambassador.kit.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild>
            <a href="/ambassador-kit" target="_blank" rel="noopener">
              <BookOpen aria-hidden className="size-4" />
              {t('ambassador.kit.openKit')}
              <NewTab />
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={kitPdfUrl(currentLanguage())} target="_blank" rel="noopener">
              <FileText aria-hidden className="size-4" />
              {t('ambassador.kit.downloadPdf')}
              <NewTab />
            </a>
          </Button>
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-8">
          <KitSteps />
          <KitPitch />
          <KitFaq />
        </div>
        <div className="flex flex-col gap-6">
          <QrCodeCard referralCode={referralCode} />
          <DemoCard />
          <ResourcesCard />
        </div>
      </div>
    </div>
  )
}

/** Said to screen readers, shown as an icon: the link opens a new tab. */
function NewTab() {
  const { t } = useTranslation()
  return (
    <>
      <ExternalLink aria-hidden className="size-3.5 opacity-70" />
      <span className="sr-only"> ({t('ambassador.newTab')})</span>
    </>
  )
}

function QrCodeCard({ referralCode }: { referralCode: string }) {
  const { t } = useTranslation()
  const qr = useReferralQrCode()
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('ambassador.kit.qrTitle')}</CardTitle>
        <CardDescription>{t('ambassador.kit.qrDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4">
        <div className="flex size-40 items-center justify-center overflow-hidden rounded-xl bg-white ring-1 ring-line">
          <ReferralQrImage dataUrl={qr.data?.qrCodeDataUrl} failed={qr.isError} referralCode={referralCode} />
        </div>
        {qr.isError && (
          <p role="alert" className="text-center text-sm text-danger">
            {t('ambassador.qr.failed')}
          </p>
        )}
        <p className="font-mono text-sm font-semibold tracking-wide">{referralCode}</p>
        <div className="grid w-full grid-cols-2 gap-2">
          {qr.data ? (
            <Button asChild variant="outline" size="sm">
              <a href={qr.data.qrCodeDataUrl} download={qrFileName(referralCode)}>
                <Download aria-hidden className="size-4" />
                {t('ambassador.qr.download')}
              </a>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              <Download aria-hidden className="size-4" />
              {t('ambassador.qr.download')}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={!qr.data}
            onClick={() =>
              qr.data &&
              void printQrCode({
                image: qr.data.qrCodeDataUrl,
                caption: qr.data.referralLink,
                title: t('ambassador.qr.alt', { code: referralCode }),
              })
            }
          >
            <Printer aria-hidden className="size-4" />
            {t('ambassador.qr.print')}
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}

function DemoCard() {
  const { t } = useTranslation()
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('ambassador.kit.demoTitle')}</CardTitle>
        <CardDescription>{t('ambassador.kit.demoDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Button asChild>
          <a href={DEMO_CHAT_URL} target="_blank" rel="noopener">
            <MessageCircle aria-hidden className="size-4" />
            {t('ambassador.kit.demoChat')}
            <NewTab />
          </a>
        </Button>
        <Button variant="outline" disabled>
          <Video aria-hidden className="size-4" />
          {t('ambassador.kit.demoVideo')}
          <Soon />
        </Button>
      </CardContent>
    </Card>
  )
}

function Soon() {
  const { t } = useTranslation()
  return (
    <Badge tone="neutral" className="ml-1">
      {t('ambassador.kit.soon')}
    </Badge>
  )
}

function ResourcesCard() {
  const { t } = useTranslation()
  const soon: [string, ReactNode][] = [
    ['ambassador.kit.resources.brochure', <FileText key="brochure" aria-hidden className="size-4" />],
    ['ambassador.kit.resources.poster', <Image key="poster" aria-hidden className="size-4" />],
    ['ambassador.kit.resources.presentation', <Presentation key="presentation" aria-hidden className="size-4" />],
  ]
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('ambassador.kit.resourcesTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-1">
          {soon.map(([label, icon]) => (
            <li key={label}>
              <Button variant="ghost" size="sm" disabled className="w-full justify-start">
                {icon}
                {t(label)}
                <Soon />
              </Button>
            </li>
          ))}
          <li>
            <Button asChild variant="ghost" size="sm" className="w-full justify-start text-primary">
              <a href={`mailto:${SUPPORT_EMAIL}`}>
                <Mail aria-hidden className="size-4" />
                {t('ambassador.kit.resources.support')}
              </a>
            </Button>
          </li>
        </ul>
      </CardContent>
    </Card>
  )
}
