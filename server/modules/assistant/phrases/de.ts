import { about, list, type Phrases, type ServiceLine, slots, times } from './types'

const serviceText = (l: ServiceLine) => `${l.name} — ${l.duration} Min., ${l.price}`

export const de: Phrases = {
  whichTime: (s, sameDay) => `Gerne! Welche Uhrzeit ist Ihnen lieber: ${slots(s, sameDay, 'um', 'oder', 'am ')}?`,

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
  serviceDuration: (s) => `${s.name} dauert ${s.duration} Minuten und kostet ${s.price}.${about(s)}`,
  weDo: (s) =>
    `Ja, ${s.name} bieten wir an: ${s.duration} Min., ${s.price}.${about(s)} Möchten Sie einen Termin buchen?`,
  inactiveService: (name, lines) =>
    `${name} bieten wir im Moment leider nicht an. Das sind unsere Leistungen:\n${list(lines.map((l) => `${l.name} — ${l.duration} Min., ${l.price}`))}`,
  unknownService: (lines) =>
    `Für welche Leistung möchten Sie einen Termin?\n${list(lines.map((l) => `${l.name} — ${l.duration} Min., ${l.price}`))}`,
  chooseService: (names) => `Welche meinen Sie: ${times(names, 'oder')}?`,
  address: (salon, address) => `Sie finden ${salon} in ${address}. Wir freuen uns auf Ihren Besuch!`,
  hoursWeek: (lines) => `Das sind unsere Öffnungszeiten:\n${list(lines)}`,
  hoursDay: (weekday, ranges) =>
    ranges ? `Am ${weekday} haben wir von ${ranges} geöffnet.` : `Am ${weekday} ist der Salon geschlossen.`,
  hoursToday: (ranges) => (ranges ? `Heute haben wir von ${ranges} geöffnet.` : 'Heute ist der Salon geschlossen.'),
  closedOn: (weekday) => `Am ${weekday} ist der Salon geschlossen.`,
  closedDay: (day) => `Am ${day} ist der Salon geschlossen.`,
  askMoveDay: (service, now) =>
    `Gerne, wir verschieben Ihren Termin ${service} am ${now.day} um ${now.time}. Welcher Tag passt Ihnen?`,
  askDay: (service, first) =>
    `Gerne, ${service}. Welcher Tag passt Ihnen?${first?.length ? ` Die nächsten freien Termine sind ${slots(first, false, 'um', 'und', 'am ')}.` : ''}`,
  dayTimes: (day, t, part) =>
    `Am ${day}${part ? ` (${part})` : ''} habe ich ${times(t, 'oder')} frei. Welche Uhrzeit passt Ihnen?`,
  noTimesThatDay: (day, part) => `Am ${day}${part ? ` ${part}` : ''} ist leider kein Termin mehr frei.`,
  nextFree: (service, s) =>
    `Für ${service} sind die nächsten freien Termine ${slots(s, false, 'um', 'und', 'am ')}. Welcher passt Ihnen?`,
  nothingFree: (service) => `Leider finde ich in den nächsten Wochen keinen freien Termin für ${service}.`,
  propose: (s, slot) =>
    `Ich kann Ihnen ${s.name} (${s.duration} Min., ${s.price}) am ${slot.day} um ${slot.time} anbieten. Soll ich den Termin für Sie buchen?`,
  proposeMove: (service, slot) =>
    `Ich kann Ihren Termin ${service} auf ${slot.day} um ${slot.time} verschieben. Soll ich das machen?`,
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
        ? `Zu dieser Uhrzeit ist der Salon nicht geöffnet: Am ${d.weekday} haben wir von ${d.opens} bis ${d.closes} geöffnet.`
        : `Am ${d.weekday} ist der Salon geschlossen.`,
      ends_after_closing: `${d.service} (${d.duration} Min.) zu dieser Uhrzeit würde erst nach Ladenschluss um ${d.closes} enden.`,
      off_grid: `Die Termine beginnen alle ${d.step} Minuten.`,
      taken: `Diese Uhrzeit ist am ${slot.day} leider schon besetzt.`,
    })[reason],
  alternatives: (s, sameDay) =>
    `${sameDay ? 'Am selben Tag kann ich Ihnen' : 'Ich kann Ihnen'} ${slots(s, sameDay, 'um', 'oder', 'am ')} anbieten. Was passt Ihnen?`,
  pastDay: () => 'Dieses Datum ist schon vorbei. Welcher andere Tag passt Ihnen?',
  impossibleDate: (day, month) => `Den ${day}. ${month} gibt es nicht. Welchen Tag meinten Sie?`,
  ambiguousTime: (options) => `Meinen Sie ${times(options, 'oder')}?`,
  booked: (service, slot, salon, address, attached) =>
    `Ihr Termin ist gebucht! ${service} am ${slot.day} um ${slot.time} bei ${salon}, ${address}.${attached ? ' Den Termin für Ihren Kalender finden Sie im Anhang.' : ''} Bis bald!`,
  held: (service, slot) => `Gut, ich habe ${service} am ${slot.day} um ${slot.time} vorgemerkt.`,
  moved: (service, slot, attached) =>
    `Erledigt: Ihr Termin ${service} ist auf ${slot.day} um ${slot.time} verschoben.${attached ? ' Den aktualisierten Termin für Ihren Kalender finden Sie im Anhang.' : ''}`,
  cancelConfirm: (service, slot) =>
    `Möchten Sie Ihren Termin ${service} am ${slot.day} um ${slot.time} wirklich absagen?`,
  cancelled: (service, slot) =>
    `Alles klar, Ihr Termin ${service} am ${slot.day} um ${slot.time} ist abgesagt. Bis zum nächsten Mal!`,
  whichAppointment: (action, lines) =>
    action === 'note'
      ? `Um welchen Ihrer Termine geht es?\n${list(lines)}`
      : `Sie haben mehrere Termine. Welchen möchten Sie ${action === 'cancel' ? 'absagen' : 'verschieben'}?\n${list(lines)}`,
  noAppointments: () => 'Sie haben keine anstehenden Termine bei uns. Möchten Sie einen buchen?',
  noSuchAppointment: (lines) =>
    `Diesen Termin finde ich bei Ihnen nicht, daher ändere ich nichts. Das sind Ihre nächsten Termine:\n${list(lines)}\nWelchen meinen Sie?`,
  noAppointmentToday: (lines) =>
    `Sie haben heute keinen Termin, daher habe ich dem Salon nichts ausgerichtet. Ihre nächsten Termine:\n${list(lines)}`,
  moveUnchanged: (service, slot) =>
    `Ihr Termin ${service} ist bereits am ${slot.day} um ${slot.time} – das ändert nichts. Welcher andere Tag oder welche andere Uhrzeit passt Ihnen?`,
  appointments: (lines) => `Das sind Ihre nächsten Termine:\n${list(lines)}`,
  appointmentLine: (service, slot) => `${service} am ${slot.day} um ${slot.time}`,
  kept: (service, slot) =>
    `In Ordnung, ich ändere nichts: Ihr Termin ${service} bleibt am ${slot.day} um ${slot.time}.`,
  declined: () => 'In Ordnung, ich buche nichts. Welcher andere Tag oder welche andere Uhrzeit passt Ihnen?',
  slotGone: () => 'Leider wurde dieser Termin gerade vergeben.',
  failed: () => 'Das hat leider nicht geklappt. Können Sie es gleich noch einmal versuchen?',
  bookingClosed: (salon) =>
    `${salon} nimmt zurzeit keine Online-Termine an. Für einen Termin wenden Sie sich bitte direkt an den Salon.`,
  goodbye: () => 'Auf Wiedersehen und bis bald!',
  price: (s) => `${s.name}: ${s.price} (${s.duration} Min.).`,
  total: (all, each) =>
    `${each.map((s) => `${s.name} (${s.price})`).join(' + ')}: zusammen ${all.price}, etwa ${all.duration} Min. Möchten Sie einen Termin buchen?`,
  notOffered: (what, lines) =>
    `Leider bietet der Salon ${what} nicht an. Das sind unsere Leistungen:\n${list(lines.map(serviceText))}`,
  phone: (salon, phone) =>
    phone
      ? `Sie erreichen ${salon} telefonisch unter ${phone}.`
      : `Ich habe keine öffentliche Telefonnummer von ${salon}, aber ich kann mich hier um Ihren Termin kümmern.`,
  email: (salon, email) => `Sie können ${salon} an ${email} schreiben.`,
  practical: (salon, info, beside) =>
    info.text
      ? `Praktische Hinweise von ${salon}${info.salonsOwnWords ? ', in den Worten des Salons' : ''}: „${info.text}“${beside ? '' : ' Haben Sie noch eine Frage, oder möchten Sie gleich einen Termin buchen?'}`
      : `Diese Information habe ich für ${salon} leider nicht. Am besten fragen Sie direkt im Salon nach.`,
  chooseDay: (days) => `Nur zur Sicherheit: Meinen Sie ${times(days, 'oder')}?`,
  beyondHorizon: (lastDay, horizon) =>
    `So weit im Voraus kann man noch nicht buchen: Termine sind bis ${lastDay} buchbar (${horizon} Tage im Voraus).`,
  lateNoted: (service, slot, minutes) =>
    `Danke, ich gebe dem Salon Bescheid, dass Sie ${minutes ? `etwa ${minutes} Min. später kommen` : 'sich verspäten'} – Ihr Termin ${service} am ${slot.day} um ${slot.time}.`,
  nothingBookedYet: () => 'Es ist noch nichts gebucht.',
  waitlistHint: (day, part) =>
    `Wenn Sie möchten, setze ich Sie für ${day}${part ? ` ${part}` : ''} auf die Warteliste: Wird ein Termin frei, sagen wir Ihnen Bescheid, und wer zuerst zusagt, bekommt ihn. Schreiben Sie einfach „Warteliste“.`,
  waitlistJoined: (services, day, part) =>
    `Notiert: Sie stehen auf der Warteliste für ${services} am ${day}${part ? ` ${part}` : ''}. Wird ein Termin frei, sagen wir Ihnen Bescheid; wer zuerst zusagt, bekommt ihn. Gebucht ist noch nichts.`,
  waitlistContact: () => 'Damit wir Sie erreichen, tragen Sie unter „Profil“ Ihre Telefonnummer oder E-Mail ein.',
  waitlistAlready: (day) =>
    `Sie stehen schon auf der Warteliste für ${day}: Wir sagen Bescheid, sobald ein Termin frei wird.`,
  remindOffer: () =>
    'Für eine Erinnerung am Vortag und 2 Stunden vorher tragen Sie Ihre Telefonnummer oder E-Mail unter „Profil“ ein.',
  stillProposed: (s, slot) =>
    `Soll ich ${s.name} (${s.duration} Min., ${s.price}) am ${slot.day} um ${slot.time} für Sie buchen? Antworten Sie mit „ja“, oder nennen Sie mir einen anderen Tag oder eine andere Uhrzeit.`,
  stillProposedMove: (service, slot) =>
    `Ihr Termin ${service} ist noch nicht verschoben. Soll ich ihn auf ${slot.day} um ${slot.time} verschieben?`,
  stillProposedCancel: (service, slot) =>
    `Ihr Termin ${service} am ${slot.day} um ${slot.time} ist nicht abgesagt. Möchten Sie ihn wirklich absagen?`,
  needs: (what, lines) =>
    what === 'service'
      ? `Welche Leistung möchten Sie?\n${list(lines.map(serviceText))}`
      : what === 'day'
        ? 'An welchem Tag passt es Ihnen?'
        : 'Um wie viel Uhr möchten Sie kommen?',
  atOnce: () => 'gleichzeitig, jeweils bei einer eigenen Person aus dem Team',
  withMember: (member) => `mit ${member}`,
  forMember: (member) => `Für einen Termin bei ${member}:`,
  memberBusy: (m, slot, other, s, sameDay) => {
    const base = `${m} ist am ${slot.day} um ${slot.time} nicht frei`
    const offered = `${sameDay ? 'um ' : ''}${slots(s, sameDay, 'um', 'oder', 'am ')}`
    if (other)
      return `${base}, ${other} schon.${s.length ? ` Oder ${m} ${offered}?` : ` Möchten Sie zu ${other} kommen?`}`
    return s.length
      ? `${base}. ${m} hätte ${offered} Zeit. Was passt Ihnen?`
      : `${base}, und in den nächsten zwei Wochen finde ich bei ${m} keinen freien Termin.`
  },
  unknownMember: (name, team) =>
    `${name} gehört nicht zu unserem Team: bei uns arbeiten ${times(team, 'und')}. Zu wem möchten Sie? Sie können auch „egal“ antworten.`,
  memberNotPerforming: (m, service, p) =>
    `${service} macht ${m} nicht${p.length ? `; das ${p.length > 1 ? 'machen' : 'macht'} ${times(p, 'und')}` : ''}.`,
}
