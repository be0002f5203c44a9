import { Button } from '@app/components/ui/Button'
import { Hourglass } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/**
 * Under "no free time" in the desk's new booking: the customer may wait for that day instead, and
 * be told in turn when a time that fits frees up.
 */
export function WaitingListOffer({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="mt-1 flex flex-col items-start gap-2 rounded-xl border border-dashed border-line p-3">
      <p className="text-sm text-ink-soft">{t('waitingList.desk.hint')}</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={onClick}
        className="h-auto min-h-9 whitespace-normal py-1.5 text-left"
      >
        <Hourglass aria-hidden className="size-4" />
        {t('waitingList.desk.offer')}
      </Button>
    </div>
  )
}
