import { Button } from '@app/components/ui/Button'
import { DialogForm, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Input } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { ApiError, apiRequest } from '@app/lib/api'
import {
  activateReferralResultSchema,
  activationMailSentSchema,
  type Referral,
  updateAuthorizedEmailResultSchema,
} from '@common/schemas/ambassador'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { MailPlus } from 'lucide-react'
import { type ReactNode, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ambassadorKeys, failureText } from '../ambassador-api'

/**
 * Spec §2: each dialog is open exactly while a referral is selected; closing it forgets the
 * selection, and its form — mounted only while open — starts empty the next time.
 */
function ReferralDialog({
  referral,
  onClose,
  title,
  description,
  children,
}: {
  referral: Referral | null
  onClose: () => void
  title: string
  description: string
  children: (referral: Referral) => ReactNode
}) {
  return (
    <FormDialog
      open={referral !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
    >
      {referral && children(referral)}
    </FormDialog>
  )
}

/** The salon's facts, then the e-mail field, with the buttons close under it. */
const COMPACT = 'flex flex-col gap-5'

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="flex flex-col gap-2 rounded-2xl bg-sand/60 p-4 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
          <dt className="text-ink-soft">{label}</dt>
          <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Spec §5: "format checks beyond the e-mail input type are not shown" — the input's own check, in our words. */
function useEmailInput() {
  const ref = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState(false)
  return {
    ref,
    value,
    typed: value.trim(),
    invalid,
    onChange: (next: string) => {
      setValue(next)
      setInvalid(false)
    },
    /** False (and focused, with the error shown) when the browser does not take it for an e-mail. */
    check: () => {
      if (ref.current?.validity.typeMismatch) {
        setInvalid(true)
        ref.current.focus()
        return false
      }
      return true
    },
  }
}

export function ActivateDialog({ referral, onClose }: { referral: Referral | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <ReferralDialog
      referral={referral}
      onClose={onClose}
      title={t('ambassador.activate.title')}
      description={t('ambassador.activate.description')}
    >
      {(selected) => <ActivateForm referral={selected} onDone={onClose} />}
    </ReferralDialog>
  )
}

function ActivateForm({ referral, onDone }: { referral: Referral; onDone: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const email = useEmailInput()
  const activate = useMutation({
    mutationFn: async (authorizedEmail: string) =>
      activateReferralResultSchema.parse(
        await (
          await apiRequest('POST', '/api/ambassador/activate-referral', { referralId: referral._id, authorizedEmail })
        ).json(),
      ),
    onSuccess: (result) => {
      toast({
        title: t('ambassador.activate.success'),
        description: t('ambassador.activate.successText', { salonId: result.salonId, email: result.sentTo }),
        tone: 'success',
      })
      void queryClient.invalidateQueries({ queryKey: ambassadorKeys.referrals })
      void queryClient.invalidateQueries({ queryKey: ambassadorKeys.dashboard })
      onDone()
    },
    onError: (error) =>
      toast({
        title: failureText(error, t, {
          refused: 'ambassador.activate.failed',
          unreachable: 'ambassador.activate.error',
        }),
        tone: 'destructive',
      }),
  })

  return (
    <DialogForm
      onSubmit={() => email.check() && activate.mutate(email.typed)}
      pending={activate.isPending}
      submitDisabled={email.typed === ''}
      submitLabel={t('ambassador.activate.submit')}
      pendingLabel={t('ambassador.activate.submitting')}
      className={COMPACT}
    >
      <Facts
        rows={[
          [t('ambassador.activate.salon'), referral.salonName],
          [t('ambassador.activate.contact'), referral.contactEmail],
        ]}
      />
      <EmailField
        id="activate-authorized-email"
        label={t('ambassador.activate.emailLabel')}
        hint={t('ambassador.activate.emailHint')}
        email={email}
      />
    </DialogForm>
  )
}

export function EditEmailDialog({ referral, onClose }: { referral: Referral | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <ReferralDialog
      referral={referral}
      onClose={onClose}
      title={t('ambassador.editEmail.title')}
      description={t('ambassador.editEmail.description')}
    >
      {(selected) => <EditEmailForm referral={selected} onDone={onClose} />}
    </ReferralDialog>
  )
}

const sameEmail = (a: string, b: string | null) => b !== null && a.trim().toLowerCase() === b.trim().toLowerCase()

function EditEmailForm({ referral, onDone }: { referral: Referral; onDone: () => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const email = useEmailInput()
  const current = referral.authorizedGoogleEmail
  const unchanged = email.typed !== '' && sameEmail(email.typed, current)
  const update = useMutation({
    mutationFn: async (newAuthorizedEmail: string) =>
      updateAuthorizedEmailResultSchema.parse(
        await (
          await apiRequest('PUT', '/api/ambassador/update-authorized-email', {
            salonId: referral.salonId,
            newAuthorizedEmail,
          })
        ).json(),
      ),
    onSuccess: (result) => {
      toast({
        title: t('ambassador.editEmail.success'),
        description: t('activation.emailChangedText', {
          salonId: result.salonId,
          email: result.authorizedEmail,
          sentTo: result.sentTo,
        }),
        tone: 'success',
      })
      void queryClient.invalidateQueries({ queryKey: ambassadorKeys.referrals })
      onDone()
    },
    onError: (error) => {
      toast({
        title: failureText(error, t, {
          refused: 'ambassador.editEmail.failed',
          unreachable: 'ambassador.editEmail.error',
        }),
        tone: 'destructive',
      })
      // 409: the owner signed in meanwhile; the card then shows the e-mail as theirs.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ambassadorKeys.referrals })
        onDone()
      }
    },
  })

  return (
    <DialogForm
      onSubmit={() => email.check() && update.mutate(email.typed)}
      pending={update.isPending}
      submitDisabled={email.typed === '' || unchanged}
      submitLabel={t('ambassador.editEmail.submit')}
      pendingLabel={t('ambassador.editEmail.submitting')}
      className={COMPACT}
    >
      <Facts
        rows={[
          [t('ambassador.editEmail.salon'), referral.salonName],
          [
            t('ambassador.editEmail.salonId'),
            <span key="salonId" className="font-mono">
              {referral.salonId}
            </span>,
          ],
          [t('ambassador.editEmail.current'), current ?? t('ambassador.referrals.notSet')],
        ]}
      />
      <EmailField
        id="edit-authorized-email"
        label={t('ambassador.editEmail.newLabel')}
        hint={unchanged ? t('ambassador.editEmail.unchanged') : t('ambassador.editEmail.hint')}
        email={email}
      />
    </DialogForm>
  )
}

/**
 * "Resend the activation e-mail" of a converted salon whose owner has not signed in yet (the rule
 * of the e-mail change): the toast says where it went and which account it names.
 */
export function ResendActivationButton({ referral }: { referral: Referral }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const resend = useMutation({
    mutationFn: async () =>
      activationMailSentSchema.parse(
        await (
          await apiRequest('POST', '/api/ambassador/resend-activation-email', { salonId: referral.salonId })
        ).json(),
      ),
    onSuccess: (result) =>
      toast({
        title: t('activation.resent'),
        description: t('activation.resentText', {
          sentTo: result.sentTo,
          salonId: result.salonId,
          email: result.authorizedEmail,
        }),
        tone: 'success',
      }),
    onError: (error) => {
      toast({
        title: failureText(error, t, { refused: 'activation.resendFailed', unreachable: 'activation.resendError' }),
        tone: 'destructive',
      })
      // 409: the owner signed in meanwhile; the card then shows the salon as theirs.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ambassadorKeys.referrals })
      }
    },
  })
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-auto! min-h-9 w-full whitespace-normal! bg-surface py-1.5 sm:w-auto sm:self-start"
      onClick={() => resend.mutate()}
      loading={resend.isPending}
      aria-label={t('activation.resendFor', { salon: referral.salonName })}
    >
      {!resend.isPending && <MailPlus aria-hidden className="size-4" />}
      {resend.isPending ? t('activation.resending') : t('activation.resend')}
    </Button>
  )
}

/** Both dialogs ask for the same thing: the Gmail address to authorise. */
function EmailField({
  id,
  label,
  hint,
  email,
}: {
  id: string
  label: string
  hint: string
  email: ReturnType<typeof useEmailInput>
}) {
  const { t } = useTranslation()
  return (
    <Field id={id} label={label} hint={hint} error={email.invalid ? t('ambassador.emailInvalid') : undefined} required>
      {(control) => (
        <Input
          {...control}
          ref={email.ref}
          type="email"
          required
          aria-required
          autoComplete="off"
          placeholder={t('ambassador.activate.emailPlaceholder')}
          value={email.value}
          onChange={(event) => email.onChange(event.target.value)}
          maxLength={254}
        />
      )}
    </Field>
  )
}
