import { cn } from '@app/lib/cn'

/** The Salonia mark and wordmark. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg aria-hidden viewBox="0 0 64 64" className="size-8 shrink-0">
        <rect width="64" height="64" rx="16" fill="var(--color-primary)" />
        <path
          d="M40.5 22.5c-1.9-2.6-5-4-8.7-4-5.3 0-9 2.9-9 7 0 3.8 2.8 5.6 8.3 6.8 4.3.9 5.6 1.8 5.6 3.6 0 2-2 3.4-5.1 3.4-3 0-5.4-1.3-6.8-3.6l-3.7 2.6c2 3.4 5.9 5.3 10.4 5.3 5.9 0 9.8-3.1 9.8-7.6 0-4-2.7-5.9-8.6-7.1-4-.8-5.3-1.7-5.3-3.3 0-1.7 1.8-2.9 4.5-2.9 2.4 0 4.3 1 5.5 2.6z"
          fill="var(--color-paper)"
        />
      </svg>
      <span className="font-display text-[1.4rem] font-semibold tracking-tight text-ink">Salonia</span>
    </span>
  )
}
