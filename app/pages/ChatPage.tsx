import { Lock, MessageCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'wouter'
import { LanguageSwitcher } from '../components/layout/LanguageSwitcher'
import { Logo } from '../components/layout/Logo'
import { StatusMessage } from '../components/StatusMessage'
import { Badge } from '../components/ui/Badge'
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
        <Card className="w-full max-w-md p-8">
          {salonId ? (
            <StatusMessage
              icon={MessageCircle}
              above={<Badge tone="primary">{t('comingSoon.badge')}</Badge>}
              title={t('chat.title')}
              description={t('chat.comingSoon')}
              homeButton={false}
            />
          ) : (
            <StatusMessage
              icon={Lock}
              tone="neutral"
              title={t('chat.restricted.title')}
              description={t('chat.restricted.description')}
            />
          )}
        </Card>
      </main>
    </div>
  )
}
