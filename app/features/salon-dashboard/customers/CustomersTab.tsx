import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader } from '@app/components/ui/Card'
import { Input } from '@app/components/ui/Input'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import { CUSTOMER_SEARCH_MAX, type CustomerSummary } from '@common/schemas/customers'
import { ChevronLeft, ChevronRight, CircleAlert, Search, UserRound, UsersRound } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CustomerPanel } from './CustomerPanel'
import { useCustomers } from './customers-api'
import { formatSalonDate, telHref } from './visits'

/** How long typing pauses before the search runs. */
const SEARCH_DELAY_MS = 250

/**
 * Clients: the salon's customers by name, searched by name or phone, a page at a time; each opens
 * their file (bookings, channels, no-shows, notes), where the salon exports or erases their data.
 */
export function CustomersTab({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [opened, setOpened] = useState<string>()
  const customers = useCustomers(salonId, search, page)

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim())
      setPage(1)
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])

  const data = customers.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-1.5">
          <h2 className="font-display text-xl font-semibold leading-tight">{t('customers.title')}</h2>
          <CardDescription>{t('customers.description')}</CardDescription>
        </div>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-soft"
          />
          <Input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={CUSTOMER_SEARCH_MAX}
            aria-label={t('customers.searchLabel')}
            placeholder={t('customers.searchPlaceholder')}
            autoComplete="off"
            className="pl-10"
          />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {customers.isPending ? (
          <LoadingRows />
        ) : customers.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-danger-soft p-4 sm:flex-row">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
            <p className="flex-1 text-ink">{t('customers.loadError')}</p>
            <Button variant="outline" size="sm" onClick={() => void customers.refetch()}>
              {t('customers.retry')}
            </Button>
          </div>
        ) : data && data.customers.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-10 text-center">
            <UsersRound aria-hidden className="mb-1 size-8 text-ink-soft" />
            <p className="font-medium">{search ? t('customers.noResults', { search }) : t('customers.empty')}</p>
            {!search && <p className="text-sm text-ink-soft">{t('customers.emptyHint')}</p>}
          </div>
        ) : data ? (
          <>
            <p className="text-sm text-ink-soft" aria-live="polite">
              {search
                ? data.total === 1
                  ? t('customers.foundOne', { search })
                  : t('customers.found', { count: data.total, search })
                : data.total === 1
                  ? t('customers.countOne')
                  : t('customers.count', { count: data.total })}
            </p>
            {/* The previous search's answer, dimmed and busy, until this one's arrives. */}
            <ul
              aria-label={t('customers.listLabel')}
              aria-busy={customers.isPlaceholderData || undefined}
              className={cn('divide-y divide-line/70', customers.isPlaceholderData && 'opacity-60')}
            >
              {data.customers.map((customer) => (
                <CustomerRow key={customer.id} customer={customer} onOpen={() => setOpened(customer.id)} />
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label={t('customers.pagesLabel')} className="flex items-center justify-between gap-3 pt-1">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  <ChevronLeft aria-hidden className="size-4" />
                  {t('customers.previous')}
                </Button>
                <span className="text-sm text-ink-soft tabular-nums">
                  {t('customers.pageOf', { page: data.page, pages })}
                </span>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {t('customers.next')}
                  <ChevronRight aria-hidden className="size-4" />
                </Button>
              </nav>
            )}
          </>
        ) : null}
      </CardContent>
      <CustomerPanel salonId={salonId} customerId={opened} onOpenChange={(open) => !open && setOpened(undefined)} />
    </Card>
  )
}

/** One customer: name (opens the file), phone to call, last and next visit, bookings and no-shows. */
function CustomerRow({ customer, onOpen }: { customer: CustomerSummary; onOpen: () => void }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <li className="flex flex-col gap-2 py-3.5 first:pt-1 last:pb-1 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          aria-hidden
          className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-hover"
        >
          <UserRound className="size-4.5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <button
            type="button"
            onClick={onOpen}
            className="self-start break-words rounded text-left font-semibold text-ink underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/30"
          >
            {customer.name}
          </button>
          {customer.phone ? (
            <a
              href={telHref(customer.phone)}
              className="self-start text-sm text-primary-hover tabular-nums hover:underline"
            >
              {customer.phone}
            </a>
          ) : (
            <span className="text-sm text-ink-soft">{t('customers.noPhone')}</span>
          )}
          <p className="flex flex-col text-sm text-ink-soft sm:flex-row sm:flex-wrap sm:gap-x-1.5">
            <span>
              {customer.lastVisit
                ? t('customers.lastVisit', { date: formatSalonDate(customer.lastVisit.localDate, language) })
                : t('customers.noVisitYet')}
            </span>
            {customer.nextVisit && (
              <>
                <span aria-hidden className="hidden sm:inline">
                  ·
                </span>
                <span className="sr-only">, </span>
                <span>
                  {t('customers.nextVisit', {
                    date: formatSalonDate(customer.nextVisit.localDate, language, 'EEE d MMM'),
                    time: customer.nextVisit.localTime,
                  })}
                </span>
              </>
            )}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5 pl-12 sm:justify-end sm:pl-0">
        <Badge>
          {customer.bookingCount === 1
            ? t('customers.bookingsOne')
            : t('customers.bookings', { count: customer.bookingCount })}
        </Badge>
        {customer.noShowCount > 0 && (
          <Badge tone="danger">
            {customer.noShowCount === 1
              ? t('customers.noShowsOne')
              : t('customers.noShows', { count: customer.noShowCount })}
          </Badge>
        )}
      </div>
    </li>
  )
}

function LoadingRows() {
  const { t } = useTranslation()
  return (
    <div role="status" className="flex flex-col gap-5 py-1">
      <span className="sr-only">{t('customers.loading')}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden className="flex items-center gap-3">
          <span className="size-9 animate-pulse rounded-full bg-sand-deep/70" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-4 w-40 max-w-full animate-pulse rounded-full bg-sand-deep/70" />
            <span className="h-3 w-28 animate-pulse rounded-full bg-sand" />
          </span>
        </div>
      ))}
    </div>
  )
}
