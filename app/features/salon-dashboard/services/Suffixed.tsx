import type { ReactNode } from 'react'

/** A field with its unit inside, at the end ("min", "EUR", "%", "h avant"). */
export function Suffixed({ suffix, children }: { suffix: string; children: ReactNode }) {
  return (
    <div className="relative">
      {children}
      <span
        aria-hidden
        className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm font-medium text-ink-soft"
      >
        {suffix}
      </span>
    </div>
  )
}
