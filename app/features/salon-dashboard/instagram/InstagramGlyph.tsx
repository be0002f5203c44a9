/**
 * Instagram's camera outline in lucide's style (lucide no longer ships brand marks): a rounded
 * square, the lens and the flash dot, drawn with the current colour.
 */
export function InstagramGlyph({ className }: { className?: string; 'aria-hidden'?: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <line x1="17.5" y1="6.5" x2="17.51" y2="6.5" />
    </svg>
  )
}
