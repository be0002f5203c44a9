import { Button } from '@app/components/ui/Button'
import { Field, fieldClasses, Input } from '@app/components/ui/Input'
import { cn } from '@app/lib/cn'
import { useDebouncedValue } from '@app/lib/use-debounced-value'
import { LANGUAGES, type Language } from '@common/languages'
import { CUSTOMER_SEARCH_MAX, type CustomerSummary } from '@common/schemas/customers'
import { Search, UserRound } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useCustomerSearch } from './desk-api'

/** Waits for typing to pause before searching, as the Clients tab does. */
const SEARCH_DELAY_MS = 300

/** Who the booking is for: a customer the salon has (found by name or phone), or a new one. */
export interface CustomerDraft {
  mode: 'existing' | 'new'
  query: string
  chosen?: Pick<CustomerSummary, 'id' | 'name' | 'phone'>
  name: string
  phone: string
  email: string
  language: Language
}

/** Nobody chosen yet; a new customer would speak `language` (the salon's country's). */
export function noCustomerYet(language: Language): CustomerDraft {
  return { mode: 'existing', query: '', name: '', phone: '', email: '', language }
}

export type CustomerProblems = Partial<Record<'chosen' | 'name' | 'phone' | 'email', string>>

// The server's own rules (common/schemas), checked before sending.
const PHONE = /^\+?[0-9 ().-]{6,30}$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function checkCustomer(draft: CustomerDraft): CustomerProblems {
  const problems: CustomerProblems = {}
  if (draft.mode === 'existing') {
    if (!draft.chosen) problems.chosen = 'desk.customer.problems.choose'
    return problems
  }
  if (!draft.name.trim()) problems.name = 'desk.customer.problems.name'
  if (draft.phone.trim() && !PHONE.test(draft.phone.trim())) problems.phone = 'desk.customer.problems.phone'
  if (draft.email.trim() && !EMAIL.test(draft.email.trim())) problems.email = 'desk.customer.problems.email'
  return problems
}

/** The booking's customer part of POST /api/salons/:id/bookings. */
export function customerInput(draft: CustomerDraft) {
  if (draft.mode === 'existing') return { customerId: draft.chosen?.id ?? '' }
  const phone = draft.phone.trim()
  const email = draft.email.trim()
  return {
    customer: {
      name: draft.name.trim(),
      ...(phone && { phone }),
      ...(email && { email }),
      language: draft.language,
    },
  }
}

export interface CustomerPickerProps {
  salonId: string
  draft: CustomerDraft
  onChange: (draft: CustomerDraft) => void
  problems: CustomerProblems
  /** Keeps ids unique when several people are booked at once. */
  idPrefix?: string
  /** The fieldset's title (a visit of several people names each). */
  legend?: string
}

/** "Existing customer" (search by name or phone, pick from the results) or "New customer" (their contacts). */
export function CustomerPicker({
  salonId,
  draft,
  onChange,
  problems,
  idPrefix = 'new-booking',
  legend,
}: CustomerPickerProps) {
  const { t } = useTranslation()
  const name = useId()
  const update = (changes: Partial<CustomerDraft>) => onChange({ ...draft, ...changes })
  const errorOf = (key: keyof CustomerProblems) => (problems[key] ? t(problems[key] as string) : undefined)

  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-2 text-sm font-semibold">{legend ?? t('desk.customer.title')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(['existing', 'new'] as const).map((mode) => (
          <label
            key={mode}
            className={cn(
              'relative flex h-11 cursor-pointer items-center justify-center rounded-xl border px-2 text-center text-sm font-medium',
              'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-primary/30',
              draft.mode === mode ? 'border-primary bg-primary-soft/60 text-primary-hover' : 'border-line bg-surface',
            )}
          >
            <input
              type="radio"
              name={name}
              value={mode}
              checked={draft.mode === mode}
              onChange={() => update({ mode })}
              // Over the whole chip, invisible: a click anywhere on it is a click on the radio.
              className="absolute inset-0 size-full cursor-pointer opacity-0"
            />
            {t(`desk.customer.mode.${mode}`)}
          </label>
        ))}
      </div>
      {draft.mode === 'existing' ? (
        draft.chosen ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-primary/50 bg-primary-soft/30 p-3">
            <span className="flex min-w-0 items-center gap-2">
              <UserRound aria-hidden className="size-4 shrink-0 text-primary-hover" />
              <span className="min-w-0 break-words font-medium">
                {draft.chosen.name}
                {draft.chosen.phone && (
                  <span className="font-normal text-ink-soft tabular-nums"> · {draft.chosen.phone}</span>
                )}
              </span>
            </span>
            <Button type="button" variant="outline" size="sm" onClick={() => update({ chosen: undefined })}>
              {t('desk.customer.change')}
            </Button>
          </div>
        ) : (
          <CustomerSearch
            salonId={salonId}
            query={draft.query}
            onQuery={(query) => update({ query })}
            onChoose={(chosen) => update({ chosen: { id: chosen.id, name: chosen.name, phone: chosen.phone } })}
            error={errorOf('chosen')}
            idPrefix={idPrefix}
          />
        )
      ) : (
        <NewCustomerFields draft={draft} update={update} errorOf={errorOf} idPrefix={idPrefix} />
      )}
    </fieldset>
  )
}

function CustomerSearch({
  salonId,
  query,
  onQuery,
  onChoose,
  error,
  idPrefix,
}: {
  salonId: string
  query: string
  onQuery: (query: string) => void
  onChoose: (customer: CustomerSummary) => void
  error: string | undefined
  idPrefix: string
}) {
  const { t } = useTranslation()
  const search = useDebouncedValue(query.trim(), SEARCH_DELAY_MS)
  const found = useCustomerSearch(salonId, search)
  const customers = found.data?.customers ?? []

  return (
    <div className="flex flex-col gap-2">
      <Field id={`${idPrefix}-search`} label={t('desk.customer.search')} error={error}>
        {(control) => (
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-ink-soft"
            />
            <input
              {...control}
              type="search"
              autoComplete="off"
              value={query}
              maxLength={CUSTOMER_SEARCH_MAX}
              onChange={(event) => onQuery(event.target.value)}
              placeholder={t('desk.customer.searchPlaceholder')}
              className={cn(fieldClasses, 'pl-10')}
            />
          </div>
        )}
      </Field>
      {search.length < 2 ? (
        <p className="text-sm text-ink-soft">{t('desk.customer.searchHint')}</p>
      ) : found.isPending ? (
        <p role="status" className="text-sm text-ink-soft">
          {t('desk.customer.searching')}
        </p>
      ) : found.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('desk.customer.searchError')}
        </p>
      ) : customers.length === 0 ? (
        <p role="status" className="text-sm text-ink-soft">
          {t('desk.customer.noneFound', { search })}
        </p>
      ) : (
        <ul
          aria-label={t('desk.customer.results')}
          className="flex max-h-56 flex-col divide-y divide-line/70 overflow-y-auto rounded-xl border border-line/80"
        >
          {customers.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                onClick={() => onChoose(customer)}
                className="flex min-h-11 w-full cursor-pointer flex-wrap items-center justify-between gap-x-3 px-3 py-2 text-left hover:bg-sand/60 focus-visible:bg-sand/60 focus-visible:outline-none"
              >
                <span className="min-w-0 break-words font-medium">{customer.name}</span>
                <span className="text-sm text-ink-soft tabular-nums">{customer.phone ?? t('desk.panel.noPhone')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function NewCustomerFields({
  draft,
  update,
  errorOf,
  idPrefix,
}: {
  draft: CustomerDraft
  update: (changes: Partial<CustomerDraft>) => void
  errorOf: (key: keyof CustomerProblems) => string | undefined
  idPrefix: string
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4">
      <Field id={`${idPrefix}-name`} label={t('desk.customer.name')} error={errorOf('name')} required>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            maxLength={80}
            value={draft.name}
            onChange={(event) => update({ name: event.target.value })}
            aria-required
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${idPrefix}-phone`}
          label={t('desk.customer.phone')}
          optionalLabel={t('common.optional')}
          error={errorOf('phone')}
        >
          {(control) => (
            <Input
              {...control}
              type="tel"
              autoComplete="off"
              maxLength={32}
              value={draft.phone}
              onChange={(event) => update({ phone: event.target.value })}
            />
          )}
        </Field>
        <Field
          id={`${idPrefix}-email`}
          label={t('desk.customer.email')}
          optionalLabel={t('common.optional')}
          hint={t('desk.customer.emailHint')}
          error={errorOf('email')}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={draft.email}
              onChange={(event) => update({ email: event.target.value })}
            />
          )}
        </Field>
      </div>
      <Field id={`${idPrefix}-language`} label={t('desk.customer.language')} hint={t('desk.customer.languageHint')}>
        {(control) => (
          <select
            {...control}
            value={draft.language}
            onChange={(event) => update({ language: event.target.value as Language })}
            className={cn(fieldClasses, 'cursor-pointer sm:max-w-56')}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`desk.languages.${language}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  )
}
