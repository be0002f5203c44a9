import { Button } from '@app/components/ui/Button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@app/components/ui/Dialog'
import { Field, Input } from '@app/components/ui/Input'
import { ArrowRight } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  cleanProfileInput,
  EMAIL_MAX_LENGTH,
  isPlausibleEmail,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  type ProfileInput,
} from './profile'

export type ProfileDialogMode = 'welcome' | 'edit'

/**
 * The customer's first name (required), phone and e-mail (optional: where reminders go). On a first visit ('welcome') it is the
 * way into the chat and cannot be put aside; opened from 'Profil' ('edit') it can be closed with its
 * button or Escape. A click outside never closes it (spec §2). Saving is immediate: no spinner for
 * show.
 */
export function ProfileDialog({
  mode,
  salonName,
  initial,
  onSave,
  onClose,
  onClosed,
}: {
  mode: ProfileDialogMode | null
  salonName: string | undefined
  initial: ProfileInput | undefined
  onSave: (input: ProfileInput) => void
  onClose: () => void
  /** Where focus goes once closed: back to the Profil button unless this prevents it. */
  onClosed?: (event: Event) => void
}) {
  const { t } = useTranslation()
  const welcome = mode === 'welcome'
  // The form comes a render after the dialog's box: opening the box makes the browser compute its
  // styles at once (Radix reads its animation), and the form in the same task would make that one
  // long task as the chat loads. The box pops in from transparent, so nothing shows it empty.
  const [formMode, setFormMode] = useState<ProfileDialogMode | null>(null)
  useEffect(() => {
    // A task of its own: React would run an effect's update in the task that opened the box.
    const timer = setTimeout(() => setFormMode(mode), 0)
    return () => clearTimeout(timer)
  }, [mode])
  return (
    <Dialog
      open={mode !== null}
      onOpenChange={(open) => {
        if (!open && !welcome) onClose()
      }}
    >
      <DialogContent
        dismissOnOutsideClick={false}
        // The chat fills the screen and never scrolls as a page.
        scrollLock={false}
        closeLabel={welcome ? undefined : t('common.close')}
        onEscapeKeyDown={(event) => {
          if (welcome) event.preventDefault()
        }}
        // Not Radix's focus as the box opens: the form focuses its first field (focusFirstFieldAfterPaint).
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={onClosed}
        className="max-w-md"
      >
        {/* Remounted for each opening, so the fields start from the saved profile. */}
        {mode && formMode === mode && (
          <ProfileForm key={mode} welcome={welcome} salonName={salonName} initial={initial} onSave={onSave} />
        )}
      </DialogContent>
    </Dialog>
  )
}

/**
 * The first field gets the focus once the form has painted, not in the task that mounts it:
 * focusing there lays the whole page out at once, and the welcome opens just as the chat loads —
 * one long task more during which the phone answers no tap.
 */
function focusFirstFieldAfterPaint(form: HTMLFormElement): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      const field = form.querySelector('input')
      // Not when the visitor has already gone into the dialog.
      if (!field || form.contains(document.activeElement)) return
      field.focus({ preventScroll: true })
      field.select()
    }, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

function ProfileForm({
  welcome,
  salonName,
  initial,
  onSave,
}: {
  welcome: boolean
  salonName: string | undefined
  initial: ProfileInput | undefined
  onSave: (input: ProfileInput) => void
}) {
  const { t } = useTranslation()
  const [name, setName] = useState(initial?.name ?? '')
  const [phone, setPhone] = useState(initial?.phone ?? '')
  const [email, setEmail] = useState(initial?.email ?? '')
  const [emailShown, setEmailShown] = useState(false)
  const emailInvalid = email.trim() !== '' && !isPlausibleEmail(email.trim())
  const blank = name.trim() === ''
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => (formRef.current ? focusFirstFieldAfterPaint(formRef.current) : undefined), [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (blank) return
    if (emailInvalid) {
      setEmailShown(true)
      return
    }
    onSave(cleanProfileInput({ name, phone, email }))
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <div className="mb-6 flex flex-col gap-2 pr-8">
        {welcome && salonName && (
          <p className="text-xs font-semibold uppercase tracking-[0.18em] text-primary">{salonName}</p>
        )}
        {/* The page behind is hidden from assistive technologies while this is open: it is the page's heading. */}
        <DialogTitle asChild>
          <h1 className="font-display text-[1.75rem] font-semibold leading-tight tracking-tight">
            {welcome ? t('chat.title') : t('chat.profile.editTitle')}
          </h1>
        </DialogTitle>
        <DialogDescription>
          {welcome ? t('chat.profile.welcomeDescription') : t('chat.profile.editDescription')}
        </DialogDescription>
      </div>
      <div className="flex flex-col gap-4">
        <Field label={t('chat.profile.name')} required>
          {(control) => (
            <Input
              {...control}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={NAME_MAX_LENGTH}
              autoComplete="given-name"
              aria-required
            />
          )}
        </Field>
        <Field label={t('chat.profile.phone')} optionalLabel={t('common.optional')} hint={t('chat.profile.phoneHint')}>
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              maxLength={PHONE_MAX_LENGTH}
              autoComplete="tel"
              placeholder={t('chat.profile.phonePlaceholder')}
            />
          )}
        </Field>
        <Field
          label={t('chat.profile.email')}
          optionalLabel={t('common.optional')}
          hint={t('chat.profile.emailHint')}
          error={emailShown && emailInvalid ? t('chat.profile.emailInvalid') : undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              onBlur={() => setEmailShown(true)}
              maxLength={EMAIL_MAX_LENGTH}
              autoComplete="email"
            />
          )}
        </Field>
      </div>
      <DialogFooter className={welcome ? 'sm:justify-stretch' : undefined}>
        {!welcome && (
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('chat.profile.cancel')}
            </Button>
          </DialogClose>
        )}
        <Button type="submit" disabled={blank} className={welcome ? 'w-full' : undefined}>
          {welcome ? t('chat.profile.start') : t('chat.profile.save')}
          {welcome && <ArrowRight aria-hidden className="size-4" />}
        </Button>
      </DialogFooter>
      {welcome && (
        // Over the footer's bottom padding (the footer reaches over the dialog's own): 16 px below the button.
        <p className="relative z-20 mt-4 text-center text-xs leading-relaxed text-ink-soft">
          {t('chat.profile.privacy')}
        </p>
      )}
    </form>
  )
}
