/** An address in a message: http(s), up to the next space (a closing parenthesis or final dot left out). */
const ADDRESS = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]])/

/**
 * A message's text with its web addresses as links (a payment page, the salon's site): tapped on a
 * phone rather than copied. Only http(s) addresses become links; the rest stays text as written.
 */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(ADDRESS)
  if (parts.length === 1) return <>{text}</>
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a
            // The parts never move: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            href={part}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all font-medium text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  )
}
