import { Mail, Phone } from 'lucide-react'
import { telHref } from './customers/visits'

/**
 * How to reach a customer, as links that call or write: the booking panel and the customer's file
 * show them alike. Without the contact, `missing` says so in words.
 */
export function PhoneLink({ phone, missing }: { phone: string | null; missing: string }) {
  if (!phone) return <span className="text-ink-soft">{missing}</span>
  return (
    <a
      href={telHref(phone)}
      className="inline-flex w-fit items-center gap-1.5 text-primary-hover tabular-nums hover:underline"
    >
      <Phone aria-hidden className="size-3.5 shrink-0" />
      {phone}
    </a>
  )
}

export function EmailLink({ email, missing }: { email: string | null; missing: string }) {
  if (!email) return <span className="text-ink-soft">{missing}</span>
  return (
    <a
      href={`mailto:${email}`}
      className="inline-flex w-fit max-w-full items-center gap-1.5 break-all text-primary-hover hover:underline"
    >
      <Mail aria-hidden className="size-3.5 shrink-0" />
      {email}
    </a>
  )
}
