import { about, list, type Phrases, type ServiceLine, slots, times } from './types'

const serviceText = (l: ServiceLine) => `${l.name} — ${l.duration} min, ${l.price}`

export const fr: Phrases = {
  whichTime: (s, sameDay) => `Avec plaisir ! Quelle heure préférez-vous : ${slots(s, sameDay, 'à', 'ou', 'le ')} ?`,

  greeting: (salon, name) =>
    `Bonjour${name ? ` ${name}` : ''} ! Je suis l'assistant de ${salon}. Je peux vous proposer un rendez-vous, vous donner nos prestations et nos prix, nos horaires, ou gérer vos rendez-vous. Que puis-je faire pour vous ?`,
  help: (salon) =>
    `Je suis l'assistant de ${salon}. Dites-moi par exemple « une coupe femme demain à 14h », « quels sont vos prix ? », « êtes-vous ouverts samedi ? », « mes rendez-vous » ou « je voudrais annuler ».`,
  fallback: (salon) =>
    `Je ne suis pas sûr d'avoir compris. Je peux réserver un rendez-vous chez ${salon}, vous donner nos prestations et nos prix, nos horaires et notre adresse, ou déplacer et annuler vos rendez-vous. Que souhaitez-vous ?`,
  thanks: () => 'Avec plaisir ! Je reste à votre disposition si vous avez besoin de quoi que ce soit.',
  privacy: () =>
    "Je ne peux pas donner d'informations sur les rendez-vous des autres clients. Je peux en revanche vous montrer vos propres rendez-vous ou les créneaux libres.",
  services: (lines) =>
    `Voici nos prestations :\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}\nLaquelle vous ferait plaisir ?`,
  serviceDuration: (s) => `${s.name} dure ${s.duration} minutes et coûte ${s.price}.${about(s)}`,
  weDo: (s) =>
    `Oui, nous faisons ${s.name} : ${s.duration} min, ${s.price}.${about(s)} Voulez-vous prendre rendez-vous ?`,
  inactiveService: (name, lines) =>
    `Désolé, nous ne proposons pas ${name} en ce moment. Voici ce que nous faisons :\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  unknownService: (lines) =>
    `Pour quelle prestation souhaitez-vous venir ?\n${list(lines.map((l) => `${l.name} — ${l.duration} min, ${l.price}`))}`,
  chooseService: (names) => `Vous pensez à laquelle : ${times(names, 'ou')} ?`,
  address: (salon, address) => `${salon} se trouve au ${address}. Au plaisir de vous y accueillir !`,
  hoursWeek: (lines) => `Voici nos horaires d'ouverture :\n${list(lines)}`,
  hoursDay: (weekday, ranges) =>
    ranges ? `Le ${weekday}, nous sommes ouverts de ${ranges}.` : `Le salon est fermé le ${weekday}.`,
  hoursToday: (ranges) =>
    ranges ? `Aujourd'hui, nous sommes ouverts de ${ranges}.` : "Aujourd'hui, le salon est fermé.",
  closedOn: (weekday) => `Le salon est fermé le ${weekday}.`,
  closedDay: (day) => `Le salon est fermé le ${day}.`,
  askMoveDay: (service, now) =>
    `Très bien, déplaçons votre rendez-vous ${service} du ${now.day} à ${now.time}. Quel jour vous arrangerait ?`,
  askDay: (service, first) =>
    `Très bien, pour ${service}. Quel jour vous arrangerait ?${first?.length ? ` Les prochains créneaux libres sont ${slots(first, false, 'à', 'et', 'le ')}.` : ''}`,
  dayTimes: (day, t, part) =>
    `Le ${day}${part ? ` (${part})` : ''}, je peux vous proposer ${times(t, 'ou')}. Quelle heure vous convient ?`,
  noTimesThatDay: (day, part) => `Il n'y a plus de créneau libre le ${day}${part ? ` ${part}` : ''}.`,
  nextFree: (service, s) =>
    `Pour ${service}, les prochains créneaux libres sont ${slots(s, false, 'à', 'et', 'le ')}. Lequel vous convient ?`,
  nothingFree: (service) =>
    `Je suis désolé, je ne trouve pas de créneau libre pour ${service} dans les semaines qui viennent.`,
  propose: (s, slot) =>
    `Je vous propose ${s.name} (${s.duration} min, ${s.price}) le ${slot.day} à ${slot.time}. Voulez-vous que je réserve ce rendez-vous ?`,
  proposeMove: (service, slot) =>
    `Je peux déplacer votre rendez-vous ${service} au ${slot.day} à ${slot.time}. Voulez-vous que je le déplace ?`,
  refused: (reason, slot, d) =>
    ({
      too_soon:
        d.noticeMinutes > 0
          ? `C'est trop juste pour ce créneau : il faut réserver au moins ${d.noticeMinutes >= 60 ? `${d.noticeMinutes / 60} h` : `${d.noticeMinutes} min`} à l'avance.`
          : `Ce moment est déjà passé.`,
      beyond_horizon: `On ne peut pas encore réserver le ${slot.day} : les rendez-vous s'ouvrent ${d.horizonDays} jours à l'avance.`,
      closed_day: `Le salon est fermé le ${d.weekday}.`,
      time_off: `Le salon est fermé le ${slot.day}.`,
      outside_hours: d.opens
        ? `Le salon n'est pas ouvert à cette heure-là : le ${d.weekday}, nous sommes ouverts de ${d.opens} à ${d.closes}.`
        : `Le salon est fermé le ${d.weekday}.`,
      ends_after_closing: `${d.service} (${d.duration} min) à cette heure-là finirait après la fermeture de ${d.closes}.`,
      off_grid: `Les rendez-vous commencent toutes les ${d.step} minutes.`,
      taken: `Ce créneau du ${slot.day} est déjà pris.`,
    })[reason],
  alternatives: (s, sameDay) =>
    `${sameDay ? 'Le même jour, je peux vous proposer' : 'Je peux vous proposer'} ${slots(s, sameDay, 'à', 'ou', 'le ')}. Qu'est-ce qui vous arrange ?`,
  pastDay: () => 'Cette date est déjà passée. Quel autre jour vous conviendrait ?',
  impossibleDate: (day, month) => `Le ${day} ${month} n'existe pas. Quel jour vouliez-vous dire ?`,
  ambiguousTime: (options) => `Vous voulez dire ${times(options, 'ou')} ?`,
  booked: (service, slot, salon, address, attached) =>
    `C'est réservé ! ${service} le ${slot.day} à ${slot.time} chez ${salon}, ${address}.${attached ? ' Le rendez-vous est joint pour votre agenda.' : ''} À bientôt !`,
  held: (service, slot) => `Parfait, j'ai noté ${service} le ${slot.day} à ${slot.time}.`,
  moved: (service, slot, attached) =>
    `C'est fait : votre rendez-vous ${service} est déplacé au ${slot.day} à ${slot.time}.${attached ? ' Le rendez-vous mis à jour est joint pour votre agenda.' : ''}`,
  cancelConfirm: (service, slot) =>
    `Voulez-vous vraiment annuler votre rendez-vous ${service} du ${slot.day} à ${slot.time} ?`,
  cancelled: (service, slot) =>
    `C'est noté, votre rendez-vous ${service} du ${slot.day} à ${slot.time} est annulé. À une prochaine fois !`,
  whichAppointment: (action, lines) =>
    action === 'note'
      ? `Pour lequel de vos rendez-vous est-ce ?\n${list(lines)}`
      : `Vous avez plusieurs rendez-vous. Lequel voulez-vous ${action === 'cancel' ? 'annuler' : 'déplacer'} ?\n${list(lines)}`,
  noAppointments: () => "Vous n'avez pas de rendez-vous à venir chez nous. Voulez-vous en prendre un ?",
  noSuchAppointment: (lines) =>
    `Je ne trouve pas ce rendez-vous parmi les vôtres, donc je ne change rien. Voici vos rendez-vous à venir :\n${list(lines)}\nLequel voulez-vous dire ?`,
  noAppointmentToday: (lines) =>
    `Vous n'avez pas de rendez-vous aujourd'hui, donc je n'ai rien transmis au salon. Vos prochains rendez-vous :\n${list(lines)}`,
  moveUnchanged: (service, slot) =>
    `Votre rendez-vous ${service} est déjà le ${slot.day} à ${slot.time} : cela ne change rien. Quel autre jour ou quelle autre heure souhaitez-vous ?`,
  appointments: (lines) => `Voici vos rendez-vous à venir :\n${list(lines)}`,
  appointmentLine: (service, slot) => `${service} le ${slot.day} à ${slot.time}`,
  kept: (service, slot) =>
    `Très bien, je ne change rien : votre rendez-vous ${service} reste le ${slot.day} à ${slot.time}.`,
  declined: () => "D'accord, je ne réserve rien. Quel autre jour ou quelle autre heure vous conviendrait ?",
  slotGone: () => "Désolé, ce créneau vient d'être pris.",
  failed: () => "Désolé, je n'ai pas pu terminer. Pouvez-vous réessayer dans un instant ?",
  bookingClosed: (salon) =>
    `${salon} ne prend pas de rendez-vous en ligne pour le moment. Pour un rendez-vous, contactez directement le salon.`,
  goodbye: () => 'Au revoir et à bientôt !',
  price: (s) => `${s.name} : ${s.price} (${s.duration} min).`,
  total: (all, each) =>
    `${each.map((s) => `${s.name} (${s.price})`).join(' + ')} : ${all.price} en tout, pour environ ${all.duration} min. Voulez-vous prendre rendez-vous ?`,
  notOffered: (what, lines) =>
    `Désolé, nous ne faisons pas ${what}. Voici nos prestations :\n${list(lines.map(serviceText))}`,
  phone: (salon, phone) =>
    phone
      ? `Vous pouvez appeler ${salon} au ${phone}.`
      : `Je n'ai pas de numéro de téléphone public pour ${salon}, mais je peux m'occuper de votre rendez-vous ici.`,
  email: (salon, email) => `Vous pouvez écrire à ${salon} à ${email}.`,
  practical: (salon, info, beside) =>
    info.text
      ? `Infos pratiques de ${salon}${info.salonsOwnWords ? ', dans les mots du salon' : ''} : « ${info.text} »${beside ? '' : ' Avez-vous une autre question, ou voulez-vous que je vous réserve un rendez-vous ?'}`
      : `Je n'ai pas cette information pour ${salon}. Le mieux est de poser la question au salon directement.`,
  chooseDay: (days) => `Pour être sûr : vous voulez dire ${times(days, 'ou')} ?`,
  beyondHorizon: (lastDay, horizon) =>
    `On ne peut pas encore réserver si loin : les réservations sont ouvertes jusqu'au ${lastDay} (${horizon} jours à l'avance).`,
  lateNoted: (service, slot, minutes) =>
    `C'est noté, je préviens le salon${minutes ? ` que vous aurez environ ${minutes} min de retard` : ' de votre retard'} pour votre rendez-vous ${service} du ${slot.day} à ${slot.time}.`,
  nothingBookedYet: () => "Rien n'est encore réservé.",
  waitlistHint: (day, part) =>
    `Si vous voulez, je peux vous inscrire sur la liste d'attente du ${day}${part ? ` ${part}` : ''} : si un créneau se libère, nous vous prévenons, et le premier qui l'accepte l'obtient. Dites simplement « liste d'attente ».`,
  waitlistJoined: (services, day, part) =>
    `C'est noté : vous êtes sur la liste d'attente pour ${services} le ${day}${part ? ` ${part}` : ''}. Si un créneau se libère, nous vous prévenons ; le premier qui l'accepte l'obtient. Rien n'est réservé pour l'instant.`,
  waitlistContact: () => 'Pour être prévenu, ajoutez votre téléphone ou votre e-mail dans « Profil ».',
  waitlistAlready: (day) =>
    `Vous êtes déjà sur la liste d'attente du ${day} : nous vous prévenons si un créneau se libère.`,
  remindOffer: () =>
    'Pour recevoir un rappel la veille et 2 h avant, ajoutez votre téléphone ou votre e-mail dans « Profil ».',
  stillProposed: (s, slot) =>
    `Voulez-vous que je réserve ${s.name} (${s.duration} min, ${s.price}) le ${slot.day} à ${slot.time} ? Répondez « oui » pour confirmer, ou donnez-moi un autre jour ou une autre heure.`,
  stillProposedMove: (service, slot) =>
    `Votre rendez-vous ${service} n'est pas encore déplacé. Voulez-vous que je le déplace au ${slot.day} à ${slot.time} ?`,
  stillProposedCancel: (service, slot) =>
    `Votre rendez-vous ${service} du ${slot.day} à ${slot.time} n'est pas annulé. Voulez-vous vraiment l'annuler ?`,
  needs: (what, lines) =>
    what === 'service'
      ? `Quelle prestation souhaitez-vous ?\n${list(lines.map(serviceText))}`
      : what === 'day'
        ? 'Quel jour vous conviendrait ?'
        : 'À quelle heure vous conviendrait-il de venir ?',
  atOnce: () => 'en même temps, chacun avec un membre de l’équipe',
  withMember: (member) => `avec ${member}`,
  forMember: (member) => `Pour un rendez-vous avec ${member} :`,
  memberBusy: (m, slot, other, s, sameDay) => {
    const base = `${m} n'est pas libre le ${slot.day} à ${slot.time}`
    const offered = `${sameDay ? 'à ' : ''}${slots(s, sameDay, 'à', 'ou', 'le ')}`
    if (other)
      return `${base} ; ${other} l'est.${s.length ? ` Ou ${m} ${offered} ?` : ` Voulez-vous venir avec ${other} ?`}`
    return s.length
      ? `${base}. ${m} peut vous recevoir ${offered}. Qu'est-ce qui vous arrange ?`
      : `${base}, et je ne trouve pas de créneau libre avec ${m} dans les deux semaines qui suivent.`
  },
  unknownMember: (name, team) =>
    `Je ne trouve personne du nom de ${name} dans l'équipe : nous sommes ${times(team, 'et')}. Avec qui souhaitez-vous venir ? Vous pouvez aussi répondre « peu importe ».`,
  memberNotPerforming: (m, service, p) =>
    `${m} ne fait pas ${service}${p.length ? ` ; ${times(p, 'et')} ${p.length > 1 ? 'le font' : 'le fait'}` : ''}.`,
}
