import { cn } from '@app/lib/cn'

/** The salon's initial in a round seal, as on the home page's chat preview. */
export function SalonSeal({ name, className }: { name: string | undefined; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-display font-semibold text-white ring-2 ring-brass/35 ring-offset-2 ring-offset-surface',
        className,
      )}
    >
      {name?.trim().charAt(0).toUpperCase() || 'S'}
    </span>
  )
}
