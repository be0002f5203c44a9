import { ArrowLeft, Compass } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { Button } from '../components/ui/Button'
import { usePageTitle } from '../lib/page-title'

export default function NotFoundPage() {
  const { t } = useTranslation()
  usePageTitle(t('notFound.title'))
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <span className="mb-6 inline-flex size-14 items-center justify-center rounded-2xl bg-sand text-ink-soft">
        <Compass aria-hidden className="size-7" />
      </span>
      <p className="font-display text-7xl font-semibold text-brass">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-soft">{t('notFound.description')}</p>
      <Button asChild className="mt-8">
        <Link href="/">
          <ArrowLeft aria-hidden className="size-4" />
          {t('common.backHome')}
        </Link>
      </Button>
    </section>
  )
}
