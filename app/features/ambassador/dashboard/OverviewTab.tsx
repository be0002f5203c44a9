import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { fieldClasses, Label } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { apiRequest } from '@app/lib/api'
import { cn } from '@app/lib/cn'
import { type Ambassador, qrCodePostResultSchema } from '@common/schemas/ambassador'
import { useMutation } from '@tanstack/react-query'
import { Copy, Download, QrCode } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText, referralLink } from '../ambassador-api'
import { ActiveBadge } from './DashboardHeader'

/** Spec §2, Overview: who the ambassador is, and the referral link with its QR code. */
export function OverviewTab({ ambassador }: { ambassador: Ambassador }) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <AccountCard ambassador={ambassador} />
      <ReferralLinkCard referralCode={ambassador.referralCode} />
    </div>
  )
}

function AccountCard({ ambassador }: { ambassador: Ambassador }) {
  const { t } = useTranslation()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('ambassador.account.title')}</CardTitle>
        <CardDescription>{t('ambassador.account.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col divide-y divide-line/70">
          <Row label={t('ambassador.account.name')}>{ambassador.name}</Row>
          <Row label={t('ambassador.account.email')}>
            <span className="text-sm [overflow-wrap:anywhere] sm:text-base">{ambassador.email}</span>
          </Row>
          <Row label={t('ambassador.account.code')}>
            <span className="font-mono font-semibold tracking-wide">{ambassador.referralCode}</span>
          </Row>
          <Row label={t('ambassador.account.status')}>
            <ActiveBadge active={ambassador.isActive} />
          </Row>
        </dl>
      </CardContent>
    </Card>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="shrink-0 text-sm text-ink-soft">{label}</dt>
      <dd className="min-w-0 font-medium sm:text-right">{children}</dd>
    </div>
  )
}

/** Copies a text, with spec §8's 'Copié' toast; when refused, selects the field to copy by hand. */
export function useCopy() {
  const { t } = useTranslation()
  return async (text: string, fieldId: string) => {
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: t('ambassador.link.copied'), description: t('ambassador.link.copiedText'), tone: 'success' })
    } catch {
      const field = document.getElementById(fieldId)
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.select()
      toast({
        title: t('ambassador.link.copyFailed'),
        description: t('ambassador.link.copyFailedText'),
        tone: 'destructive',
      })
    }
  }
}

/**
 * The referral link (the site's address + /waitlist?ref=CODE) with 'Copier le lien', and
 * 'Générer QR Code', which asks the server to draw it (a PNG data URL) and shows it here.
 */
function ReferralLinkCard({ referralCode }: { referralCode: string }) {
  const { t } = useTranslation()
  const linkId = useId()
  const link = referralLink(referralCode)
  const copy = useCopy()
  const generate = useMutation({
    mutationFn: async () =>
      qrCodePostResultSchema.parse(await (await apiRequest('POST', '/api/ambassador/qrcode', { referralCode })).json())
        .qrCodeUrl,
    onSuccess: () => toast({ title: t('ambassador.qr.generated'), tone: 'success' }),
    onError: (error) =>
      toast({
        title: failureText(error, t, { refused: 'ambassador.qr.failed', unreachable: 'ambassador.qr.error' }),
        tone: 'destructive',
      }),
  })
  const qr = generate.data

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('ambassador.link.title')}</CardTitle>
        <CardDescription>{t('ambassador.link.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={linkId}>{t('ambassador.link.label')}</Label>
          {/* Wraps rather than cuts: on a phone the whole link stays readable (sized to it where the
              browser can, two lines otherwise). */}
          <textarea
            id={linkId}
            readOnly
            rows={2}
            spellCheck={false}
            value={link}
            onFocus={(event) => event.target.select()}
            className={cn(fieldClasses, 'h-auto resize-none py-2.5 font-mono text-sm break-all field-sizing-content')}
          />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => void copy(link, linkId)} className="sm:flex-1">
            <Copy aria-hidden className="size-4" />
            {t('ambassador.link.copy')}
          </Button>
          <Button onClick={() => generate.mutate()} loading={generate.isPending} className="sm:flex-1">
            {!generate.isPending && <QrCode aria-hidden className="size-4" />}
            {t('ambassador.qr.generate')}
          </Button>
        </div>
        <div aria-live="polite" className="empty:hidden">
          {qr && (
            <div className="flex animate-pop-in flex-col items-center gap-4 rounded-2xl bg-sand/60 p-4 sm:flex-row">
              <img
                src={qr}
                alt={t('ambassador.qr.alt', { code: referralCode })}
                width={128}
                height={128}
                className="size-32 shrink-0 rounded-xl bg-white ring-1 ring-line"
              />
              <div className="flex flex-col items-center gap-3 text-center sm:items-start sm:text-left">
                <p className="text-sm leading-relaxed text-ink-soft">{t('ambassador.qr.text')}</p>
                <Button asChild variant="outline" size="sm">
                  <a href={qr} download={qrFileName(referralCode)}>
                    <Download aria-hidden className="size-4" />
                    {t('ambassador.qr.download')}
                  </a>
                </Button>
              </div>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  )
}

/** Spec §9: QR-Code-{referralCode}.png. */
export const qrFileName = (referralCode: string) => `QR-Code-${referralCode}.png`
