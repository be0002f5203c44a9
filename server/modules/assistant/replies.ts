import type { Language } from '../../../common/languages'
import type { SlotRefusal } from '../schedule/availability'

/**
 * Everything the built-in assistant says, in the four languages. Each reply is a whole sentence
 * with the language's own little words, so it reads naturally (and a language detector agrees).
 */

export interface Slot {
  day: string // "jeudi 3 décembre"
  time: string // "15:00"
}

export interface ServiceLine {
  name: string
  duration: number
  price: string
}

type Phrases = {
  greeting(salon: string, name: string | undefined): string
  help(salon: string): string
  fallback(salon: string): string
  thanks(): string
  privacy(): string
  services(lines: ServiceLine[]): string
  serviceDuration(service: ServiceLine): string
  inactiveService(name: string, lines: ServiceLine[]): string
  unknownService(lines: ServiceLine[]): string
  chooseService(names: string[]): string
  address(salon: string, address: string): string
  hoursWeek(lines: string[]): string
  hoursDay(weekday: string, ranges: string | undefined): string
  closedOn(weekday: string): string
  closedDay(day: string): string
  askDay(service: string, first: Slot[] | undefined): string
  dayTimes(day: string, times: string[], part: string | undefined): string
  noTimesThatDay(day: string, part: string | undefined): string
  nextFree(service: string, slots: Slot[]): string
  nothingFree(service: string): string
  propose(service: ServiceLine, slot: Slot): string
  proposeMove(service: string, slot: Slot): string
  refused(reason: SlotRefusal, slot: Slot, detail: RefusalDetail): string
  alternatives(slots: Slot[], sameDay: boolean): string
  whichTime(slots: Slot[], sameDay: boolean): string
  pastDay(): string
  ambiguousTime(options: string[]): string
  booked(service: string, slot: Slot, salon: string, address: string): string
  moved(service: string, slot: Slot): string
  cancelConfirm(service: string, slot: Slot): string
  cancelled(service: string, slot: Slot): string
  whichAppointment(action: 'cancel' | 'move', lines: string[]): string
  noAppointments(): string
  appointments(lines: string[]): string
  appointmentLine(service: string, slot: Slot): string
  declined(): string
  slotGone(): string
  failed(): string
  bookingClosed(salon: string): string
}

export interface RefusalDetail {
  opens?: string
  closes?: string
  weekday: string
  duration: number
  noticeMinutes: number
  horizonDays: number
  step: number
}

const list = (items: string[]) => items.map((item) => `• ${item}`).join('\n')
const times = (items: string[], and: string) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`
const slots = (items: Slot[], sameDay: boolean, at: string, and: string, on = '') =>
  sameDay
    ? times(
        items.map((s) => s.time),
        and,
      )
    : times(
        items.map((s) => `${on}${s.day} ${at} ${s.time}`),
        and,
      )

const fr: Phrases = {
  whichTime: (s, sameDay) => `Avec plaisir ! Quelle heure préférez-vous : ${slots(s, sameDay, 'à', 'ou', 'le ')} ?`,

  greeting: (salon, name) =>
    `Bonjour${name ? ` ${name}` : ''} ! Je suis l'assistant de ${salon}. Je peux vous proposer un rendez-vous, vous donner nos prestations et nos prix, nos horaires, ou gérer vos rendez-vous. Que puis-je faire pour vous ?`,
  help: (salon) =>
    `Je suis l'assistant de ${salon}. Dites-moi par exemple « une coupe femme demain à 14h », « quels sont vos prix ? », « êtes-vous ouverts samedi ? », « mes rendez-vous » ou « je voudrais annuler ».`,
  fallback: (salon) =>
    `Je ne suis pas sûr d'avoir compris. Je peux réserver un rendez-vous chez ${salon}, vous donner nos prestations et nos prix, nos horaires et notre adresse, ou déplacer et annuler vos rendez-vous. Que souhaitez-vous ?`,
  thanks: () => 'Avec plaisir ! Je reste à votre disposition si vous avez besoin de quoi que ce soit.',
  privacy: () =>
    "Je ne peux pas donner d'informations sur les rendez-vous des autres clients. Je peux en revanche vous montrer vos propres rendez-vous ou les créneaux libres.",
  services: (lines) =>
    `Voici nos prestations :\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}\nLaquelle vous ferait plaisir ?`,
  serviceDuration: (s) => `${s.name} dure ${s.duration} minutes et coûte ${s.price}.`,
  inactiveService: (name, lines) =>
    `Désolé, nous ne proposons pas ${name} en ce moment. Voici ce que nous faisons :\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  unknownService: (lines) =>
    `Pour quelle prestation souhaitez-vous venir ?\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  chooseService: (names) => `Vous pensez à laquelle : ${times(names, 'ou')} ?`,
  address: (salon, address) => `${salon} se trouve au ${address}. Au plaisir de vous y accueillir !`,
  hoursWeek: (lines) => `Voici nos horaires d'ouverture :\n${list(lines)}`,
  hoursDay: (weekday, ranges) =>
    ranges ? `Le ${weekday}, nous sommes ouverts de ${ranges}.` : `Le salon est fermé le ${weekday}.`,
  closedOn: (weekday) => `Le salon est fermé le ${weekday}.`,
  closedDay: (day) => `Le salon est fermé le ${day}.`,
  askDay: (service, first) =>
    `Très bien, pour ${service}. Quel jour vous arrangerait ?${first?.length ? ` Les prochains créneaux libres sont ${slots(first, false, 'à', 'et', 'le ')}.` : ''}`,
  dayTimes: (day, t, part) =>
    `Le ${day}${part ? ` (${part})` : ''}, je peux vous proposer ${times(t, 'ou')}. Quelle heure vous convient ?`,
  noTimesThatDay: (day, part) => `Il n'y a plus de créneau libre le ${day}${part ? ` ${part}` : ''}.`,
  nextFree: (service, s) =>
    `Pour ${service}, les prochains créneaux libres sont ${slots(s, false, 'à', 'et', 'le ')}. Lequel vous convient ?`,
  nothingFree: (service) =>
    `Je suis désolé, je ne trouve pas de créneau libre pour ${service} dans les semaines qui viennent.`,
  propose: (s, slot) =>
    `Je vous propose ${s.name} (${s.duration} min, ${s.price}) le ${slot.day} à ${slot.time}. Voulez-vous que je réserve ce rendez-vous ?`,
  proposeMove: (service, slot) =>
    `Je peux déplacer votre rendez-vous ${service} au ${slot.day} à ${slot.time}. Voulez-vous que je le déplace ?`,
  refused: (reason, slot, d) =>
    ({
      too_soon:
        d.noticeMinutes > 0
          ? `C'est trop juste pour ce créneau : il faut réserver au moins ${d.noticeMinutes >= 60 ? `${d.noticeMinutes / 60} h` : `${d.noticeMinutes} min`} à l'avance.`
          : `Ce moment est déjà passé.`,
      beyond_horizon: `On ne peut pas encore réserver le ${slot.day} : les rendez-vous s'ouvrent ${d.horizonDays} jours à l'avance.`,
      closed_day: `Le salon est fermé le ${d.weekday}.`,
      time_off: `Le salon est fermé le ${slot.day}.`,
      outside_hours: d.opens
        ? `Le salon n'est pas ouvert à cette heure-là : le ${d.weekday}, nous sommes ouverts de ${d.opens} à ${d.closes}.`
        : `Le salon est fermé le ${d.weekday}.`,
      ends_after_closing: `Une prestation de ${d.duration} min à cette heure-là finirait après la fermeture de ${d.closes}.`,
      off_grid: `Les rendez-vous commencent toutes les ${d.step} minutes.`,
      taken: `Ce créneau du ${slot.day} est déjà pris.`,
    })[reason],
  alternatives: (s, sameDay) =>
    `${sameDay ? 'Le même jour, je peux vous proposer' : 'Je peux vous proposer'} ${slots(s, sameDay, 'à', 'ou', 'le ')}. Qu'est-ce qui vous arrange ?`,
  pastDay: () => 'Cette date est déjà passée. Quel autre jour vous conviendrait ?',
  ambiguousTime: (options) => `Vous voulez dire ${times(options, 'ou')} ?`,
  booked: (service, slot, salon, address) =>
    `C'est réservé ! ${service} le ${slot.day} à ${slot.time} chez ${salon}, ${address}. Le rendez-vous est joint pour votre agenda. À bientôt !`,
  moved: (service, slot) =>
    `C'est fait : votre rendez-vous ${service} est déplacé au ${slot.day} à ${slot.time}. Le rendez-vous mis à jour est joint pour votre agenda.`,
  cancelConfirm: (service, slot) =>
    `Voulez-vous vraiment annuler votre rendez-vous ${service} du ${slot.day} à ${slot.time} ?`,
  cancelled: (service, slot) =>
    `C'est noté, votre rendez-vous ${service} du ${slot.day} à ${slot.time} est annulé. À une prochaine fois !`,
  whichAppointment: (action, lines) =>
    `Vous avez plusieurs rendez-vous. Lequel voulez-vous ${action === 'cancel' ? 'annuler' : 'déplacer'} ?\n${list(lines)}`,
  noAppointments: () => "Vous n'avez pas de rendez-vous à venir chez nous. Voulez-vous en prendre un ?",
  appointments: (lines) => `Voici vos rendez-vous à venir :\n${list(lines)}`,
  appointmentLine: (service, slot) => `${service} le ${slot.day} à ${slot.time}`,
  declined: () => "D'accord, je ne réserve rien. Quel autre jour ou quelle autre heure vous conviendrait ?",
  slotGone: () => "Désolé, ce créneau vient d'être pris.",
  failed: () => "Désolé, je n'ai pas pu terminer. Pouvez-vous réessayer dans un instant ?",
  bookingClosed: (salon) =>
    `${salon} ne prend pas de rendez-vous en ligne pour le moment. Pour un rendez-vous, contactez directement le salon.`,
}

const de: Phrases = {
  whichTime: (s, sameDay) => `Gerne! Welche Uhrzeit ist Ihnen lieber: ${slots(s, sameDay, 'um', 'oder', 'am ')} Uhr?`,

  greeting: (salon, name) =>
    `Hallo${name ? ` ${name}` : ''}! Ich bin der Assistent von ${salon}. Ich kann für Sie einen Termin buchen, Ihnen unsere Leistungen und Preise oder die Öffnungszeiten nennen und Ihre Termine verwalten. Was kann ich für Sie tun?`,
  help: (salon) =>
    `Ich bin der Assistent von ${salon}. Schreiben Sie mir zum Beispiel „Damenhaarschnitt morgen um 14 Uhr“, „Was kostet ein Haarschnitt?“, „Haben Sie samstags geöffnet?“, „meine Termine“ oder „ich möchte absagen“.`,
  fallback: (salon) =>
    `Das habe ich leider nicht verstanden. Ich kann einen Termin bei ${salon} buchen, Ihnen unsere Leistungen und Preise, die Öffnungszeiten und die Adresse nennen oder Ihre Termine verschieben und absagen. Was möchten Sie?`,
  thanks: () => 'Gern geschehen! Wenn Sie noch etwas brauchen, bin ich für Sie da.',
  privacy: () =>
    'Über die Termine anderer Kunden kann ich leider keine Auskunft geben. Ich kann Ihnen aber Ihre eigenen Termine oder die freien Zeiten zeigen.',
  services: (lines) =>
    `Das sind unsere Leistungen:\n${list(lines.map((l) => `${l.name} — ${l.duration} Min., ${l.price}`))}\nWas darf es für Sie sein?`,
  serviceDuration: (s) => `${s.name} dauert ${s.duration} Minuten und kostet ${s.price}.`,
  inactiveService: (name, lines) =>
    `${name} bieten wir im Moment leider nicht an. Das sind unsere Leistungen:\n${list(lines.map((l) => `${l.name} — ${l.duration} Min., ${l.price}`))}`,
  unknownService: (lines) =>
    `Für welche Leistung möchten Sie einen Termin?\n${list(lines.map((l) => `${l.name} — ${l.duration} Min., ${l.price}`))}`,
  chooseService: (names) => `Welche meinen Sie: ${times(names, 'oder')}?`,
  address: (salon, address) => `Sie finden ${salon} in ${address}. Wir freuen uns auf Ihren Besuch!`,
  hoursWeek: (lines) => `Das sind unsere Öffnungszeiten:\n${list(lines)}`,
  hoursDay: (weekday, ranges) =>
    ranges ? `Am ${weekday} haben wir von ${ranges} geöffnet.` : `Am ${weekday} ist der Salon geschlossen.`,
  closedOn: (weekday) => `Am ${weekday} ist der Salon geschlossen.`,
  closedDay: (day) => `Am ${day} ist der Salon geschlossen.`,
  askDay: (service, first) =>
    `Gerne, ${service}. Welcher Tag passt Ihnen?${first?.length ? ` Die nächsten freien Termine sind ${slots(first, false, 'um', 'und', 'am ')} Uhr.` : ''}`,
  dayTimes: (day, t, part) =>
    `Am ${day}${part ? ` (${part})` : ''} habe ich ${times(t, 'oder')} Uhr frei. Welche Uhrzeit passt Ihnen?`,
  noTimesThatDay: (day, part) => `Am ${day}${part ? ` ${part}` : ''} ist leider kein Termin mehr frei.`,
  nextFree: (service, s) =>
    `Für ${service} sind die nächsten freien Termine ${slots(s, false, 'um', 'und', 'am ')} Uhr. Welcher passt Ihnen?`,
  nothingFree: (service) => `Leider finde ich in den nächsten Wochen keinen freien Termin für ${service}.`,
  propose: (s, slot) =>
    `Ich kann Ihnen ${s.name} (${s.duration} Min., ${s.price}) am ${slot.day} um ${slot.time} Uhr anbieten. Soll ich den Termin für Sie buchen?`,
  proposeMove: (service, slot) =>
    `Ich kann Ihren Termin ${service} auf ${slot.day} um ${slot.time} Uhr verschieben. Soll ich das machen?`,
  refused: (reason, slot, d) =>
    ({
      too_soon:
        d.noticeMinutes > 0
          ? `Das ist zu kurzfristig: Termine müssen mindestens ${d.noticeMinutes >= 60 ? `${d.noticeMinutes / 60} Std.` : `${d.noticeMinutes} Min.`} im Voraus gebucht werden.`
          : `Dieser Zeitpunkt ist schon vorbei.`,
      beyond_horizon: `Für den ${slot.day} kann man noch nicht buchen: Termine sind ${d.horizonDays} Tage im Voraus buchbar.`,
      closed_day: `Am ${d.weekday} ist der Salon geschlossen.`,
      time_off: `Am ${slot.day} ist der Salon geschlossen.`,
      outside_hours: d.opens
        ? `Zu dieser Uhrzeit ist der Salon nicht geöffnet: Am ${d.weekday} haben wir von ${d.opens} bis ${d.closes} Uhr geöffnet.`
        : `Am ${d.weekday} ist der Salon geschlossen.`,
      ends_after_closing: `Eine Behandlung von ${d.duration} Min. zu dieser Uhrzeit würde erst nach Ladenschluss um ${d.closes} Uhr enden.`,
      off_grid: `Die Termine beginnen alle ${d.step} Minuten.`,
      taken: `Diese Uhrzeit ist am ${slot.day} leider schon besetzt.`,
    })[reason],
  alternatives: (s, sameDay) =>
    `${sameDay ? 'Am selben Tag kann ich Ihnen' : 'Ich kann Ihnen'} ${slots(s, sameDay, 'um', 'oder', 'am ')} Uhr anbieten. Was passt Ihnen?`,
  pastDay: () => 'Dieses Datum ist schon vorbei. Welcher andere Tag passt Ihnen?',
  ambiguousTime: (options) => `Meinen Sie ${times(options, 'oder')} Uhr?`,
  booked: (service, slot, salon, address) =>
    `Ihr Termin ist gebucht! ${service} am ${slot.day} um ${slot.time} Uhr bei ${salon}, ${address}. Den Termin für Ihren Kalender finden Sie im Anhang. Bis bald!`,
  moved: (service, slot) =>
    `Erledigt: Ihr Termin ${service} ist auf ${slot.day} um ${slot.time} Uhr verschoben. Den aktualisierten Termin für Ihren Kalender finden Sie im Anhang.`,
  cancelConfirm: (service, slot) =>
    `Möchten Sie Ihren Termin ${service} am ${slot.day} um ${slot.time} Uhr wirklich absagen?`,
  cancelled: (service, slot) =>
    `Alles klar, Ihr Termin ${service} am ${slot.day} um ${slot.time} Uhr ist abgesagt. Bis zum nächsten Mal!`,
  whichAppointment: (action, lines) =>
    `Sie haben mehrere Termine. Welchen möchten Sie ${action === 'cancel' ? 'absagen' : 'verschieben'}?\n${list(lines)}`,
  noAppointments: () => 'Sie haben keine anstehenden Termine bei uns. Möchten Sie einen buchen?',
  appointments: (lines) => `Das sind Ihre nächsten Termine:\n${list(lines)}`,
  appointmentLine: (service, slot) => `${service} am ${slot.day} um ${slot.time} Uhr`,
  declined: () => 'In Ordnung, ich buche nichts. Welcher andere Tag oder welche andere Uhrzeit passt Ihnen?',
  slotGone: () => 'Leider wurde dieser Termin gerade vergeben.',
  failed: () => 'Das hat leider nicht geklappt. Können Sie es gleich noch einmal versuchen?',
  bookingClosed: (salon) =>
    `${salon} nimmt zurzeit keine Online-Termine an. Für einen Termin wenden Sie sich bitte direkt an den Salon.`,
}

/** Italian weekdays take "il", except Sunday: "la domenica". */
const theDay = (weekday: string) => (weekday === 'domenica' ? `la ${weekday}` : `il ${weekday}`)
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

const it: Phrases = {
  whichTime: (s, sameDay) => `Con piacere! Quale orario preferisce: ${slots(s, sameDay, 'alle', 'o')}?`,

  greeting: (salon, name) =>
    `Buongiorno${name ? ` ${name}` : ''}! Sono l'assistente di ${salon}. Posso prenotare un appuntamento per Lei, indicarle i nostri servizi e prezzi, gli orari, o gestire i Suoi appuntamenti. Come posso aiutarla?`,
  help: (salon) =>
    `Sono l'assistente di ${salon}. Mi scriva per esempio «un taglio donna domani alle 14», «quanto costa una piega?», «siete aperti sabato?», «i miei appuntamenti» o «vorrei annullare».`,
  fallback: (salon) =>
    `Non sono sicuro di aver capito. Posso prenotare un appuntamento da ${salon}, indicarle i servizi e i prezzi, gli orari e l'indirizzo, o spostare e annullare i Suoi appuntamenti. Cosa desidera?`,
  thanks: () => 'Con piacere! Sono qui se ha bisogno di altro.',
  privacy: () =>
    'Non posso dare informazioni sugli appuntamenti degli altri clienti. Posso però mostrarle i Suoi appuntamenti o gli orari liberi.',
  services: (lines) =>
    `Ecco i nostri servizi:\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}\nQuale le farebbe piacere?`,
  serviceDuration: (s) => `${s.name} dura ${s.duration} minuti e costa ${s.price}.`,
  inactiveService: (name, lines) =>
    `Mi dispiace, al momento non offriamo ${name}. Ecco i nostri servizi:\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  unknownService: (lines) =>
    `Per quale servizio desidera un appuntamento?\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  chooseService: (names) => `Quale intende: ${times(names, 'o')}?`,
  address: (salon, address) =>
    `Il salone ${salon} si trova in ${address}. Sarà un piacere accoglierla per il Suo appuntamento: la aspettiamo!`,
  hoursWeek: (lines) => `Ecco i nostri orari di apertura:\n${list(lines)}`,
  hoursDay: (weekday, ranges) =>
    ranges ? `${capital(theDay(weekday))} siamo aperti dalle ${ranges}.` : `Il salone è chiuso ${theDay(weekday)}.`,
  closedOn: (weekday) => `Il salone è chiuso ${theDay(weekday)}.`,
  closedDay: (day) => `Il salone è chiuso ${day}.`,
  askDay: (service, first) =>
    `Certo, per ${service}. Quale giorno le andrebbe bene?${first?.length ? ` I prossimi orari liberi sono ${slots(first, false, 'alle', 'e')}.` : ''}`,
  dayTimes: (day, t, part) =>
    `Per ${day}${part ? ` (${part})` : ''} posso proporle ${times(t, 'o')}. Quale orario le va bene?`,
  noTimesThatDay: (day, part) => `Non ci sono più orari liberi per ${day}${part ? ` ${part}` : ''}.`,
  nextFree: (service, s) =>
    `Per ${service} i prossimi orari liberi sono ${slots(s, false, 'alle', 'e')}. Quale le va bene?`,
  nothingFree: (service) => `Mi dispiace, non trovo orari liberi per ${service} nelle prossime settimane.`,
  propose: (s, slot) =>
    `Posso proporle ${s.name} (${s.duration} min, ${s.price}) ${slot.day} alle ${slot.time}. Vuole che prenoti l'appuntamento?`,
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
      ends_after_closing: `Un servizio di ${d.duration} minuti a quell'ora finirebbe dopo la chiusura delle ${d.closes}.`,
      off_grid: `Gli appuntamenti iniziano ogni ${d.step} minuti.`,
      taken: `Questo orario di ${slot.day} è già occupato.`,
    })[reason],
  alternatives: (s, sameDay) =>
    `${sameDay ? 'Lo stesso giorno posso proporle' : 'Posso proporle'} ${slots(s, sameDay, 'alle', 'o')}. Cosa le va bene?`,
  pastDay: () => 'Questa data è già passata. Quale altro giorno le andrebbe bene?',
  ambiguousTime: (options) => `Intende le ${times(options, 'o le')}?`,
  booked: (service, slot, salon, address) =>
    `Prenotato! ${service} ${slot.day} alle ${slot.time} da ${salon}, ${address}. Trova l'appuntamento in allegato per il Suo calendario. A presto!`,
  moved: (service, slot) =>
    `Fatto: il Suo appuntamento ${service} è spostato a ${slot.day} alle ${slot.time}. Trova l'appuntamento aggiornato in allegato per il Suo calendario.`,
  cancelConfirm: (service, slot) =>
    `Vuole davvero annullare il Suo appuntamento ${service} di ${slot.day} alle ${slot.time}?`,
  cancelled: (service, slot) =>
    `D'accordo, il Suo appuntamento ${service} di ${slot.day} alle ${slot.time} è annullato. Alla prossima!`,
  whichAppointment: (action, lines) =>
    `Ha più di un appuntamento. Quale vuole ${action === 'cancel' ? 'annullare' : 'spostare'}?\n${list(lines)}`,
  noAppointments: () => 'Non ha appuntamenti in programma da noi. Vuole prenotarne uno?',
  appointments: (lines) => `Ecco i Suoi prossimi appuntamenti:\n${list(lines)}`,
  appointmentLine: (service, slot) => `${service} ${slot.day} alle ${slot.time}`,
  declined: () => "D'accordo, non prenoto niente. Quale altro giorno o orario le andrebbe bene?",
  slotGone: () => 'Mi dispiace, questo orario è appena stato preso.',
  failed: () => 'Mi dispiace, non sono riuscito a completare. Può riprovare tra un momento?',
  bookingClosed: (salon) =>
    `${salon} al momento non accetta prenotazioni online. Per un appuntamento, contatti direttamente il salone.`,
}

const en: Phrases = {
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
  serviceDuration: (s) => `${s.name} takes ${s.duration} minutes and costs ${s.price}.`,
  inactiveService: (name, lines) =>
    `Sorry, we don't offer ${name} at the moment. Here is what we do:\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  unknownService: (lines) =>
    `Which service would you like to book?\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  chooseService: (names) => `Which one do you mean: ${times(names, 'or')}?`,
  address: (salon, address) => `You will find ${salon} at ${address}. We look forward to seeing you!`,
  hoursWeek: (lines) => `Here are our opening hours:\n${list(lines)}`,
  hoursDay: (weekday, ranges) =>
    ranges ? `On ${weekday} we are open from ${ranges}.` : `The salon is closed on ${weekday}.`,
  closedOn: (weekday) => `The salon is closed on ${weekday}.`,
  closedDay: (day) => `The salon is closed on ${day}.`,
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
      ends_after_closing: `A ${d.duration}-minute service at that time would end after we close at ${d.closes}.`,
      off_grid: `Appointments start every ${d.step} minutes.`,
      taken: `That time on ${slot.day} is already taken.`,
    })[reason],
  alternatives: (s, sameDay) =>
    `${sameDay ? 'On the same day I can offer you' : 'I can offer you'} ${slots(s, sameDay, 'at', 'or', 'on ')}. Which would suit you?`,
  pastDay: () => 'That date is already past. Which other day would suit you?',
  ambiguousTime: (options) => `Do you mean ${times(options, 'or')}?`,
  booked: (service, slot, salon, address) =>
    `You're booked! ${service} on ${slot.day} at ${slot.time} at ${salon}, ${address}. The appointment is attached for your calendar. See you soon!`,
  moved: (service, slot) =>
    `Done: your ${service} appointment is moved to ${slot.day} at ${slot.time}. The updated appointment is attached for your calendar.`,
  cancelConfirm: (service, slot) =>
    `Do you really want to cancel your ${service} appointment on ${slot.day} at ${slot.time}?`,
  cancelled: (service, slot) =>
    `All right, your ${service} appointment on ${slot.day} at ${slot.time} is cancelled. Hope to see you another time!`,
  whichAppointment: (action, lines) =>
    `You have several appointments. Which one would you like to ${action === 'cancel' ? 'cancel' : 'move'}?\n${list(lines)}`,
  noAppointments: () => "You don't have any upcoming appointments with us. Would you like to book one?",
  appointments: (lines) => `Here are your upcoming appointments:\n${list(lines)}`,
  appointmentLine: (service, slot) => `${service} on ${slot.day} at ${slot.time}`,
  declined: () => "All right, I won't book anything. Which other day or time would suit you?",
  slotGone: () => 'Sorry, that time has just been taken.',
  failed: () => "Sorry, I couldn't finish that. Could you try again in a moment?",
  bookingClosed: (salon) =>
    `${salon} is not taking online bookings at the moment. To book, please contact the salon directly.`,
}

export const PHRASES: Record<Language, Phrases> = { fr, de, it, en }

/** Parts of the day as the language names them, for "(l'après-midi)". */
export const PART_OF_DAY_NAMES: Record<Language, Record<'morning' | 'midday' | 'afternoon' | 'evening', string>> = {
  fr: { morning: 'le matin', midday: 'vers midi', afternoon: "l'après-midi", evening: 'en fin de journée' },
  de: { morning: 'vormittags', midday: 'mittags', afternoon: 'nachmittags', evening: 'abends' },
  it: { morning: 'di mattina', midday: 'verso mezzogiorno', afternoon: 'di pomeriggio', evening: 'di sera' },
  en: { morning: 'in the morning', midday: 'around noon', afternoon: 'in the afternoon', evening: 'in the evening' },
}
