import { cn } from '@app/lib/cn'
import { Loader2 } from 'lucide-react'
import { Slot } from 'radix-ui'
import type { ComponentProps } from 'react'

const VARIANTS = {
  primary: 'bg-primary text-white shadow-soft hover:bg-primary-hover',
  secondary: 'bg-sand text-ink hover:bg-sand-deep',
  outline: 'border border-line bg-surface text-ink hover:border-ink-soft/40 hover:bg-sand/60',
  ghost: 'text-ink hover:bg-sand',
  danger: 'bg-danger text-white hover:bg-danger/90',
  // A destructive action that is not the page's main one (cancel an appointment).
  dangerGhost: 'text-danger hover:bg-danger-soft',
  // On dark bands (the closing call to action).
  light: 'bg-paper text-ink shadow-soft hover:bg-sand',
  ghostLight: 'text-paper hover:bg-paper/10',
} as const

const SIZES = {
  sm: 'h-9 gap-1.5 rounded-lg px-3 text-sm',
  md: 'h-11 gap-2 rounded-xl px-5 text-[0.95rem]',
  lg: 'h-13 gap-2.5 rounded-2xl px-7 text-base',
  icon: 'size-10 rounded-xl',
} as const

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof VARIANTS
  size?: keyof typeof SIZES
  /** Renders the child element (a link) with the button's look. */
  asChild?: boolean
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  loading = false,
  className,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button'
  return (
    <Component
      className={cn(
        // An icon keeps its size beside a long label.
        'inline-flex shrink-0 cursor-pointer select-none items-center justify-center whitespace-nowrap font-medium transition-colors [&_svg]:shrink-0',
        'disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      disabled={asChild ? undefined : disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {asChild ? (
        children
      ) : (
        <>
          {loading && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {children}
        </>
      )}
    </Component>
  )
}
