import { Badge, type BadgeTone } from '@app/components/ui/Badge'
import type { BookingStatus } from '@common/schemas/booking'
import { useTranslation } from 'react-i18next'

const TONES: Record<BookingStatus, BadgeTone> = {
  confirmed: 'success',
  pending: 'warning',
  cancelled: 'danger',
  no_show: 'danger',
  completed: 'info',
  held: 'warning',
}

/**
 * A booking's status with the desk's five (the dashboard's badge knows the first three), and a held
 * one said for what it waits: its payment, the one step a booking is held for (issue 41).
 */
export function DeskStatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation()
  return (
    <Badge tone={TONES[status]}>{status === 'held' ? t('paymentDesk.status.held') : t(`desk.status.${status}`)}</Badge>
  )
}
