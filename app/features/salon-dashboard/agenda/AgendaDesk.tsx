import { useState } from 'react'
import { BookingPanel } from '../desk/BookingPanel'
import { NewBookingDialog } from '../desk/NewBookingDialog'
import { AgendaTab, type NewBookingDraft } from './AgendaTab'

/**
 * The Agenda tab as the owner runs the day with it: a booking opens its panel (details, history,
 * move, cancel, no-show, note), an empty stretch or "New booking" opens the dialog for a phone
 * call or a walk-in, already on that member, day and time.
 */
export function AgendaDesk({ salonId }: { salonId: string }) {
  const [openBookingId, setOpenBookingId] = useState<string>()
  const [draft, setDraft] = useState<NewBookingDraft>()
  return (
    <>
      <AgendaTab
        salonId={salonId}
        onOpenBooking={(booking) => setOpenBookingId(booking.id)}
        onNewBooking={(at) => setDraft(at)}
      />
      <BookingPanel
        salonId={salonId}
        bookingId={openBookingId}
        open={openBookingId !== undefined}
        onOpenChange={(open) => {
          if (!open) setOpenBookingId(undefined)
        }}
      />
      <NewBookingDialog
        salonId={salonId}
        open={draft !== undefined}
        onOpenChange={(open) => {
          if (!open) setDraft(undefined)
        }}
        initial={draft}
      />
    </>
  )
}
