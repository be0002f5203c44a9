import { useTranslation } from 'react-i18next'

/**
 * "Tell the customer?" on a move made by the salon: ticked by default (they need to know), unticked
 * when the salon already told them by phone or at the desk.
 */
export function TellCustomerField({
  name,
  checked,
  onChange,
}: {
  /** The customer's name, as the booking shows it. */
  name: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-line/80 p-3.5">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <span className="flex flex-col gap-0.5">
        <span className="text-sm font-medium">{t('desk.move.tell', { name })}</span>
        <span className="text-sm text-ink-soft">{t(checked ? 'desk.move.tellHint' : 'desk.move.quietHint')}</span>
      </span>
    </label>
  )
}
