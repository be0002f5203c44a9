import { Button } from '@app/components/ui/Button'
import { DialogClose, DialogFooter } from '@app/components/ui/Dialog'
import { ConfirmDialog, DialogForm, FormDialog } from '@app/components/ui/FormDialog'
import { Field, fieldClasses, Input, Label } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import type { AccessCode } from '@common/schemas/admin'
import { Copy, KeyRound, TriangleAlert } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type CreatedAccessCode, failureText, useCreateAccessCode, useRevokeAccessCode } from './admin-api'

/**
 * A new ambassador access code: a label, then the code in clear, this once. The server keeps only a
 * hash, so the second step cannot be dismissed by a stray click outside the dialog.
 */
export function CreateAccessCodeDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const [created, setCreated] = useState<CreatedAccessCode>()
  const close = (next: boolean) => {
    // Forgotten as the dialog closes: the code must never show again.
    if (!next) setCreated(undefined)
    onOpenChange(next)
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={created ? t('admin.accessCodes.createdTitle') : t('admin.accessCodes.createTitle')}
      description={
        created
          ? t('admin.accessCodes.createdDescription', { label: created.accessCode.label })
          : t('admin.accessCodes.createDescription')
      }
      dismissOnOutsideClick={created === undefined}
    >
      {created ? <ShowCode code={created.code} /> : <LabelForm onCreated={setCreated} />}
    </FormDialog>
  )
}

function LabelForm({ onCreated }: { onCreated: (created: CreatedAccessCode) => void }) {
  const { t } = useTranslation()
  const create = useCreateAccessCode()
  const [label, setLabel] = useState('')
  const [error, setError] = useState<string>()

  const submit = () => {
    if (label.trim() === '') {
      setError(t('admin.accessCodes.labelRequired'))
      document.getElementById('admin-code-label')?.focus()
      return
    }
    create.mutate(label.trim(), {
      onSuccess: onCreated,
      onError: (failure) =>
        toast({
          title: t('admin.accessCodes.createFailed'),
          description: failureText(failure, t),
          tone: 'destructive',
        }),
    })
  }

  return (
    <DialogForm
      onSubmit={submit}
      pending={create.isPending}
      submitLabel={
        <>
          <KeyRound aria-hidden className="size-4" />
          {t('admin.accessCodes.create')}
        </>
      }
    >
      <Field
        id="admin-code-label"
        label={t('admin.accessCodes.label')}
        hint={t('admin.accessCodes.labelHint')}
        error={error}
        required
      >
        {(control) => (
          <Input
            {...control}
            value={label}
            onChange={(event) => {
              setLabel(event.target.value)
              setError(undefined)
            }}
            maxLength={80}
            autoComplete="off"
            aria-required
          />
        )}
      </Field>
    </DialogForm>
  )
}

function ShowCode({ code }: { code: string }) {
  const { t } = useTranslation()
  const codeId = useId()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code)
      toast({ title: t('admin.accessCodes.copied'), tone: 'success' })
    } catch {
      // Refused (no permission, insecure page): select the code so it can be copied by hand.
      const field = document.getElementById(codeId)
      if (field instanceof HTMLInputElement) field.select()
      toast({ title: t('admin.accessCodes.copyFailed'), tone: 'destructive' })
    }
  }
  return (
    <>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={codeId}>{t('admin.accessCodes.code')}</Label>
          <div className="flex gap-2">
            <input
              id={codeId}
              readOnly
              value={code}
              onFocus={(event) => event.target.select()}
              className={cn(fieldClasses, 'min-w-0 flex-1 font-mono text-base tracking-wide')}
            />
            <Button size="icon" onClick={copy} aria-label={t('admin.accessCodes.copy')}>
              <Copy aria-hidden className="size-4" />
            </Button>
          </div>
        </div>
        <p role="note" className="flex gap-2 rounded-2xl bg-warning-soft p-3 text-sm leading-relaxed text-ink">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
          {t('admin.accessCodes.shownOnce')}
        </p>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button>{t('admin.accessCodes.done')}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  )
}

/** Revoking cannot be undone (the code is not stored in clear), so it asks first. */
export function RevokeAccessCodeDialog({ code, onClose }: { code: AccessCode | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  const revoke = useRevokeAccessCode()
  const confirm = () => {
    if (!code) return
    revoke.mutate(code.id, {
      onSuccess: () => {
        toast({ title: t('admin.accessCodes.revoked'), description: code.label, tone: 'success' })
        onClose()
      },
      onError: (failure) =>
        toast({
          title: t('admin.accessCodes.revokeFailed'),
          description: failureText(failure, t),
          tone: 'destructive',
        }),
    })
  }
  return (
    <ConfirmDialog
      open={code !== undefined}
      onClose={onClose}
      onConfirm={confirm}
      pending={revoke.isPending}
      title={t('admin.accessCodes.revokeTitle')}
      description={code && t('admin.accessCodes.revokeDescription', { label: code.label, hint: code.hint })}
      submitLabel={t('admin.accessCodes.revokeConfirm')}
    />
  )
}
