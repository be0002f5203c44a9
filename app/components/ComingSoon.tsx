import { Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '../lib/page-title'
import { StatusMessage } from './StatusMessage'
import { Badge } from './ui/Badge'

/**
 * A page whose screens are on their way: says what it will hold and where to go meanwhile, instead
 * of a blank screen.
 */
export function ComingSoon({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  const { t } = useTranslation()
  usePageTitle(title)
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 sm:py-28">
      <StatusMessage
        icon={Sparkles}
        above={<Badge tone="primary">{t('comingSoon.badge')}</Badge>}
        title={title}
        description={description}
        note={t('comingSoon.note')}
        actions={action}
        homeButton={action ? 'outline' : 'primary'}
      />
    </section>
  )
}
