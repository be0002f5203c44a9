import { cn } from '@app/lib/cn'

/** A country's flag (3:2), drawn from /flags so it looks the same on every system. */
export function Flag({ country, className }: { country: string; className?: string }) {
  return (
    <img
      src={`/flags/${country.toUpperCase()}.svg`}
      alt=""
      width={21}
      height={14}
      loading="lazy"
      decoding="async"
      className={cn('h-3.5 w-[21px] shrink-0 rounded-[3px] object-cover ring-1 ring-ink/10', className)}
    />
  )
}
