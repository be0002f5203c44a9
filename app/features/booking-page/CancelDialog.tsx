import { useTranslation } from 'react-i18next'
import type { BookingPage } from '../../../common/schemas/booking-page'
import { Button } from '../../components/ui/Button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/Dialog'
import { formatLocalDay } from '../../lib/format'
import { currentLanguage } from '../../lib/i18n'

/** "Really cancel?": says which appointment, and that its time goes to someone else. */
export function CancelDialog({
  page,
  open,
  cancelling,
  onOpenChange,
  onConfirm,
}: {
  page: BookingPage
  open: boolean
  cancelling: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={(next) => !cancelling && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('bookingPage.cancelDialog.title')}</DialogTitle>
          <DialogDescription>
            {t('bookingPage.cancelDialog.description', {
              service: page.service,
              day: formatLocalDay(page.localDate, currentLanguage()),
              time: page.localTime,
            })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={cancelling}>
              {t('bookingPage.cancelDialog.keep')}
            </Button>
          </DialogClose>
          <Button variant="danger" loading={cancelling} onClick={onConfirm}>
            {t('bookingPage.cancelDialog.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
