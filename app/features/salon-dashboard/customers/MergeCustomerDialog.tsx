import { DialogForm, FormDialog } from '@app/components/ui/FormDialog'
import { Field, Input } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { ApiError } from '@app/lib/api'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import { useDebouncedValue } from '@app/lib/use-debounced-value'
import type { CustomerDetails, UpcomingBooking } from '@common/schemas/customers'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCustomers, useMergeCustomer } from './customers-api'
import { formatSalonDate } from './visits'

/** Waits for typing to pause before searching, as the Clients tab does. */
const SEARCH_DELAY_MS = 300

/**
 * One person under two files: the owner finds the other file by name or phone and merges it into
 * this one — its bookings, identities on each channel and note join this file, and it goes. The
 * server refuses appointments to come that overlap (listed here) and notes too long together.
 */
export function MergeCustomerDialog({
  salonId,
  customer,
  open,
  onOpenChange,
  onMerged,
}: {
  salonId: string
  customer: CustomerDetails
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The file as merged (its note now holds both). */
  onMerged: (merged: CustomerDetails) => void
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const name = useId()
  const [query, setQuery] = useState('')
  const [chosen, setChosen] = useState<string>()
  const [refusal, setRefusal] = useState<{ text: string; upcoming?: UpcomingBooking[] }>()
  const merge = useMergeCustomer(salonId, customer.id)
  const search = useDebouncedValue(query.trim(), SEARCH_DELAY_MS)
  const found = useCustomers(salonId, search.length >= 2 ? search : '', 1)
  const others = search.length >= 2 ? (found.data?.customers ?? []).filter((c) => c.id !== customer.id) : []

  const submit = () => {
    if (!chosen) return setRefusal({ text: t('customers.merge.choose') })
    setRefusal(undefined)
    merge.mutate(chosen, {
      onSuccess: (merged) => {
        onMerged(merged)
        onOpenChange(false)
        toast({ title: t('customers.merge.done', { name: customer.name }), tone: 'success' })
      },
      onError: (failure) => {
        const code = failure instanceof ApiError ? failure.code : undefined
        const upcoming = (failure instanceof ApiError ? (failure.body as { upcoming?: UpcomingBooking[] }) : {})
          ?.upcoming
        if (code === 'customers.merge_overlap') return setRefusal({ text: t('customers.merge.overlap'), upcoming })
        if (code === 'customers.merge_notes_too_long') return setRefusal({ text: t('customers.merge.notesTooLong') })
        setRefusal({ text: t('customers.merge.error') })
      },
    })
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('customers.merge.title', { name: customer.name })}
      description={t('customers.merge.description')}
    >
      <DialogForm
        onSubmit={submit}
        pending={merge.isPending}
        submitLabel={t('customers.merge.submit')}
        pendingLabel={t('customers.merge.merging')}
        error={refusal?.text}
      >
        <Field id="merge-search" label={t('customers.merge.search')}>
          {(control) => (
            <Input
              {...control}
              type="search"
              value={query}
              autoComplete="off"
              placeholder={t('customers.searchPlaceholder')}
              onChange={(event) => {
                setQuery(event.target.value)
                setChosen(undefined)
              }}
            />
          )}
        </Field>
        {search.length >= 2 && (
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('customers.merge.found')}</legend>
            {others.length === 0 ? (
              <p className="text-sm text-ink-soft">
                {found.isPending ? t('customers.loading') : t('customers.merge.none')}
              </p>
            ) : (
              others.map((other) => (
                <label
                  key={other.id}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm',
                    chosen === other.id ? 'border-primary bg-primary-soft' : 'border-line hover:bg-sand/60',
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    checked={chosen === other.id}
                    onChange={() => setChosen(other.id)}
                    className="size-4 accent-primary"
                  />
                  <span className="flex min-w-0 flex-col">
                    <span className="break-words font-medium">{other.name}</span>
                    <span className="text-ink-soft">
                      {[
                        other.phone,
                        other.bookingCount === 1
                          ? t('customers.bookingsOne')
                          : t('customers.bookings', { count: other.bookingCount }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </span>
                </label>
              ))
            )}
          </fieldset>
        )}
        {refusal?.upcoming && (
          <ul className="list-disc pl-5 text-sm text-ink">
            {refusal.upcoming.map((b) => (
              <li key={b.id}>
                {formatSalonDate(b.localDate, language, 'EEE d MMM')} {b.localTime} · {b.service}
              </li>
            ))}
          </ul>
        )}
      </DialogForm>
    </FormDialog>
  )
}
