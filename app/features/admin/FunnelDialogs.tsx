import { ConfirmDialog, DialogForm, FormDialog } from '@app/components/ui/FormDialog'
import { Field, fieldClasses, Input } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import type { WaitlistReferral } from '@common/schemas/waitlist'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  failureText,
  useActivateWaitlistEntry,
  useAdminAmbassadors,
  useDeleteWaitlistEntry,
  useUpdateWaitlistEntry,
} from './admin-api'

/**
 * The waitlist's dialogs (issue 18): activating an entry directly (its Google account asked),
 * crediting it to an ambassador, deleting it (asked first). Each is open while an entry is chosen.
 */

const failed = (t: (key: string) => string) => (error: unknown) =>
  toast({ title: t('admin.waitlist.actions.failed'), description: failureText(error, t as never), tone: 'destructive' })

export function ActivateEntryDialog({ entry, onClose }: { entry: WaitlistReferral | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <FormDialog
      open={entry !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={entry ? t('admin.waitlist.actions.activateTitle', { salon: entry.salonName }) : ''}
      description={entry && t('admin.waitlist.actions.activateDescription', { email: entry.contactEmail })}
    >
      {entry && <ActivateEntryForm entry={entry} onDone={onClose} />}
    </FormDialog>
  )
}

function ActivateEntryForm({ entry, onDone }: { entry: WaitlistReferral; onDone: () => void }) {
  const { t } = useTranslation()
  const activate = useActivateWaitlistEntry()
  const [email, setEmail] = useState('')
  const typed = email.trim()
  return (
    <DialogForm
      onSubmit={() =>
        activate.mutate(
          { id: entry.id, authorizedEmail: typed },
          {
            onSuccess: (result) => {
              toast({
                title: t('admin.waitlist.actions.activated'),
                description: t('admin.waitlist.actions.activatedText', {
                  salonId: result.salonId,
                  sentTo: result.sentTo,
                  email: result.authorizedEmail,
                }),
                tone: 'success',
                duration: 10_000,
              })
              onDone()
            },
            onError: failed(t),
          },
        )
      }
      pending={activate.isPending}
      submitDisabled={typed === ''}
      submitLabel={t('admin.waitlist.actions.activateSubmit')}
      pendingLabel={t('admin.waitlist.actions.activating')}
    >
      <Field
        id="admin-activate-email"
        label={t('admin.waitlist.actions.emailLabel')}
        hint={t('admin.waitlist.actions.emailHint')}
        required
      >
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            maxLength={254}
          />
        )}
      </Field>
    </DialogForm>
  )
}

export function AssignEntryDialog({ entry, onClose }: { entry: WaitlistReferral | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <FormDialog
      open={entry !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={entry ? t('admin.waitlist.actions.assignTitle', { salon: entry.salonName }) : ''}
      description={t('admin.waitlist.actions.assignDescription')}
    >
      {entry && <AssignEntryForm entry={entry} onDone={onClose} />}
    </FormDialog>
  )
}

function AssignEntryForm({ entry, onDone }: { entry: WaitlistReferral; onDone: () => void }) {
  const { t } = useTranslation()
  const ambassadors = useAdminAmbassadors()
  const update = useUpdateWaitlistEntry()
  const [chosen, setChosen] = useState(entry.ambassadorId ?? '')
  // Only active ambassadors can be credited; the one already credited stays listed.
  const choices = (ambassadors.data ?? []).filter((a) => a.isActive || a.id === entry.ambassadorId)
  return (
    <DialogForm
      onSubmit={() =>
        update.mutate(
          { id: entry.id, changes: { ambassadorId: chosen === '' ? null : chosen } },
          {
            onSuccess: (updated) => {
              toast({
                title: t('admin.waitlist.actions.assigned'),
                description: `${updated.salonName} → ${updated.ambassadorName ?? t('admin.waitlist.actions.nobody')}`,
                tone: 'success',
              })
              onDone()
            },
            onError: failed(t),
          },
        )
      }
      pending={update.isPending}
      submitDisabled={chosen === (entry.ambassadorId ?? '')}
      submitLabel={t('admin.waitlist.actions.assign')}
    >
      <Field id="admin-assign-ambassador" label={t('admin.waitlist.actions.ambassador')}>
        {(control) => (
          <select
            {...control}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            className={cn(fieldClasses, 'pr-8')}
          >
            <option value="">{t('admin.waitlist.actions.nobody')}</option>
            {choices.map((ambassador) => (
              <option key={ambassador.id} value={ambassador.id}>
                {ambassador.name} ({ambassador.referralCode})
              </option>
            ))}
          </select>
        )}
      </Field>
    </DialogForm>
  )
}

/** Deleting cannot be undone, so it asks first; a converted entry offers no deletion (the server refuses it too). */
export function DeleteEntryDialog({ entry, onClose }: { entry: WaitlistReferral | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  const remove = useDeleteWaitlistEntry()
  return (
    <ConfirmDialog
      open={entry !== undefined}
      onClose={onClose}
      onConfirm={() =>
        entry &&
        remove.mutate(entry.id, {
          onSuccess: () => {
            toast({ title: t('admin.waitlist.actions.deleted'), description: entry.salonName, tone: 'success' })
            onClose()
          },
          onError: failed(t),
        })
      }
      pending={remove.isPending}
      title={t('admin.waitlist.actions.deleteTitle')}
      description={
        entry && t('admin.waitlist.actions.deleteDescription', { salon: entry.salonName, email: entry.contactEmail })
      }
      submitLabel={t('admin.waitlist.actions.delete')}
    />
  )
}
