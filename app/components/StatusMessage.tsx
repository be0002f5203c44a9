import { cn } from '@app/lib/cn'
import { ArrowLeft, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { Button } from './ui/Button'

/**
 * A page-sized message — nothing here yet, no such page, no access — with an icon, a title, a few
 * words and a way on (home unless the caller gives actions of its own).
 */
export function StatusMessage({
  icon: Icon,
  tone = 'primary',
  above,
  title,
  description,
  note,
  actions,
  homeButton = 'primary',
  className,
}: {
  icon: LucideIcon
  tone?: 'primary' | 'neutral'
  /** Shown between the icon and the title (a badge, a big "404"). */
  above?: ReactNode
  title: string
  description: string
  note?: string
  actions?: ReactNode
  homeButton?: 'primary' | 'outline' | false
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <div className={cn('flex flex-col items-center text-center', className)}>
      <span
        className={cn(
          'mb-5 inline-flex size-14 items-center justify-center rounded-2xl',
          tone === 'primary' ? 'bg-primary-soft text-primary' : 'bg-sand text-ink-soft',
        )}
      >
        <Icon aria-hidden className="size-7" />
      </span>
      {above}
      <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-xl text-lg leading-relaxed text-ink-soft">{description}</p>
      {note && <p className="mt-2 max-w-xl text-sm text-ink-soft">{note}</p>}
      {(actions || homeButton) && (
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {actions}
          {homeButton && (
            <Button asChild variant={homeButton}>
              <Link href="/">
                <ArrowLeft aria-hidden className="size-4" />
                {t('common.backHome')}
              </Link>
            </Button>
          )}
        </div>
      )}
    </div>
  )
}
