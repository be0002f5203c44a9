import { toast } from '@app/components/ui/toast-store'
import type { AffectedBooking, AffectedBookingsChoice } from '@common/schemas/schedule'
import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { affectedBookingsOf, affectedDecision, type WithChoice } from './schedule-api'

/**
 * Saving an absence or a break that may fall on bookings: the first send, then — once the server
 * has refused it with the bookings it falls on (409) — the same body again with the salon's choice
 * for them. Keeps the bookings shown, the choice being sent and the refusal in words.
 */
export function useSaveOverBookings<V extends WithChoice<object>, D>(options: {
  mutation: UseMutationResult<D, Error, V>
  /** The change as the form holds it now (without the choice). */
  body: () => V
  /** Toast titles: saved, and not saved. */
  saved: string
  notSaved: string
  /** A refusal in the interface language. */
  explain: (failure: unknown) => string
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [affected, setAffected] = useState<AffectedBooking[]>()
  const [choice, setChoice] = useState<AffectedBookingsChoice>()
  const [refusal, setRefusal] = useState<string>()

  const send = (affectedBookings?: AffectedBookingsChoice) => {
    setChoice(affectedBookings)
    const body = { ...options.body(), ...affectedDecision(affectedBookings, affected) } as V
    options.mutation.mutate(body, {
      onSuccess: () => {
        toast({
          title: options.saved,
          description:
            affectedBookings === 'cancel'
              ? t('schedule.affected.cancelled', { count: affected?.length ?? 0 })
              : undefined,
          tone: 'success',
        })
        options.onDone()
      },
      onError: (failure) => {
        setChoice(undefined)
        const bookings = affectedBookingsOf(failure)
        if (bookings) {
          setAffected(bookings)
          return
        }
        setAffected(undefined)
        const message = options.explain(failure)
        setRefusal(message)
        toast({ title: options.notSaved, description: message, tone: 'destructive' })
      },
    })
  }

  return {
    send,
    /** The bookings the change falls on, once the server said so. */
    affected,
    /** The choice being sent while it is, for the step's pending button. */
    pending: options.mutation.isPending ? choice : undefined,
    refusal,
    clearRefusal: () => setRefusal(undefined),
    back: () => setAffected(undefined),
  }
}
