import { about, list, type Phrases, type ServiceLine, slots, times } from './types'

const serviceText = (l: ServiceLine) => `${l.name} — ${l.duration} min, ${l.price}`

export const en: Phrases = {
  whichTime: (s, sameDay) => `With pleasure! Which time would you like: ${slots(s, sameDay, 'at', 'or', 'on ')}?`,

  greeting: (salon, name) =>
    `Hello${name ? ` ${name}` : ''}! I'm the assistant of ${salon}. I can book an appointment for you, tell you about our services and prices or our opening hours, and manage your appointments. How can I help you?`,
  help: (salon) =>
    `I'm the assistant of ${salon}. You can write for example "a women's haircut tomorrow at 2pm", "how much is a blow-dry?", "are you open on Saturday?", "my appointments" or "I'd like to cancel".`,
  fallback: (salon) =>
    `I'm not sure I understood. I can book an appointment at ${salon}, tell you about our services and prices, our opening hours and address, or move and cancel your appointments. What would you like to do?`,
  thanks: () => "You're welcome! I'm here if you need anything else.",
  privacy: () =>
    "I can't share anything about other customers' appointments. I can show you your own appointments or the free times, though.",
  services: (lines) =>
    `Here are our services:\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}\nWhich one would you like?`,
  serviceDuration: (s) => `${s.name} takes ${s.duration} minutes and costs ${s.price}.${about(s)}`,
  weDo: (s) => `Yes, we do ${s.name}: ${s.duration} min, ${s.price}.${about(s)} Would you like to book?`,
  inactiveService: (name, lines) =>
    `Sorry, we don't offer ${name} at the moment. Here is what we do:\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  unknownService: (lines) =>
    `Which service would you like to book?\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  chooseService: (names) => `Which one do you mean: ${times(names, 'or')}?`,
  address: (salon, address) => `You will find ${salon} at ${address}. We look forward to seeing you!`,
  hoursWeek: (lines) => `Here are our opening hours:\n${list(lines)}`,
  hoursDay: (weekday, ranges) =>
    ranges ? `On ${weekday} we are open from ${ranges}.` : `The salon is closed on ${weekday}.`,
  hoursToday: (ranges) => (ranges ? `Today we are open from ${ranges}.` : 'The salon is closed today.'),
  closedOn: (weekday) => `The salon is closed on ${weekday}.`,
  closedDay: (day) => `The salon is closed on ${day}.`,
  askMoveDay: (service, now) =>
    `Sure, let's move your ${service} appointment on ${now.day} at ${now.time}. Which day would suit you?`,
  askDay: (service, first) =>
    `Sure, for ${service}. Which day would suit you?${first?.length ? ` The next free times are ${slots(first, false, 'at', 'and', 'on ')}.` : ''}`,
  dayTimes: (day, t, part) =>
    `On ${day}${part ? ` (${part})` : ''} I can offer you ${times(t, 'or')}. Which time suits you?`,
  noTimesThatDay: (day, part) => `There are no free times left on ${day}${part ? ` ${part}` : ''}.`,
  nextFree: (service, s) =>
    `For ${service}, the next free times are ${slots(s, false, 'at', 'and', 'on ')}. Which one suits you?`,
  nothingFree: (service) => `I'm sorry, I can't find a free time for ${service} in the coming weeks.`,
  propose: (s, slot) =>
    `I can offer you ${s.name} (${s.duration} min, ${s.price}) on ${slot.day} at ${slot.time}. Shall I book this appointment for you?`,
  proposeMove: (service, slot) =>
    `I can move your ${service} appointment to ${slot.day} at ${slot.time}. Shall I move it for you?`,
  refused: (reason, slot, d) =>
    ({
      too_soon:
        d.noticeMinutes > 0
          ? `That is too soon: appointments must be booked at least ${d.noticeMinutes >= 60 ? `${d.noticeMinutes / 60} h` : `${d.noticeMinutes} min`} in advance.`
          : `That time is already past.`,
      beyond_horizon: `${slot.day} can't be booked yet: appointments open ${d.horizonDays} days in advance.`,
      closed_day: `The salon is closed on ${d.weekday}.`,
      time_off: `The salon is closed on ${slot.day}.`,
      outside_hours: d.opens
        ? `The salon is not open at that time: on ${d.weekday} we are open from ${d.opens} to ${d.closes}.`
        : `The salon is closed on ${d.weekday}.`,
      ends_after_closing: `${d.service} (${d.duration} min) at that time would end after we close at ${d.closes}.`,
      off_grid: `Appointments start every ${d.step} minutes.`,
      taken: `That time on ${slot.day} is already taken.`,
    })[reason],
  alternatives: (s, sameDay) =>
    `${sameDay ? 'On the same day I can offer you' : 'I can offer you'} ${slots(s, sameDay, 'at', 'or')}. Which would suit you?`,
  pastDay: () => 'That date is already past. Which other day would suit you?',
  impossibleDate: (day, month) => `There is no ${day} ${month}. Which day did you mean?`,
  ambiguousTime: (options) => `Do you mean ${times(options, 'or')}?`,
  booked: (service, slot, salon, address, attached) =>
    `You're booked! ${service} on ${slot.day} at ${slot.time} at ${salon}, ${address}.${attached ? ' The appointment is attached for your calendar.' : ''} See you soon!`,
  held: (service, slot) => `Great, I have noted ${service} on ${slot.day} at ${slot.time}.`,
  moved: (service, slot, attached) =>
    `Done: your ${service} appointment is moved to ${slot.day} at ${slot.time}.${attached ? ' The updated appointment is attached for your calendar.' : ''}`,
  cancelConfirm: (service, slot) =>
    `Do you really want to cancel your ${service} appointment on ${slot.day} at ${slot.time}?`,
  cancelled: (service, slot) =>
    `All right, your ${service} appointment on ${slot.day} at ${slot.time} is cancelled. Hope to see you another time!`,
  whichAppointment: (action, lines) =>
    action === 'note'
      ? `Which of your appointments is it about?\n${list(lines)}`
      : `You have several appointments. Which one would you like to ${action === 'cancel' ? 'cancel' : 'move'}?\n${list(lines)}`,
  noAppointments: () => "You don't have any upcoming appointments with us. Would you like to book one?",
  noSuchAppointment: (lines) =>
    `I can't find that appointment among yours, so I haven't changed anything. Here are your upcoming appointments:\n${list(lines)}\nWhich one do you mean?`,
  noAppointmentToday: (lines) =>
    `You have no appointment today, so I haven't passed anything on to the salon. Your next appointments:\n${list(lines)}`,
  moveUnchanged: (service, slot) =>
    `Your ${service} appointment is already on ${slot.day} at ${slot.time}, so that changes nothing. Which other day or time would suit you?`,
  appointments: (lines) => `Here are your upcoming appointments:\n${list(lines)}`,
  appointmentLine: (service, slot) => `${service} on ${slot.day} at ${slot.time}`,
  kept: (service, slot) =>
    `All right, nothing changes: your ${service} appointment stays on ${slot.day} at ${slot.time}.`,
  declined: () => "All right, I won't book anything. Which other day or time would suit you?",
  slotGone: () => 'Sorry, that time has just been taken.',
  failed: () => "Sorry, I couldn't finish that. Could you try again in a moment?",
  bookingClosed: (salon) =>
    `${salon} is not taking online bookings at the moment. To book, please contact the salon directly.`,
  goodbye: () => 'Goodbye, and see you soon!',
  price: (s) => `${s.name}: ${s.price} (${s.duration} min).`,
  total: (all, each) =>
    `${each.map((s) => `${s.name} (${s.price})`).join(' + ')}: ${all.price} in total, about ${all.duration} min. Would you like to book?`,
  notOffered: (what, lines) => `Sorry, we don't do ${what}. Here is what we do:\n${list(lines.map(serviceText))}`,
  phone: (salon, phone) =>
    phone
      ? `You can call ${salon} on ${phone}.`
      : `I don't have a public phone number for ${salon}, but I can take care of your appointment right here.`,
  email: (salon, email) => `You can write to ${salon} at ${email}.`,
  practical: (salon, info, beside) =>
    info.text
      ? `Practical information from ${salon}${info.salonsOwnWords ? ", in the salon's own words" : ''}: “${info.text}”${beside ? '' : ' Is there anything else you would like to know, or shall I book an appointment for you?'}`
      : `I don't have that information for ${salon}. It's best to ask the salon directly.`,
  chooseDay: (days) => `Just to be sure: do you mean ${times(days, 'or')}?`,
  beyondHorizon: (lastDay, horizon) =>
    `It's not possible to book that far ahead yet: bookings are open until ${lastDay} (${horizon} days ahead).`,
  lateNoted: (service, slot, minutes) =>
    `Thanks, I'm letting the salon know you'll be ${minutes ? `about ${minutes} minutes late` : 'late'} for your ${service} appointment on ${slot.day} at ${slot.time}.`,
  nothingBookedYet: () => 'Nothing is booked yet.',
  waitlistHint: (day, part) =>
    `If you like, I can put you on the waiting list for ${day}${part ? ` ${part}` : ''}: if a time frees up, we'll let you know, and the first to accept gets it. Just say "waiting list".`,
  waitlistJoined: (services, day, part) =>
    `Done: you're on the waiting list for ${services} on ${day}${part ? ` ${part}` : ''}. If a time frees up, we'll let you know; the first to accept gets it. Nothing is booked yet.`,
  waitlistContact: () => 'To be told, add your phone or email under “Profile”.',
  waitlistAlready: (day) => `You're already on the waiting list for ${day}: we'll let you know if a time frees up.`,
  remindOffer: () => 'To get a reminder the day before and 2 hours before, add your phone or email under “Profile”.',
  stillProposed: (s, slot) =>
    `Shall I book ${s.name} (${s.duration} min, ${s.price}) on ${slot.day} at ${slot.time}? Reply "yes" to confirm, or tell me another day or time.`,
  stillProposedMove: (service, slot) =>
    `Your ${service} appointment hasn't been moved yet. Shall I move it to ${slot.day} at ${slot.time}?`,
  stillProposedCancel: (service, slot) =>
    `Your ${service} appointment on ${slot.day} at ${slot.time} is not cancelled. Do you really want to cancel it?`,
  needs: (what, lines) =>
    what === 'service'
      ? `Which service would you like?\n${list(lines.map(serviceText))}`
      : what === 'day'
        ? 'Which day would suit you?'
        : 'What time would suit you?',
  atOnce: () => 'at the same time, each with their own team member',
  withMember: (member) => `with ${member}`,
  forMember: (member) => `For an appointment with ${member}:`,
  memberBusy: (m, slot, other, s, sameDay) => {
    const base = `${m} isn't free on ${slot.day} at ${slot.time}`
    const offered = `${sameDay ? 'at ' : ''}${slots(s, sameDay, 'at', 'or', 'on ')}`
    if (other)
      return `${base}; ${other} is.${s.length ? ` Or ${m} ${offered}?` : ` Would you like to come with ${other}?`}`
    return s.length
      ? `${base}. ${m} is free ${offered}. Which would suit you?`
      : `${base}, and I can't find a free time with ${m} in the next two weeks.`
  },
  unknownMember: (name, team) =>
    `There's nobody called ${name} on our team: we are ${times(team, 'and')}. Who would you like to come to? You can also say "anyone".`,
  memberNotPerforming: (m, service, p) =>
    `${m} doesn't do ${service}${p.length ? `; ${times(p, 'and')} ${p.length > 1 ? 'do' : 'does'}` : ''}.`,
}
