import { CardDescription } from '@app/components/ui/Card'
import type { ReactNode } from 'react'

/**
 * The head of a panel section: its title as an h2 under the page's h1 (the cards' own titles are
 * h3, for cards inside a page section), an optional count, a description and actions on the right.
 */
export function SectionHeader({
  id,
  title,
  count,
  description,
  actions,
}: {
  id: string
  title: string
  count?: number
  description: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="flex flex-col gap-3 p-5 pb-3 sm:flex-row sm:items-start sm:justify-between sm:p-6 sm:pb-3">
      <div className="flex min-w-0 flex-col gap-1.5">
        <h2 className="font-display text-xl font-semibold leading-tight">
          {/* The id names the section's list or table: the title alone, without the count. */}
          <span id={id}>{title}</span>
          {count !== undefined && (
            <span className="ml-2 inline-block rounded-full bg-sand px-2 py-0.5 align-middle font-sans text-xs font-semibold tabular-nums text-ink-soft">
              {count}
            </span>
          )}
        </h2>
        <CardDescription>{description}</CardDescription>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  )
}
