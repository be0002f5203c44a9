import { about, list, type Phrases, type ServiceLine, slots, times } from './types'

const serviceText = (l: ServiceLine) => `${l.name} — ${l.duration} min, ${l.price}`

/** Italian weekdays take "il", except Sunday: "la domenica". */
const theDay = (weekday: string) => (weekday === 'domenica' ? `la ${weekday}` : `il ${weekday}`)
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

export const it: Phrases = {
  whichTime: (s, sameDay) => `Con piacere! Quale orario preferisce: ${slots(s, sameDay, 'alle', 'o')}?`,

  greeting: (salon, name) =>
    `Buongiorno${name ? ` ${name}` : ''}! Sono l'assistente di ${salon}. Posso prenotare un appuntamento per Lei, indicarLe i nostri servizi e prezzi, gli orari, o gestire i Suoi appuntamenti. Come posso aiutarLa?`,
  help: (salon) =>
    `Sono l'assistente di ${salon}. Mi scriva per esempio «un taglio donna domani alle 14», «quanto costa una piega?», «siete aperti sabato?», «i miei appuntamenti» o «vorrei annullare».`,
  fallback: (salon) =>
    `Non sono sicuro di aver capito. Posso prenotare un appuntamento da ${salon}, indicarLe i servizi e i prezzi, gli orari e l'indirizzo, o spostare e annullare i Suoi appuntamenti. Cosa desidera?`,
  thanks: () => 'Con piacere! Sono qui se ha bisogno di altro.',
  privacy: () =>
    'Non posso dare informazioni sugli appuntamenti degli altri clienti. Posso però mostrarLe i Suoi appuntamenti o gli orari liberi.',
  services: (lines) =>
    `Ecco i nostri servizi:\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}\nQuale Le farebbe piacere?`,
  serviceDuration: (s) => `${s.name} dura ${s.duration} minuti e costa ${s.price}.${about(s)}`,
  weDo: (s) => `Sì, facciamo ${s.name}: ${s.duration} min, ${s.price}.${about(s)} Vuole prenotare?`,
  inactiveService: (name, lines) =>
    `Mi dispiace, al momento non offriamo ${name}. Ecco i nostri servizi:\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  unknownService: (lines) =>
    `Per quale servizio desidera un appuntamento?\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  chooseService: (names) => `Quale intende: ${times(names, 'o')}?`,
  address: (salon, address) =>
    `Il salone ${salon} si trova in ${address}. Sarà un piacere accoglierLa per il Suo appuntamento: La aspettiamo!`,
  hoursWeek: (lines) => `Ecco i nostri orari di apertura:\n${list(lines)}`,
  hoursDay: (weekday, ranges) =>
    ranges ? `${capital(theDay(weekday))} siamo aperti dalle ${ranges}.` : `Il salone è chiuso ${theDay(weekday)}.`,
  hoursToday: (ranges) => (ranges ? `Oggi siamo aperti dalle ${ranges}.` : 'Oggi il salone è chiuso.'),
  closedOn: (weekday) => `Il salone è chiuso ${theDay(weekday)}.`,
  closedDay: (day) => `Il salone è chiuso ${day}.`,
  askMoveDay: (service, now) =>
    `Certo, spostiamo il Suo appuntamento ${service} di ${now.day} alle ${now.time}. Quale giorno Le andrebbe bene?`,
  askDay: (service, first) =>
    `Certo, per ${service}. Quale giorno Le andrebbe bene?${first?.length ? ` I prossimi orari liberi sono ${slots(first, false, 'alle', 'e')}.` : ''}`,
  dayTimes: (day, t, part) =>
    `Per ${day}${part ? ` (${part})` : ''} posso proporLe ${times(t, 'o')}. Quale orario Le va bene?`,
  noTimesThatDay: (day, part) => `Non ci sono più orari liberi per ${day}${part ? ` ${part}` : ''}.`,
  nextFree: (service, s) =>
    `Per ${service} i prossimi orari liberi sono ${slots(s, false, 'alle', 'e')}. Quale Le va bene?`,
  nothingFree: (service) => `Mi dispiace, non trovo orari liberi per ${service} nelle prossime settimane.`,
  propose: (s, slot) =>
    `Posso proporLe ${s.name} (${s.duration} min, ${s.price}) ${slot.day} alle ${slot.time}. Vuole che prenoti l'appuntamento?`,
  proposeMove: (service, slot) =>
    `Posso spostare il Suo appuntamento ${service} a ${slot.day} alle ${slot.time}. Vuole che lo sposti?`,
  refused: (reason, slot, d) =>
    ({
      too_soon:
        d.noticeMinutes > 0
          ? `È troppo tardi per questo orario: bisogna prenotare con almeno ${d.noticeMinutes >= 60 ? `${d.noticeMinutes / 60} ore` : `${d.noticeMinutes} minuti`} di anticipo.`
          : `Questo orario è già passato.`,
      beyond_horizon: `Per ${slot.day} non si può ancora prenotare: gli appuntamenti si aprono ${d.horizonDays} giorni prima.`,
      closed_day: `Il salone è chiuso ${theDay(d.weekday)}.`,
      time_off: `Il salone è chiuso ${slot.day}.`,
      outside_hours: d.opens
        ? `A quell'ora il salone non è aperto: ${theDay(d.weekday)} siamo aperti dalle ${d.opens} alle ${d.closes}.`
        : `Il salone è chiuso ${theDay(d.weekday)}.`,
      ends_after_closing: `${d.service} (${d.duration} minuti) a quell'ora finirebbe dopo la chiusura delle ${d.closes}.`,
      off_grid: `Gli appuntamenti iniziano ogni ${d.step} minuti.`,
      taken: `Questo orario di ${slot.day} è già occupato.`,
    })[reason],
  alternatives: (s, sameDay) =>
    `${sameDay ? 'Lo stesso giorno posso proporLe' : 'Posso proporLe'} ${slots(s, sameDay, 'alle', 'o')}. Cosa Le va bene?`,
  pastDay: () => 'Questa data è già passata. Quale altro giorno Le andrebbe bene?',
  impossibleDate: (day, month) => `Il ${day} ${month} non esiste. Quale giorno intendeva?`,
  ambiguousTime: (options) => `Intende le ${times(options, 'o le')}?`,
  booked: (service, slot, salon, address, attached) =>
    `Prenotato! ${service} ${slot.day} alle ${slot.time} da ${salon}, ${address}.${attached ? " Trova l'appuntamento in allegato per il Suo calendario." : ''} A presto!`,
  held: (service, slot) => `Perfetto, ho segnato ${service} ${slot.day} alle ${slot.time}.`,
  moved: (service, slot, attached) =>
    `Fatto: il Suo appuntamento ${service} è spostato a ${slot.day} alle ${slot.time}.${attached ? " Trova l'appuntamento aggiornato in allegato per il Suo calendario." : ''}`,
  cancelConfirm: (service, slot) =>
    `Vuole davvero annullare il Suo appuntamento ${service} di ${slot.day} alle ${slot.time}?`,
  cancelled: (service, slot) =>
    `D'accordo, il Suo appuntamento ${service} di ${slot.day} alle ${slot.time} è annullato. Alla prossima!`,
  whichAppointment: (action, lines) =>
    action === 'note'
      ? `Per quale dei Suoi appuntamenti?\n${list(lines)}`
      : `Ha più di un appuntamento. Quale vuole ${action === 'cancel' ? 'annullare' : 'spostare'}?\n${list(lines)}`,
  noAppointments: () => 'Non ha appuntamenti in programma da noi. Vuole prenotarne uno?',
  noSuchAppointment: (lines) =>
    `Non trovo questo appuntamento tra i Suoi, quindi non cambio niente. Ecco i Suoi prossimi appuntamenti:\n${list(lines)}\nQuale intende?`,
  noAppointmentToday: (lines) =>
    `Oggi non ha appuntamenti, quindi non ho avvisato il salone. I Suoi prossimi appuntamenti:\n${list(lines)}`,
  moveUnchanged: (service, slot) =>
    `Il Suo appuntamento ${service} è già ${slot.day} alle ${slot.time}: non cambia niente. Quale altro giorno o orario Le andrebbe bene?`,
  appointments: (lines) => `Ecco i Suoi prossimi appuntamenti:\n${list(lines)}`,
  appointmentLine: (service, slot) => `${service} ${slot.day} alle ${slot.time}`,
  kept: (service, slot) =>
    `Va bene, non cambio niente: il Suo appuntamento ${service} resta ${slot.day} alle ${slot.time}.`,
  declined: () => "D'accordo, non prenoto niente. Quale altro giorno o orario Le andrebbe bene?",
  slotGone: () => 'Mi dispiace, questo orario è appena stato preso.',
  failed: () => 'Mi dispiace, non sono riuscito a completare. Può riprovare tra un momento?',
  bookingClosed: (salon) =>
    `${salon} al momento non accetta prenotazioni online. Per un appuntamento, contatti direttamente il salone.`,
  goodbye: () => 'Arrivederci e a presto!',
  price: (s) => `${capital(s.name)}: ${s.price} (${s.duration} min).`,
  total: (all, each) =>
    `${each.map((s) => `${s.name} (${s.price})`).join(' + ')}: in tutto ${all.price}, circa ${all.duration} min. Vuole prenotare?`,
  notOffered: (what, lines) =>
    `Mi dispiace, non facciamo ${what}. Ecco i nostri servizi:\n${list(lines.map(serviceText))}`,
  phone: (salon, phone) =>
    phone
      ? `Può chiamare ${salon} al numero ${phone}.`
      : `Non ho un numero di telefono pubblico di ${salon}, ma posso occuparmi io del Suo appuntamento qui.`,
  email: (salon, email) => `Può scrivere a ${salon} all'indirizzo ${email}.`,
  practical: (salon, info, beside) =>
    info.text
      ? `Informazioni pratiche di ${salon}${info.salonsOwnWords ? ', con le parole del salone' : ''}: «${info.text}»${beside ? '' : ' Ha altre domande, o vuole che Le prenoti un appuntamento?'}`
      : `Non ho questa informazione per ${salon}. È meglio chiedere direttamente al salone.`,
  chooseDay: (days) => `Per essere sicuro: intende ${times(days, 'o')}?`,
  beyondHorizon: (lastDay, horizon) =>
    `Non è ancora possibile prenotare così avanti: le prenotazioni sono aperte fino a ${lastDay} (${horizon} giorni in anticipo).`,
  lateNoted: (service, slot, minutes) =>
    `Grazie, avviso il salone che arriverà ${minutes ? `con circa ${minutes} minuti di ritardo` : 'in ritardo'} per il Suo appuntamento ${service} di ${slot.day} alle ${slot.time}.`,
  nothingBookedYet: () => 'Non ho ancora prenotato niente.',
  waitlistHint: (day, part) =>
    `Se vuole, posso metterLa in lista d'attesa per ${day}${part ? ` ${part}` : ''}: se si libera un posto La avvisiamo, e lo ottiene chi conferma per primo. Scriva pure «lista d'attesa».`,
  waitlistJoined: (services, day, part) =>
    `Fatto: è in lista d'attesa per ${services} ${day}${part ? ` ${part}` : ''}. Se si libera un posto La avvisiamo; lo ottiene chi conferma per primo. Per ora non è prenotato niente.`,
  waitlistContact: () => "Per ricevere l'avviso, aggiunga il telefono o l'e-mail in «Profilo».",
  waitlistAlready: (day) => `È già in lista d'attesa per ${day}: La avvisiamo appena si libera un posto.`,
  remindOffer: () =>
    "Per ricevere un promemoria il giorno prima e 2 ore prima, aggiunga il telefono o l'e-mail in «Profilo».",
  stillProposed: (s, slot) =>
    `Vuole che prenoti ${s.name} (${s.duration} min, ${s.price}) ${slot.day} alle ${slot.time}? Risponda «sì» per confermare, o mi indichi un altro giorno o un altro orario.`,
  stillProposedMove: (service, slot) =>
    `Il Suo appuntamento ${service} non è ancora spostato. Vuole che lo sposti a ${slot.day} alle ${slot.time}?`,
  stillProposedCancel: (service, slot) =>
    `Il Suo appuntamento ${service} di ${slot.day} alle ${slot.time} non è annullato. Vuole davvero annullarlo?`,
  needs: (what, lines) =>
    what === 'service'
      ? `Quale servizio desidera?\n${list(lines.map(serviceText))}`
      : what === 'day'
        ? 'Quale giorno Le andrebbe bene?'
        : 'A che ora Le andrebbe bene venire?',
  atOnce: () => 'in contemporanea, ciascuno con una persona del team',
  withMember: (member) => `con ${member}`,
  forMember: (member) => `Per un appuntamento con ${member}:`,
  memberBusy: (m, slot, other, s, sameDay) => {
    const base = `${m} non è disponibile ${slot.day} alle ${slot.time}`
    const offered = `${sameDay ? 'alle ' : ''}${slots(s, sameDay, 'alle', 'o')}`
    if (other) return `${base}; ${other} sì.${s.length ? ` Oppure ${m} ${offered}?` : ` Vuole venire con ${other}?`}`
    return s.length
      ? `${base}. ${m} è disponibile ${offered}. Cosa Le va bene?`
      : `${base}, e non trovo orari liberi con ${m} nelle prossime due settimane.`
  },
  unknownMember: (name, team) =>
    `Non trovo nessuno di nome ${name} nel nostro team: ci sono ${times(team, 'e')}. Con chi vuole venire? Può anche rispondere «non importa».`,
  memberNotPerforming: (m, service, p) =>
    `${m} non fa ${service}${p.length ? `; ${p.length > 1 ? 'lo fanno' : 'lo fa'} ${times(p, 'e')}` : ''}.`,
}
