import { cn } from '@app/lib/cn'
import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps, ReactNode } from 'react'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

const overlayClasses = 'fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px]'

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Accessible name of the close button; no close button without it. */
  closeLabel?: string
  /** When false, a click outside does not close the dialog (spec: the chat profile dialog). */
  dismissOnOutsideClick?: boolean
  /**
   * False over a page that never scrolls (the chat fills the screen): the page is then not locked.
   * Radix's scroll lock injects a stylesheet and marks the body, which restyles the whole page in
   * the task that opens the dialog — on a phone, a long task just as the chat has loaded and opens
   * its welcome, during which no tap is answered.
   */
  scrollLock?: boolean
  children: ReactNode
}

/**
 * The dialog's box stays put; its body scrolls inside it. The close button belongs to the box, so
 * it never scrolls away; DialogHeader and DialogFooter stick to the body's top and bottom, so a long
 * form keeps its title and its buttons in sight (a phone's screen is shorter than most forms). The
 * body's padding (24 px) is the one the header and the footer widen themselves over.
 */
export function DialogContent({
  className,
  closeLabel,
  dismissOnOutsideClick = true,
  scrollLock = true,
  children,
  onPointerDownOutside,
  onInteractOutside,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      {scrollLock ? (
        <DialogPrimitive.Overlay className={cn(overlayClasses, 'data-[state=open]:animate-fade-in')} />
      ) : (
        // Radix's overlay is what locks the scroll; this one only shades the page (and, as Radix's
        // does, takes the pointer the modal dialog takes from the body).
        <div aria-hidden className={cn(overlayClasses, 'pointer-events-auto animate-fade-in')} />
      )}
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden',
          'rounded-3xl border border-line bg-surface shadow-lifted data-[state=open]:animate-pop-in focus-visible:outline-none',
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
        <div className="min-h-0 flex-1 overflow-y-auto p-6">{children}</div>
        {closeLabel && (
          <DialogPrimitive.Close
            className="absolute right-4 top-4 z-20 inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-sand hover:text-ink"
            aria-label={closeLabel}
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

// A sticky box in the padded body sticks at the padding's inner edge: the header and the footer
// reach over the padding (negative margins and offsets) and repeat it inside, on the dialog's own
// background, so nothing shows through above the title or below the buttons. The header sticks
// only where the screen is tall enough (a phone held sideways would be all header and footer); its
// right padding keeps the title clear of the close button.
export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        '-top-6 z-10 -mx-6 -mt-6 mb-1 flex flex-col gap-1.5 bg-surface px-6 pt-6 pr-14 pb-3 [@media(min-height:34rem)]:sticky',
        className,
      )}
      {...props}
    />
  )
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-display text-2xl font-semibold', className)} {...props} />
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm leading-relaxed text-ink-soft', className)} {...props} />
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn(
        'sticky -bottom-6 z-10 -mx-6 -mb-6 mt-3 border-t border-line/70 bg-surface px-6 pt-4 pb-6',
        'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
        className,
      )}
      {...props}
    />
  )
}
