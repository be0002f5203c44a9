/**
 * WhatsApp's mark in lucide's style (lucide ships no brand marks): a speech bubble with its tail
 * at the bottom left, and a handset inside, drawn with the current colour.
 */
export function WhatsAppGlyph({ className }: { className?: string }) {
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
      <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
      <path
        fill="currentColor"
        stroke="none"
        d="M9.2 8.2c.3-.3.8-.3 1.1 0l.9 1.2c.2.3.2.7-.1 1l-.5.5c.5 1.1 1.4 2 2.5 2.5l.5-.5c.3-.3.7-.3 1-.1l1.2.9c.3.3.3.8 0 1.1l-.6.6c-.6.6-1.5.8-2.3.5-2-.8-3.6-2.4-4.4-4.4-.3-.8-.1-1.7.5-2.3z"
      />
    </svg>
  )
}
