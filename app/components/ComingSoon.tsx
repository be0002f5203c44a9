import { ArrowLeft, Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { usePageTitle } from '../lib/page-title'
import { Badge } from './ui/Badge'
import { Button } from './ui/Button'

/**
 * A page whose screens are on their way: says what it will hold and where to go meanwhile, instead
 * of a blank screen.
 */
export function ComingSoon({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  const { t } = useTranslation()
  usePageTitle(title)
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <span className="mb-6 inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <Sparkles aria-hidden className="size-7" />
      </span>
      <Badge tone="primary">{t('comingSoon.badge')}</Badge>
      <h1 className="mt-4 text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-xl text-lg leading-relaxed text-ink-soft">{description}</p>
      <p className="mt-2 max-w-xl text-sm text-ink-soft">{t('comingSoon.note')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {action}
        <Button asChild variant="outline">
          <Link href="/">
            <ArrowLeft aria-hidden className="size-4" />
            {t('common.backHome')}
          </Link>
        </Button>
      </div>
    </section>
  )
}
