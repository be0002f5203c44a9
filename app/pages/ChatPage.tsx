import { ArrowLeft, Lock, MessageCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'wouter'
import { LanguageSwitcher } from '../components/layout/LanguageSwitcher'
import { Logo } from '../components/layout/Logo'
import { Badge } from '../components/ui/Badge'
import { Button } from '../components/ui/Button'
import { Card } from '../components/ui/Card'
import { usePageTitle } from '../lib/page-title'

/**
 * The customer's chat with the salon's assistant. Without a salon in the link it is the
 * restricted-access screen of the spec; the conversation itself comes with the assistant.
 */
export default function ChatPage() {
  const { t } = useTranslation()
  const { salonId } = useParams<{ salonId?: string }>()
  usePageTitle(salonId ? t('chat.title') : t('chat.restricted.title'))
  return (
    <div className="flex min-h-dvh flex-col bg-sand/50">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Link href="/" aria-label={t('nav.homeLink')} className="rounded-lg">
          <Logo />
        </Link>
        <LanguageSwitcher />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <Card className="flex w-full max-w-md flex-col items-center p-8 text-center">
          {salonId ? (
            <>
              <span className="mb-5 inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
                <MessageCircle aria-hidden className="size-7" />
              </span>
              <Badge tone="primary">{t('comingSoon.badge')}</Badge>
              <h1 className="mt-4 text-3xl font-semibold">{t('chat.title')}</h1>
              <p className="mt-3 leading-relaxed text-ink-soft">{t('chat.comingSoon')}</p>
            </>
          ) : (
            <>
              <span className="mb-5 inline-flex size-14 items-center justify-center rounded-2xl bg-sand text-ink-soft">
                <Lock aria-hidden className="size-7" />
              </span>
              <h1 className="text-3xl font-semibold">{t('chat.restricted.title')}</h1>
              <p className="mt-3 leading-relaxed text-ink-soft">{t('chat.restricted.description')}</p>
              <Button asChild className="mt-6">
                <Link href="/">
                  <ArrowLeft aria-hidden className="size-4" />
                  {t('common.backHome')}
                </Link>
              </Button>
            </>
          )}
        </Card>
      </main>
    </div>
  )
}
