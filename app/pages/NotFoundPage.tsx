import { StatusMessage } from '@app/components/StatusMessage'
import { usePageTitle } from '@app/lib/page-title'
import { Compass } from 'lucide-react'
import { useTranslation } from 'react-i18next'

export default function NotFoundPage() {
  const { t } = useTranslation()
  usePageTitle(t('notFound.title'))
  return (
    <section className="mx-auto max-w-xl px-4 py-24 sm:py-32">
      <StatusMessage
        icon={Compass}
        tone="neutral"
        above={<p className="font-display text-7xl font-semibold text-brass">404</p>}
        title={t('notFound.title')}
        description={t('notFound.description')}
      />
    </section>
  )
}
