import { CircleAlert, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/**
 * A failure that stays on screen until dismissed (a toast would vanish before a long explanation
 * is read): the sign-in refusals of the professional, admin and ambassador areas.
 */
export function DismissibleAlert({ title, text, onDismiss }: { title: string; text: string; onDismiss: () => void }) {
  const { t } = useTranslation()
  return (
    <div
      role="alert"
      className="relative flex animate-pop-in gap-3 rounded-2xl border border-danger/30 bg-danger-soft p-4 pr-11 text-ink"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold leading-snug">{title}</p>
        <p className="break-words text-sm leading-relaxed text-ink-soft">{text}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('common.close')}
        className="absolute right-3 top-3 inline-flex size-7 cursor-pointer items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-danger/10 hover:text-ink"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  )
}
