import { Badge, type BadgeTone } from '@app/components/ui/Badge'
import { useTranslation } from 'react-i18next'

const TONES: Record<string, BadgeTone> = {
  confirmed: 'success',
  pending: 'warning',
  cancelled: 'danger',
  no_show: 'danger',
  completed: 'info',
  held: 'warning',
}

/**
 * A booking's status (spec §4): confirmed green 'Confirmé', pending yellow 'En attente', cancelled red
 * 'Annulé'; after the appointment, no-show red 'Absent' and completed blue 'Terminé'; a place held
 * for the customer's payment (issue 41) yellow 'En attente de paiement'. A status the interface does
 * not know yet is shown as the server wrote it, in grey.
 */
export function BookingStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation()
  const tone = TONES[status]
  return (
    <Badge tone={tone ?? 'neutral'} className={className}>
      {status === 'held' ? t('paymentDesk.status.held') : tone ? t(`dashboard.bookingStatus.${status}`) : status}
    </Badge>
  )
}
