import { apiRequest } from '@app/lib/api'
import type { CustomerDetails, CustomerErased, CustomerList } from '@common/schemas/customers'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { salonKeys } from '../dashboard-api'

/** The salon's customers: every key starts here, so one invalidation refreshes list and files. */
const customersKey = (salonId: string) => ['/api/salons', salonId, 'customers']

export const customerKeys = {
  all: customersKey,
  list: (salonId: string, q: string, page: number) => [...customersKey(salonId), { q, page }],
  /** Joined with '/', the key is the file's URL (the default query function reads it). */
  one: (salonId: string, customerId: string) => [...customersKey(salonId), customerId],
}

export function customersUrl(salonId: string, q: string, page: number): string {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return `/api/salons/${salonId}/customers${query ? `?${query}` : ''}`
}

export function customerExportUrl(salonId: string, customerId: string): string {
  return `/api/salons/${salonId}/customers/${customerId}/export`
}

/** One page of the list; the previous page stays on screen while the next one (or a search) loads. */
export function useCustomers(salonId: string, q: string, page: number) {
  return useQuery<CustomerList>({
    queryKey: customerKeys.list(salonId, q, page),
    queryFn: async () => (await (await apiRequest('GET', customersUrl(salonId, q, page))).json()) as CustomerList,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

export function useCustomer(salonId: string, customerId: string | undefined) {
  return useQuery<CustomerDetails>({
    queryKey: customerKeys.one(salonId, customerId ?? ''),
    enabled: Boolean(customerId),
  })
}

export function useSaveCustomerNotes(salonId: string, customerId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (notes: string) =>
      (await (
        await apiRequest('PATCH', `/api/salons/${salonId}/customers/${customerId}`, { notes })
      ).json()) as CustomerDetails,
    onSuccess: (saved) => queryClient.setQueryData(customerKeys.one(salonId, customerId), saved),
  })
}

/** Erasure: the list, and what shows the bookings' customer names (dashboard, bookings), go stale. */
export function useEraseCustomer(salonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (customerId: string) =>
      (await (
        await apiRequest('POST', `/api/salons/${salonId}/customers/${customerId}/erase`, {})
      ).json()) as CustomerErased,
    onSuccess: (erased) => {
      queryClient.removeQueries({ queryKey: customerKeys.one(salonId, erased.id), exact: true })
      return Promise.all(
        [customerKeys.all(salonId), salonKeys.dashboard(salonId), salonKeys.bookings(salonId)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      )
    },
  })
}

/** Merging a duplicate into this file: the file comes back whole; the duplicate's file is gone. */
export function useMergeCustomer(salonId: string, keptId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (duplicateId: string) =>
      (await (
        await apiRequest('POST', `/api/salons/${salonId}/customers/${keptId}/merge`, { duplicateId })
      ).json()) as CustomerDetails,
    onSuccess: (merged, duplicateId) => {
      queryClient.removeQueries({ queryKey: customerKeys.one(salonId, duplicateId), exact: true })
      queryClient.setQueryData(customerKeys.one(salonId, keptId), merged)
      return Promise.all(
        [customerKeys.all(salonId), salonKeys.dashboard(salonId), salonKeys.bookings(salonId)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      )
    },
  })
}
