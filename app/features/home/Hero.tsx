import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { ArrowRight, MessageCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { ChatPreview } from './ChatPreview'

/** The demo salon's chat, to see the assistant at work. */
export const DEMO_CHAT_PATH = '/chat/SAL001'

export function Hero() {
  const { t } = useTranslation()
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute -right-40 -top-40 size-[36rem] rounded-full bg-primary-soft/70 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.1fr_1fr]">
        <div className="flex flex-col items-start">
          <Badge tone="primary">{t('home.hero.eyebrow')}</Badge>
          <h1 className="mt-5 text-[2.6rem] font-semibold leading-[1.05] tracking-tight sm:text-6xl">
            {t('home.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-soft">{t('home.hero.subtitle')}</p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link href="/professional">
                {t('home.hero.cta')}
                <ArrowRight aria-hidden className="size-5" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href={DEMO_CHAT_PATH}>
                <MessageCircle aria-hidden className="size-5" />
                {t('nav.demo')}
              </Link>
            </Button>
          </div>
          <p className="mt-6 text-sm text-ink-soft">{t('home.hero.reassurance')}</p>
        </div>
        <ChatPreview />
      </div>
    </section>
  )
}
