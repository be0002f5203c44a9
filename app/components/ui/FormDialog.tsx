import { CircleAlert } from 'lucide-react'
import type { ComponentProps, FormEvent, ReactNode } from 'react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './Button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './Dialog'
import { dismissErrorToast } from './toast-store'

// From 640 px on: a variant outranks DialogContent's max-w-lg, which a plain max-w-2xl does not
// (cn joins classes, the stylesheet's order decides).
const WIDTHS = { default: undefined, wide: 'sm:max-w-2xl' } as const

/** How a page opens and closes one of its dialogs. */
export interface DialogOpenProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

export interface FormDialogProps extends DialogOpenProps {
  title: ReactNode
  description?: ReactNode
  /** `wide` (672 px instead of 512) for a body laid out in columns. */
  width?: keyof typeof WIDTHS
  /** `alertdialog` for a question that must be answered (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog'
  /** False while something is shown once (a new code): a stray click outside must not lose it. */
  dismissOnOutsideClick?: boolean
  onOpenAutoFocus?: ComponentProps<typeof DialogContent>['onOpenAutoFocus']
  /** Mounted only while the dialog is open: a form in it starts afresh at each opening. */
  children: ReactNode
}

/**
 * A titled dialog of the dashboards: the close button, Escape and focus trapping of Radix, and the
 * focus given back on closing to what opened it (these dialogs have no Radix trigger to return to).
 * Its body is usually a `DialogForm`.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  width = 'default',
  role = 'dialog',
  dismissOnOutsideClick,
  onOpenAutoFocus,
  children,
}: FormDialogProps) {
  const { t } = useTranslation()
  const opener = useRef<HTMLElement>(null)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.close')}
        className={WIDTHS[width]}
        role={role}
        dismissOnOutsideClick={dismissOnOutsideClick}
        // Without a description, say so, or Radix warns of a missing one.
        {...(description === undefined && { 'aria-describedby': undefined })}
        onOpenAutoFocus={(event) => {
          // Focus has not moved into the dialog yet: this is the button that opened it.
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
          onOpenAutoFocus?.(event)
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          // Not when the opener is gone (a revoked row), nor when another dialog took the focus.
          // Without scrolling: a dialog opened by a drop on the agenda gives the focus back to the
          // date field it last had, which must not pull the page up to it.
          const focused = document.activeElement
          if (opener.current?.isConnected && (!focused || focused === document.body))
            opener.current.focus({ preventScroll: true })
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description !== undefined && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  )
}

interface ActionProps {
  /** The action's text; `pendingLabel` replaces it while `pending`, if given. */
  submitLabel: ReactNode
  pendingLabel?: ReactNode
  /** The action runs: a spinner on its button, both buttons disabled, no second submission. */
  pending?: boolean
  /** The action cannot run yet (nothing typed). */
  submitDisabled?: boolean
  submitVariant?: 'primary' | 'danger'
  /** Another action at the footer's start (a danger "cancel the booking" beside the edit). */
  secondaryAction?: ReactNode
  /** The closing button's text, when "Annuler" would read as the action itself ("Garder mon rendez-vous"). */
  dismissLabel?: ReactNode
}

/** "Annuler", which closes the dialog, and the action. */
function DialogActions({
  submitLabel,
  pendingLabel,
  pending = false,
  submitDisabled,
  submitVariant = 'primary',
  secondaryAction,
  dismissLabel,
  onAction,
}: ActionProps & { onAction?: () => void }) {
  const { t } = useTranslation()
  return (
    <DialogFooter>
      {secondaryAction && <div className="flex flex-col sm:mr-auto">{secondaryAction}</div>}
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={pending}>
          {dismissLabel ?? t('common.cancel')}
        </Button>
      </DialogClose>
      <Button
        type={onAction ? 'button' : 'submit'}
        variant={submitVariant}
        disabled={submitDisabled}
        loading={pending}
        onClick={onAction}
      >
        {pending && pendingLabel !== undefined ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  )
}

export interface DialogFormProps extends ActionProps {
  /** Called on submission (the browser's own is prevented), never while pending or disabled. */
  onSubmit: () => void
  /** The server's refusal, announced, above the buttons. */
  error?: ReactNode
  /**
   * Replaces the body's layout, a column of fields 20 px apart that keeps 44 px above the buttons
   * (`cn` joins classes without merging them: a `gap-4` added to `gap-5` would not win).
   */
  className?: string
  children: ReactNode
}

/** The form of a FormDialog: its fields, the server's refusal if any, "Annuler" and the action. */
export function DialogForm({ onSubmit, error, className, children, ...actions }: DialogFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!actions.pending && !actions.submitDisabled) onSubmit()
  }
  return (
    // A field changed: the refusal an error toast reported is being corrected.
    <form onSubmit={submit} onChange={dismissErrorToast} noValidate>
      <div className={className ?? 'flex flex-col gap-5 pb-5'}>
        {children}
        {error && (
          <p role="alert" className="flex gap-2 rounded-xl bg-danger-soft p-3 text-sm text-ink">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
            {error}
          </p>
        )}
      </div>
      <DialogActions {...actions} />
    </form>
  )
}

export interface ConfirmDialogProps extends Omit<ActionProps, 'submitDisabled' | 'secondaryAction'> {
  open: boolean
  /** Asked on "Annuler", Escape, the close button or a click outside; not while pending. */
  onClose: () => void
  onConfirm: () => void
  title: ReactNode
  description: ReactNode
  /** What the question is about, shown between the description and the buttons (no fields). */
  children?: ReactNode
}

/** A question without fields ("Révoquer ce code ?"): the action is a danger one unless told otherwise. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  submitVariant = 'danger',
  children,
  ...actions
}: ConfirmDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && !actions.pending && onClose()}
      role="alertdialog"
      title={title}
      description={description}
    >
      {children}
      <DialogActions {...actions} submitVariant={submitVariant} onAction={onConfirm} />
    </FormDialog>
  )
}
