import { cn } from '@app/lib/cn'
import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps, ReactNode } from 'react'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Accessible name of the close button; no close button without it. */
  closeLabel?: string
  /** When false, a click outside does not close the dialog (spec: the chat profile dialog). */
  dismissOnOutsideClick?: boolean
  children: ReactNode
}

export function DialogContent({
  className,
  closeLabel,
  dismissOnOutsideClick = true,
  children,
  onPointerDownOutside,
  onInteractOutside,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-3xl border border-line bg-surface p-6 shadow-lifted data-[state=open]:animate-pop-in focus-visible:outline-none',
          className,
        )}
        onPointerDownOutside={(event) => {
          if (!dismissOnOutsideClick) event.preventDefault()
          onPointerDownOutside?.(event)
        }}
        onInteractOutside={(event) => {
          if (!dismissOnOutsideClick) event.preventDefault()
          onInteractOutside?.(event)
        }}
        {...props}
      >
        {children}
        {closeLabel && (
          <DialogPrimitive.Close
            className="absolute right-4 top-4 inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-sand hover:text-ink"
            aria-label={closeLabel}
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-4 flex flex-col gap-1.5 pr-8', className)} {...props} />
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-display text-2xl font-semibold', className)} {...props} />
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm leading-relaxed text-ink-soft', className)} {...props} />
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
}
