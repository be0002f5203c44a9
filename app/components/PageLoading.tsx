import { Loader2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'

export function PageLoading() {
  const { t } = useTranslation()
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-ink-soft">
      <Loader2 aria-hidden className="size-5 animate-spin" />
      <span className="text-sm">{t('common.loading')}</span>
    </div>
  )
}
