import { Button } from '@app/components/ui/Button'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { toast } from '@app/components/ui/toast-store'
import { currentLanguage } from '@app/lib/i18n'
import type { RecurringBlock } from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { Coffee, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { describeBlock } from './blocks'
import { useDeleteBlock } from './schedule-api'
import { Whose } from './TimeOffList'

/** The weekly blocks in words (days, hours, from when), each with whose it is and a guarded delete. */
export function BlocksList({
  salonId,
  blocks,
  members = [],
}: {
  salonId: string
  blocks: RecurringBlock[]
  members?: readonly Pick<TeamMember, 'id' | 'name' | 'colour'>[]
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const [confirming, setConfirming] = useState<RecurringBlock>()

  if (blocks.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-8 text-center">
        <Coffee aria-hidden className="size-7 text-ink-soft" />
        <p className="text-ink-soft">{t('schedule.blocks.empty')}</p>
      </div>
    )
  }

  return (
    <>
      <ul aria-label={t('schedule.blocks.listLabel')} className="flex flex-col gap-2">
        {blocks.map((block) => {
          const words = describeBlock(block, language, t)
          const details = [block.reason, words.period].filter(Boolean)
          return (
            <li
              key={block.id}
              className="flex items-center gap-2 rounded-xl border border-line/80 bg-paper py-3 pl-3 pr-1.5 sm:gap-3 sm:pl-4 sm:pr-2"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                {members.length > 0 && <Whose member={members.find((m) => m.id === block.memberId)} />}
                <p className="break-words font-medium">
                  {words.days} · <span className="tabular-nums">{words.times}</span>
                </p>
                <p className="break-words text-sm text-ink-soft">{details.join(' · ')}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="text-danger hover:bg-danger-soft"
                onClick={() => setConfirming(block)}
                aria-label={t('schedule.blocks.deleteLabel', { days: words.days, times: words.times })}
                title={t('schedule.blocks.delete')}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          )
        })}
      </ul>
      <ConfirmDeleteBlock salonId={salonId} block={confirming} onClose={() => setConfirming(undefined)} />
    </>
  )
}

/** Deleting gives the hours back to clients at once, so it asks first. */
function ConfirmDeleteBlock({
  salonId,
  block,
  onClose,
}: {
  salonId: string
  block: RecurringBlock | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  const remove = useDeleteBlock(salonId)
  const words = block ? describeBlock(block, currentLanguage(), t) : undefined

  const confirm = () => {
    if (!block) return
    remove.mutate(block.id, {
      onSuccess: () => {
        toast({ title: t('schedule.blocks.deleted'), tone: 'success' })
        onClose()
      },
      onError: () => {
        toast({ title: t('schedule.blocks.deleteError'), tone: 'destructive' })
        onClose()
      },
    })
  }

  return (
    <ConfirmDialog
      open={block !== undefined}
      onClose={onClose}
      onConfirm={confirm}
      pending={remove.isPending}
      title={t('schedule.blocks.confirmTitle')}
      description={words && t('schedule.blocks.confirmDescription', { days: words.days, times: words.times })}
      submitLabel={t('schedule.blocks.delete')}
      pendingLabel={t('schedule.blocks.deleting')}
    />
  )
}
