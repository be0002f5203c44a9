import { cn } from '@app/lib/cn'
import { CheckCircle2, CircleAlert, Info, X } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { Button } from './Button'

import { closeToast, TOAST_DURATION_MS, type ToastTone, useCurrentToast } from './toast-store'

const TONE_STYLES: Record<ToastTone, { box: string; icon: typeof Info }> = {
  default: { box: 'border-line bg-surface text-ink', icon: Info },
  success: { box: 'border-success/30 bg-surface text-ink', icon: CheckCircle2 },
  destructive: { box: 'border-danger/40 bg-danger-soft text-ink', icon: CircleAlert },
}

/** Shows the store's toast (toast-store.ts) in a Radix toast region: mounted once, by DeferredToaster. */
export function Toaster() {
  const { t } = useTranslation()
  const shown = useCurrentToast()
  const tone = TONE_STYLES[shown?.tone ?? 'default']
  const Icon = tone.icon
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label={t('toast.label')}
    >
      {shown && (
        <ToastPrimitive.Root
          key={shown.id}
          open={shown.open}
          duration={shown.duration ?? TOAST_DURATION_MS}
          onOpenChange={(open) => {
            if (!open) closeToast(shown.id)
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-11 shadow-lifted',
            'data-[state=open]:animate-slide-in-right data-[state=closed]:animate-fade-in data-[state=closed]:opacity-0',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            tone.box,
          )}
          data-tone={shown.tone ?? 'default'}
        >
          <Icon
            aria-hidden
            className={cn(
              'mt-0.5 size-5 shrink-0',
              shown.tone === 'success' && 'text-success',
              shown.tone === 'destructive' && 'text-danger',
              (shown.tone ?? 'default') === 'default' && 'text-primary',
            )}
          />
          <div className="flex min-w-0 flex-col gap-1">
            <ToastPrimitive.Title className="font-semibold leading-snug">{shown.title}</ToastPrimitive.Title>
            {shown.description && (
              <ToastPrimitive.Description className="text-sm leading-relaxed text-ink-soft">
                {shown.description}
              </ToastPrimitive.Description>
            )}
            {shown.action && (
              <ToastPrimitive.Action asChild altText={shown.action.label}>
                <Button variant="outline" size="sm" className="mt-1 w-fit" onClick={shown.action.onClick}>
                  {shown.action.label}
                </Button>
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={t('common.close')}
            className="absolute right-3 top-3 inline-flex size-7 cursor-pointer items-center justify-center rounded-full text-ink-soft transition-colors hover:bg-sand hover:text-ink"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label={t('toast.region')}
        className={cn(
          'fixed top-0 right-0 z-[100] flex w-full max-w-md flex-col gap-2 p-4 outline-none sm:top-auto sm:right-4 sm:bottom-4',
          // Over an open dialog (Radix locks the page's scroll, marking the body): at the top, its
          // action buttons being at its bottom, and clear of its close button at its top right — on
          // a phone short of the right edge, on a larger screen at the left.
          '[[data-scroll-locked]_&]:[inset:0_3.5rem_auto_0] [[data-scroll-locked]_&]:w-auto',
          'sm:[[data-scroll-locked]_&]:[inset:1rem_auto_auto_1rem] sm:[[data-scroll-locked]_&]:w-full',
        )}
      />
    </ToastPrimitive.Provider>
  )
}
