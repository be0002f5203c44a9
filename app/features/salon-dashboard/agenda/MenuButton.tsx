import type { ComponentProps, ReactNode } from 'react'

/** A line of a small menu in a popover: an icon, then what it does. */
export function MenuButton({ icon, children, ...button }: ComponentProps<'button'> & { icon?: ReactNode }) {
  return (
    <button
      type="button"
      {...button}
      className="flex min-h-11 w-full cursor-pointer items-center gap-2.5 rounded-xl px-2.5 text-left text-sm font-medium text-ink transition-colors hover:bg-sand focus-visible:bg-sand focus-visible:outline-none"
    >
      {icon && <span className="text-primary">{icon}</span>}
      {children}
    </button>
  )
}
