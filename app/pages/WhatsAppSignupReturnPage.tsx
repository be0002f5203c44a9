import { Logo } from '@app/components/layout/Logo'
import { Card } from '@app/components/ui/Card'
import { readSignupReturn } from '@app/features/salon-dashboard/whatsapp/embedded-signup'
import { WhatsAppGlyph } from '@app/features/salon-dashboard/whatsapp/WhatsAppGlyph'
import { usePageTitle } from '@app/lib/page-title'
import { useNoIndex } from '@app/lib/personal-page'
import { CircleAlert, Loader2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** How long "back to your dashboard…" may show before the page says the window can be closed by hand. */
const CLOSE_GRACE_MS = 2000

/**
 * Where Meta's Embedded Signup window comes back (`/whatsapp/signup-return`, the signup's
 * redirect_uri): it hands the code and the state (or Meta's error) to the dashboard that opened
 * it, on this origin only, and closes. Opened any other way, it says the window can be closed.
 */
export default function WhatsAppSignupReturnPage() {
  const { t } = useTranslation()
  usePageTitle(t('whatsappSignup.title'))
  useNoIndex()
  // Read in the browser only: the address and the opener are not the server's to know.
  const [shown, setShown] = useState<'sending' | 'done' | 'failed'>('sending')
  const handedOver = useRef(false)

  useEffect(() => {
    const message = readSignupReturn(window.location.search)
    const opener = window.opener as Window | null
    const failed = message.error !== undefined || !message.code
    if (!opener || opener.closed) {
      setShown(failed ? 'failed' : 'done')
      return
    }
    // Once: React's development mode runs an effect twice.
    if (!handedOver.current) {
      handedOver.current = true
      try {
        opener.postMessage(message, window.location.origin)
      } catch {
        setShown(failed ? 'failed' : 'done')
        return
      }
      window.close()
    }
    // Still here (the browser kept the window open): say it can be closed.
    const timer = setTimeout(() => setShown(failed ? 'failed' : 'done'), CLOSE_GRACE_MS)
    return () => clearTimeout(timer)
  }, [])

  const Icon = shown === 'sending' ? Loader2 : shown === 'failed' ? CircleAlert : WhatsAppGlyph
  return (
    <div className="flex min-h-dvh flex-col items-center bg-sand/50 px-4 py-8">
      <Logo />
      <main id="main" className="flex w-full max-w-md flex-1 items-center">
        <Card role="status" className="flex w-full flex-col items-center gap-3 p-8 text-center">
          <span
            className={
              shown === 'failed'
                ? 'mb-2 inline-flex size-12 items-center justify-center rounded-2xl bg-danger-soft text-danger'
                : 'mb-2 inline-flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary'
            }
          >
            <Icon className={shown === 'sending' ? 'size-6 animate-spin' : 'size-6'} />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">
            {shown === 'sending'
              ? t('whatsappSignup.sending')
              : shown === 'failed'
                ? t('whatsappSignup.errorTitle')
                : t('whatsappSignup.title')}
          </h1>
          <p className="leading-relaxed text-ink-soft">
            {shown === 'sending'
              ? t('whatsappSignup.sendingText')
              : shown === 'failed'
                ? t('whatsappSignup.errorText')
                : t('whatsappSignup.doneText')}
          </p>
        </Card>
      </main>
    </div>
  )
}
