import { Button } from '@app/components/ui/Button'
import { kitPdfUrl, referralLink, useReferralQrCode } from '@app/features/ambassador/ambassador-api'
import { KitFaq, KitPitch, KitSteps, KitSupport } from '@app/features/ambassador/kit/kit-content'
import { ReferralQrImage } from '@app/features/ambassador/kit/ReferralQrImage'
import { useSignedInAmbassador } from '@app/features/ambassador/session'
import { currentLanguage } from '@app/lib/i18n'
import { usePageTitle } from '@app/lib/page-title'
import { ArrowLeft, FileText, Loader2, Printer } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'

/**
 * Spec §9: A4 with 1 cm margins, on white paper. Only while this page is shown, so no other page
 * prints this way.
 */
const PRINT_PAGE = '@page { size: A4; margin: 1cm; } @media print { html, body { background: #fff; } }'

/**
 * The printable kit (spec §2): the ambassador's QR code and code, the 7 steps, the pitch, the FAQ
 * and the support contact, with buttons (not printed) back to the dashboard, to print and for the
 * PDF. Signed out, it goes back to /ambassador.
 */
export default function AmbassadorKitPage() {
  const { t } = useTranslation()
  usePageTitle(t('ambassador.kitPage.title'))
  const dashboard = useSignedInAmbassador()

  if (!dashboard) {
    return (
      <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-ink-soft">
        <Loader2 aria-hidden className="size-7 animate-spin text-primary" />
        <p>{t('ambassador.kitPage.loading')}</p>
      </div>
    )
  }
  const { ambassador } = dashboard

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 md:py-12 print:max-w-none print:p-0 print:text-[10.5pt]">
      <style>{PRINT_PAGE}</style>
      <div className="mb-8 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center print:hidden">
        <Button asChild variant="ghost" className="self-start sm:mr-auto">
          <Link href="/ambassador/dashboard">
            <ArrowLeft aria-hidden className="size-4" />
            {t('ambassador.kitPage.back')}
          </Link>
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          {t('ambassador.kitPage.print')}
        </Button>
        <Button asChild>
          <a href={kitPdfUrl(currentLanguage())} target="_blank" rel="noopener">
            <FileText aria-hidden className="size-4" />
            {t('ambassador.kit.downloadPdf')}
            <span className="sr-only"> ({t('ambassador.newTab')})</span>
          </a>
        </Button>
      </div>

      <article className="flex flex-col gap-10 print:gap-5">
        <header className="flex flex-col gap-6 border-b border-line pb-8 sm:flex-row sm:items-center sm:justify-between print:flex-row print:items-center print:justify-between print:pb-4">
          <div className="min-w-0">
            <p className="text-sm font-semibold uppercase tracking-[0.14em] text-primary">Salonia</p>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl print:text-2xl">
              {t('ambassador.kitContent.title')}
            </h1>
            <p className="mt-3 max-w-xl leading-relaxed text-ink-soft">{t('ambassador.kitContent.intro')}</p>
            <p className="mt-3 text-sm font-medium">{t('ambassador.kitPage.preparedFor', { name: ambassador.name })}</p>
          </div>
          <ReferralQr referralCode={ambassador.referralCode} />
        </header>
        <KitSteps headingAs="h2" />
        <KitPitch headingAs="h2" />
        <KitFaq headingAs="h2" expanded />
        <KitSupport headingAs="h2" />
      </article>
    </div>
  )
}

/** The ambassador's QR code (drawn by the server), code and link: what a salon scans or types. */
function ReferralQr({ referralCode }: { referralCode: string }) {
  const { t } = useTranslation()
  const qr = useReferralQrCode()
  const link = qr.data?.referralLink ?? referralLink(referralCode)
  return (
    <figure className="flex shrink-0 flex-col items-center gap-2 rounded-2xl border border-line bg-surface p-4 text-center break-inside-avoid sm:w-56 print:w-56">
      <div className="flex size-40 items-center justify-center">
        <ReferralQrImage dataUrl={qr.data?.qrCodeDataUrl} failed={qr.isError} referralCode={referralCode} />
      </div>
      <figcaption className="flex flex-col gap-1">
        <span className="text-xs text-ink-soft">{t('ambassador.kitContent.codeLabel')}</span>
        <span className="font-mono text-lg font-semibold tracking-wider">{referralCode}</span>
        <span className="text-xs text-ink-soft">{t('ambassador.kitContent.linkLabel')}</span>
        <span className="font-mono text-xs break-all">{link}</span>
      </figcaption>
    </figure>
  )
}
