import { Button } from '@app/components/ui/Button'
import { cn } from '@app/lib/cn'
import { CircleAlert, RotateCcw } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** A grey bar standing for text still loading; hidden from screen readers (the region says "loading"). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cn('block animate-pulse rounded-full bg-sand-deep/60', className)} />
}

/** What a card shows when its data could not be read, with a way to try again. */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string
  onRetry: () => void
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-2xl bg-danger-soft/60 p-4 sm:flex-row sm:items-center',
        className,
      )}
    >
      <CircleAlert aria-hidden className="size-5 shrink-0 text-danger" />
      <p className="flex-1 text-sm leading-relaxed text-ink">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden className="size-4" />
        {t('dashboard.retry')}
      </Button>
    </div>
  )
}
