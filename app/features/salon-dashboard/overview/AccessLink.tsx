import { Button } from '@app/components/ui/Button'
import { fieldClasses, Label } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import { Copy, Download, ExternalLink, QrCode } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Skeleton } from './states'

/** Spec §7: drawn on the device at 256 px with a margin of 2, black on white; shown at 128 px. */
const QR_OPTIONS = { width: 256, margin: 2, color: { dark: '#000000', light: '#ffffff' } }

/** The QR code of a link as a PNG data URL; undefined while drawing, null if it could not be drawn. */
function useQrCode(link: string | undefined): string | null | undefined {
  const [qr, setQr] = useState<{ link: string; image: string | null }>()
  useEffect(() => {
    if (!link) return
    let current = true
    // Its own chunk: only owners who open the overview download the QR encoder.
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(link, QR_OPTIONS))
      .then(
        (image) => current && setQr({ link, image }),
        (error: unknown) => {
          console.error('The QR code could not be drawn', error)
          if (current) setQr({ link, image: null })
        },
      )
    return () => {
      current = false
    }
  }, [link])
  return qr && qr.link === link ? qr.image : undefined
}

/** The words of one link block: its label, the "open" link, the QR code's alt text and caption. */
export interface AccessLinkTexts {
  label: string
  copy: string
  open: string
  qrAlt: string
  qrText: string
}

/** A link customers use, with a copy button, an "open" link, and its QR code to print or share. */
export function AccessLink({
  link,
  texts,
  qrFileName,
}: {
  link: string | undefined
  texts: AccessLinkTexts
  qrFileName: string
}) {
  const { t } = useTranslation()
  const linkId = useId()
  const qr = useQrCode(link)

  const copy = async () => {
    if (!link) return
    try {
      await navigator.clipboard.writeText(link)
      toast({ title: t('dashboard.access.copied'), description: t('dashboard.access.copiedText'), tone: 'success' })
    } catch {
      // Refused (no permission, insecure page): select the link so the owner can copy it by hand.
      const field = document.getElementById(linkId)
      if (field instanceof HTMLInputElement) field.select()
      toast({
        title: t('dashboard.access.copyFailed'),
        description: t('dashboard.access.copyFailedText'),
        tone: 'destructive',
      })
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={linkId}>{texts.label}</Label>
        <div className="flex gap-2">
          <input
            id={linkId}
            readOnly
            value={link ?? t('dashboard.access.loading')}
            onFocus={(event) => event.target.select()}
            className={cn(fieldClasses, 'min-w-0 flex-1 font-mono text-sm', !link && 'text-ink-soft')}
          />
          <Button variant="primary" size="icon" onClick={copy} disabled={!link} aria-label={texts.copy}>
            <Copy aria-hidden className="size-4" />
          </Button>
        </div>
        {link && (
          <a
            href={link}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1.5 self-start rounded text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <ExternalLink aria-hidden className="size-3.5" />
            {texts.open}
          </a>
        )}
      </div>
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-sand/60 p-4 sm:flex-row">
        <div className="flex size-32 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-white ring-1 ring-line">
          {qr ? (
            <img src={qr} alt={texts.qrAlt} width={128} height={128} className="size-32" />
          ) : qr === null ? (
            <QrCode aria-hidden className="size-8 text-ink-soft" />
          ) : (
            <Skeleton className="size-24 rounded-lg" />
          )}
        </div>
        <div className="flex flex-col items-center gap-3 text-center sm:items-start sm:text-left">
          <p className="text-sm leading-relaxed text-ink-soft">
            {qr === null ? t('dashboard.access.qrFailed') : texts.qrText}
          </p>
          {qr ? (
            <Button asChild variant="outline" size="sm">
              <a href={qr} download={qrFileName}>
                <Download aria-hidden className="size-4" />
                {t('dashboard.access.downloadQr')}
              </a>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              <Download aria-hidden className="size-4" />
              {t('dashboard.access.downloadQr')}
            </Button>
          )}
        </div>
      </div>
    </div>
  )
}
