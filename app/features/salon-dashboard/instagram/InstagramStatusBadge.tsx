import { Badge, type BadgeTone } from '@app/components/ui/Badge'
import { useTranslation } from 'react-i18next'

const TONES: Record<string, BadgeTone> = {
  active: 'success',
  paused: 'warning',
  cooldown: 'info',
  blocked: 'danger',
}

/**
 * A customer's status (spec §4): active green, paused yellow, cooldown blue (writing too fast, held
 * back for a while), blocked red. A status this interface does not know yet keeps the server's word,
 * in grey.
 */
export function InstagramStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation()
  const tone = TONES[status]
  return (
    <Badge tone={tone ?? 'neutral'} className={className}>
      {tone ? t(`dashboard.instagram.status.${status}`) : status}
    </Badge>
  )
}
