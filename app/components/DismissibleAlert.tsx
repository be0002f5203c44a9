import { cn } from '@app/lib/cn'
import { CircleAlert, CircleCheckBig, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/**
 * A message that stays on screen until dismissed (a toast would vanish before a long explanation
 * is read): the sign-in refusals of the professional, admin and ambassador areas, and what the
 * customer's booking page just did or could not do. A success is announced politely (status), a
 * failure at once (alert).
 */
export function DismissibleAlert({
  title,
  text,
  tone = 'danger',
  onDismiss,
}: {
  title?: string
  text: string
  tone?: 'danger' | 'success'
  onDismiss: () => void
}) {
  const { t } = useTranslation()
  const success = tone === 'success'
  const Icon = success ? CircleCheckBig : CircleAlert
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={cn(
        'relative flex animate-pop-in gap-3 rounded-2xl border p-4 pr-11 text-ink',
        success ? 'border-success/30 bg-success-soft' : 'border-danger/30 bg-danger-soft',
      )}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', success ? 'text-success' : 'text-danger')} />
      <div className="flex min-w-0 flex-col gap-1">
        {title && <p className="font-semibold leading-snug">{title}</p>}
        <p className={cn('break-words text-sm leading-relaxed', title ? 'text-ink-soft' : 'font-medium')}>{text}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('common.close')}
        className={cn(
          'absolute right-3 top-3 inline-flex size-7 cursor-pointer items-center justify-center rounded-full text-ink-soft transition-colors hover:text-ink',
          success ? 'hover:bg-success/10' : 'hover:bg-danger/10',
        )}
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  )
}
