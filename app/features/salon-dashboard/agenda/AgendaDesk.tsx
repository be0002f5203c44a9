import { useState } from 'react'
import { BookingPanel } from '../desk/BookingPanel'
import { NewBookingDialog } from '../desk/NewBookingDialog'
import { AddWaitingDialog, type WaitingDraft } from '../waiting-list/AddWaitingDialog'
import { WaitingListSection } from '../waiting-list/WaitingListSection'
import { AgendaTab, type NewBookingDraft } from './AgendaTab'

/**
 * The Agenda tab as the owner runs the day with it: a booking opens its panel (details, history,
 * move, cancel, no-show, note), an empty stretch or "New booking" opens the dialog for a phone
 * call or a walk-in, already on that member, day and time. Above the day's grid, its waiting list;
 * a customer goes on it from there, or from "New booking" when the day has no time that fits.
 */
export function AgendaDesk({ salonId }: { salonId: string }) {
  const [openBookingId, setOpenBookingId] = useState<string>()
  const [draft, setDraft] = useState<NewBookingDraft>()
  const [waiting, setWaiting] = useState<WaitingDraft>()
  return (
    <>
      <AgendaTab
        salonId={salonId}
        onOpenBooking={(booking) => setOpenBookingId(booking.id)}
        onNewBooking={(at) => setDraft(at)}
        daySection={(date) => <WaitingListSection salonId={salonId} date={date} onAdd={setWaiting} />}
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
        onWaitingList={(start) => {
          setDraft(undefined)
          setWaiting(start)
        }}
      />
      <AddWaitingDialog
        salonId={salonId}
        open={waiting !== undefined}
        onOpenChange={(open) => {
          if (!open) setWaiting(undefined)
        }}
        initial={waiting}
      />
    </>
  )
}
