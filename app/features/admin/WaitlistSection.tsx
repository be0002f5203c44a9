import { Badge, type BadgeTone } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { toast } from '@app/components/ui/toast-store'
import { LoadError, Skeleton } from '@app/features/salon-dashboard/overview/states'
import { countryName } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { ReferralStatus, WaitlistReferral } from '@common/schemas/waitlist'
import { ClipboardList, PhoneCall, Power, Trash2, Undo2, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText, useUpdateWaitlistEntry, useWaitlist } from './admin-api'
import { formatDay } from './admin-format'
import { ActivateEntryDialog, AssignEntryDialog, DeleteEntryDialog } from './FunnelDialogs'
import { SectionHeader } from './SectionHeader'

/** The latest sign-ups first; the rest on demand, the list can grow long. */
const FIRST_SHOWN = 6
const STATUS_TONES: Record<ReferralStatus, BadgeTone> = { pending: 'warning', contacted: 'info', converted: 'success' }

export function WaitlistSection() {
  const { t } = useTranslation()
  const waitlist = useWaitlist()
  const [showAll, setShowAll] = useState(false)
  const language = currentLanguage()
  const entries = waitlist.data ?? []
  const shown = showAll ? entries : entries.slice(0, FIRST_SHOWN)
  const [activating, setActivating] = useState<WaitlistReferral>()
  const [assigning, setAssigning] = useState<WaitlistReferral>()
  const [deleting, setDeleting] = useState<WaitlistReferral>()
  return (
    <Card>
      <SectionHeader
        id="admin-waitlist-title"
        title={t('admin.waitlist.title')}
        count={waitlist.data?.length}
        description={t('admin.waitlist.description')}
      />
      <div className="flex flex-col gap-3 px-5 pb-5 pt-3 sm:px-6 sm:pb-6">
        {waitlist.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('admin.loading')}</span>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-4 w-full max-w-md" />
            ))}
          </div>
        ) : waitlist.isError ? (
          <LoadError message={t('admin.waitlist.loadFailed')} onRetry={() => void waitlist.refetch()} />
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-8 text-center">
            <ClipboardList aria-hidden className="size-7 text-ink-soft" />
            <p className="text-ink-soft">{t('admin.waitlist.empty')}</p>
          </div>
        ) : (
          <>
            <ul aria-labelledby="admin-waitlist-title" className="flex flex-col divide-y divide-line/60">
              {shown.map((entry) => (
                <li key={entry.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="break-words font-medium">{entry.salonName}</p>
                    <p className="break-all text-sm text-ink-soft">{entry.contactEmail}</p>
                    <p className="break-words text-sm text-ink-soft">
                      {[
                        formatDay(entry.createdAt, language),
                        entry.country && countryName(entry.country, language),
                        (entry.ambassadorName || entry.referralCode) &&
                          t('admin.waitlist.referredBy', {
                            who: [entry.ambassadorName, entry.referralCode && `(${entry.referralCode})`]
                              .filter(Boolean)
                              .join(' '),
                          }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <Badge tone={STATUS_TONES[entry.status]} className="shrink-0">
                    {t(`admin.waitlist.status.${entry.status}`)}
                  </Badge>
                  <EntryActions
                    entry={entry}
                    onActivate={setActivating}
                    onAssign={setAssigning}
                    onDelete={setDeleting}
                  />
                </li>
              ))}
            </ul>
            {entries.length > FIRST_SHOWN && (
              <Button variant="ghost" size="sm" className="self-start" onClick={() => setShowAll((all) => !all)}>
                {showAll ? t('admin.waitlist.showFewer') : t('admin.waitlist.showAll', { total: entries.length })}
              </Button>
            )}
          </>
        )}
      </div>
      <ActivateEntryDialog entry={activating} onClose={() => setActivating(undefined)} />
      <AssignEntryDialog entry={assigning} onClose={() => setAssigning(undefined)} />
      <DeleteEntryDialog entry={deleting} onClose={() => setDeleting(undefined)} />
    </Card>
  )
}

/**
 * What an administrator does with an entry (issue 18): one still waiting is marked contacted (or
 * pending again), credited to an ambassador, activated or deleted; a converted one names its salon
 * and can still be credited while nobody is.
 */
function EntryActions({
  entry,
  onActivate,
  onAssign,
  onDelete,
}: {
  entry: WaitlistReferral
  onActivate: (entry: WaitlistReferral) => void
  onAssign: (entry: WaitlistReferral) => void
  onDelete: (entry: WaitlistReferral) => void
}) {
  const { t } = useTranslation()
  const update = useUpdateWaitlistEntry()
  const waiting = entry.status !== 'converted'
  const toggleContacted = () => {
    const status = entry.status === 'contacted' ? 'pending' : 'contacted'
    update.mutate(
      { id: entry.id, changes: { status } },
      {
        onSuccess: () =>
          toast({
            title: t(
              status === 'contacted' ? 'admin.waitlist.actions.contacted' : 'admin.waitlist.actions.pendingAgain',
            ),
            description: entry.salonName,
            tone: 'success',
          }),
        onError: (error) =>
          toast({
            title: t('admin.waitlist.actions.failed'),
            description: failureText(error, t),
            tone: 'destructive',
          }),
      },
    )
  }
  return (
    <fieldset className="m-0 flex w-full min-w-0 flex-wrap gap-2 border-0 p-0 pt-1">
      <legend className="sr-only">{t('admin.waitlist.actions.label', { salon: entry.salonName })}</legend>
      {waiting ? (
        <>
          <Button size="sm" onClick={() => onActivate(entry)}>
            <Power aria-hidden className="size-4" />
            {t('admin.waitlist.actions.activate')}
          </Button>
          <Button size="sm" variant="outline" onClick={toggleContacted} loading={update.isPending}>
            {!update.isPending &&
              (entry.status === 'contacted' ? (
                <Undo2 aria-hidden className="size-4" />
              ) : (
                <PhoneCall aria-hidden className="size-4" />
              ))}
            {entry.status === 'contacted'
              ? t('admin.waitlist.actions.markPending')
              : t('admin.waitlist.actions.markContacted')}
          </Button>
        </>
      ) : (
        entry.salonId && (
          <span className="self-center font-mono text-sm font-semibold">
            {t('admin.waitlist.actions.salon', { salonId: entry.salonId })}
          </span>
        )
      )}
      {(waiting || entry.ambassadorId === null) && (
        <Button size="sm" variant="outline" onClick={() => onAssign(entry)}>
          <UserPlus aria-hidden className="size-4" />
          {t('admin.waitlist.actions.assign')}
        </Button>
      )}
      {waiting && (
        <Button
          size="sm"
          variant="ghost"
          className="text-danger"
          onClick={() => onDelete(entry)}
          aria-label={`${t('admin.waitlist.actions.delete')} ${entry.salonName}`}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('admin.waitlist.actions.delete')}
        </Button>
      )}
    </fieldset>
  )
}
