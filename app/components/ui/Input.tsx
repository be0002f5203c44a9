import { cn } from '@app/lib/cn'
import { useKeepTypedText } from '@app/lib/hydration'
import { Label as LabelPrimitive } from 'radix-ui'
import type { ComponentProps, ReactNode } from 'react'
import { useId } from 'react'

export const fieldClasses =
  'h-11 w-full rounded-xl border border-line bg-surface px-3.5 text-[0.95rem] text-ink shadow-xs transition-colors placeholder:text-ink-soft/80 hover:border-ink-soft/40 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger aria-invalid:ring-danger/15'

export function Input({ className, ref, ...props }: ComponentProps<'input'>) {
  const keepTyped = useKeepTypedText(props.value, ref)
  return <input ref={keepTyped} className={cn(fieldClasses, className)} {...props} />
}

export function Textarea({ className, ref, ...props }: ComponentProps<'textarea'>) {
  const keepTyped = useKeepTypedText(props.value, ref)
  return <textarea ref={keepTyped} className={cn(fieldClasses, 'h-auto min-h-24 py-2.5', className)} {...props} />
}

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn('text-sm font-medium text-ink', className)} {...props} />
}

export interface FieldProps {
  /** The control's id (generated when absent). */
  id?: string
  label: ReactNode
  /** Shown under the control; an error replaces it. */
  hint?: ReactNode
  error?: ReactNode
  required?: boolean
  optionalLabel?: string
  className?: string
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode
}

/** A label, a control, and its hint or error, wired together for screen readers. */
export function Field({ id: givenId, label, hint, error, required, optionalLabel, className, children }: FieldProps) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id} className="flex items-baseline justify-between gap-2">
        <span>
          {label}
          {required && (
            <span aria-hidden className="ml-0.5 text-primary">
              *
            </span>
          )}
        </span>
        {!required && optionalLabel && <span className="text-xs font-normal text-ink-soft">{optionalLabel}</span>}
      </Label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
