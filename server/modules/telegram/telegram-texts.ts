import type { Language } from '@common/languages'

/**
 * What the bot says itself, around the assistant's answers, in the four languages. The words a
 * button sends on the customer's behalf are the assistant's own ("oui", "la deuxième"), so a tap
 * and a typed answer are read alike, by the built-in assistant and by a language model.
 */
export interface TelegramTexts {
  greeting: (salon: string) => string
  /** `/start` without a salon, or a message before any salon's link was opened. */
  noSalon: string
  unknownSalon: string
  /** Stickers, photos, voice messages: the assistant reads text. */
  textOnly: string
  tooFast: string
  /** A message longer than the chat's limit, read up to it. */
  cut: (max: number) => string
  /** A button of an offer that is no longer the current one. */
  expired: string
  /** An update that failed every try: the customer is asked to write again. */
  failed: string
  groupsOnlyPrivate: (bot: string) => string
  help: string
  yes: string
  otherTimes: string
  cancelYes: string
  keep: string
  manage: string
  /** The booking link as a line of text, where Telegram would refuse it as a button (not HTTPS). */
  manageLine: (url: string) => string
  calendarCaption: string
  sharePhone: string
  phonePrompt: string
  phoneThanks: string
  phoneNotYours: string
  /** What a tap says on the customer's behalf. */
  answers: { yes: string; no: string; ordinals: [string, string, string] }
  commands: { start: string; help: string; phone: string }
  description: string
  shortDescription: string
}

export const TELEGRAM_TEXTS: Record<Language, TelegramTexts> = {
  fr: {
    greeting: (salon) =>
      `Bonjour ! Vous êtes en contact avec ${salon}. Dites-moi ce que vous souhaitez et quand, par exemple « une coupe vendredi après-midi ».`,
    noSalon:
      'Pour prendre rendez-vous, ouvrez le lien Telegram de votre salon : il se trouve sur sa page de réservation ou sur son QR code.',
    unknownSalon: 'Ce lien ne mène à aucun salon. Demandez à votre salon son lien Telegram, puis ouvrez-le.',
    textOnly: 'Je ne lis que les messages écrits. Dites-moi par écrit ce que vous souhaitez.',
    tooFast: 'Vous écrivez très vite : attendez une minute, puis envoyez votre message.',
    cut: (max) => `Votre message était long : j'en ai lu les ${max} premiers caractères.`,
    expired: "Cette proposition n'est plus d'actualité.",
    failed: "Désolé, je n'ai pas pu traiter votre message. Pouvez-vous le renvoyer ?",
    groupsOnlyPrivate: (bot) => `Je réponds seulement en conversation privée : https://t.me/${bot}`,
    help: "Écrivez-moi ce que vous souhaitez, par exemple « une coupe demain à 10h », « décaler mon rendez-vous » ou « annuler ». Pour changer de salon, ouvrez le lien Telegram de l'autre salon. /phone partage votre numéro pour les rappels par SMS.",
    yes: 'Oui',
    otherTimes: 'Un autre moment',
    cancelYes: 'Oui, annuler',
    keep: 'Non, garder',
    manage: 'Gérer mon rendez-vous',
    manageLine: (url) => `Votre rendez-vous : ${url}`,
    calendarCaption: 'À ajouter à votre agenda',
    sharePhone: 'Partager mon numéro',
    phonePrompt: 'Pour recevoir un rappel par SMS, vous pouvez partager votre numéro :',
    phoneThanks: 'Merci, votre numéro est enregistré pour vos rappels.',
    phoneNotYours: 'Je ne peux enregistrer que votre propre numéro : utilisez le bouton « Partager mon numéro ».',
    answers: { yes: 'oui', no: 'non', ordinals: ['la première', 'la deuxième', 'la troisième'] },
    commands: { start: 'Commencer', help: 'Comment ça marche', phone: 'Partager mon numéro pour les rappels' },
    description:
      'Prenez rendez-vous dans votre salon de coiffure ou de beauté, à toute heure : ouvrez le lien Telegram de votre salon et dites ce que vous souhaitez.',
    shortDescription: 'Vos rendez-vous au salon, par message.',
  },
  de: {
    greeting: (salon) =>
      `Hallo! Sie schreiben mit ${salon}. Sagen Sie mir, was Sie möchten und wann, zum Beispiel „Haarschnitt Freitagnachmittag“.`,
    noSalon:
      'Um einen Termin zu buchen, öffnen Sie den Telegram-Link Ihres Salons: Sie finden ihn auf seiner Buchungsseite oder seinem QR-Code.',
    unknownSalon:
      'Dieser Link führt zu keinem Salon. Fragen Sie Ihren Salon nach seinem Telegram-Link und öffnen Sie ihn.',
    textOnly: 'Ich lese nur geschriebene Nachrichten. Schreiben Sie mir bitte, was Sie möchten.',
    tooFast: 'Sie schreiben sehr schnell: Warten Sie eine Minute und senden Sie dann Ihre Nachricht.',
    cut: (max) => `Ihre Nachricht war lang: Ich habe die ersten ${max} Zeichen gelesen.`,
    expired: 'Dieser Vorschlag ist nicht mehr aktuell.',
    failed: 'Entschuldigung, ich konnte Ihre Nachricht nicht verarbeiten. Können Sie sie noch einmal senden?',
    groupsOnlyPrivate: (bot) => `Ich antworte nur im privaten Chat: https://t.me/${bot}`,
    help: 'Schreiben Sie mir, was Sie möchten, zum Beispiel „Haarschnitt morgen um 10“, „Termin verschieben“ oder „absagen“. Für einen anderen Salon öffnen Sie dessen Telegram-Link. /phone teilt Ihre Nummer für SMS-Erinnerungen.',
    yes: 'Ja',
    otherTimes: 'Andere Zeit',
    cancelYes: 'Ja, absagen',
    keep: 'Nein, behalten',
    manage: 'Meinen Termin verwalten',
    manageLine: (url) => `Ihr Termin: ${url}`,
    calendarCaption: 'Für Ihren Kalender',
    sharePhone: 'Meine Nummer teilen',
    phonePrompt: 'Für eine Erinnerung per SMS können Sie Ihre Nummer teilen:',
    phoneThanks: 'Danke, Ihre Nummer ist für Ihre Erinnerungen gespeichert.',
    phoneNotYours: 'Ich kann nur Ihre eigene Nummer speichern: Tippen Sie auf „Meine Nummer teilen“.',
    answers: { yes: 'ja', no: 'nein', ordinals: ['die erste', 'die zweite', 'die dritte'] },
    commands: { start: 'Starten', help: 'So funktioniert es', phone: 'Meine Nummer für Erinnerungen teilen' },
    description:
      'Buchen Sie Ihren Termin im Friseur- oder Kosmetiksalon, rund um die Uhr: Öffnen Sie den Telegram-Link Ihres Salons und sagen Sie, was Sie möchten.',
    shortDescription: 'Ihre Salontermine per Nachricht.',
  },
  it: {
    greeting: (salon) =>
      `Buongiorno! Sta scrivendo a ${salon}. Mi dica che cosa desidera e quando, per esempio «un taglio venerdì pomeriggio».`,
    noSalon:
      'Per prenotare, apra il link Telegram del Suo salone: lo trova sulla sua pagina di prenotazione o sul suo codice QR.',
    unknownSalon: 'Questo link non porta a nessun salone. Chieda al Suo salone il suo link Telegram, poi lo apra.',
    textOnly: 'Leggo solo i messaggi scritti. Mi scriva che cosa desidera.',
    tooFast: 'Sta scrivendo molto in fretta: aspetti un minuto, poi invii il Suo messaggio.',
    cut: (max) => `Il Suo messaggio era lungo: ne ho letto i primi ${max} caratteri.`,
    expired: 'Questa proposta non è più valida.',
    failed: 'Mi dispiace, non sono riuscito a elaborare il Suo messaggio. Può inviarlo di nuovo?',
    groupsOnlyPrivate: (bot) => `Rispondo solo in chat privata: https://t.me/${bot}`,
    help: 'Mi scriva che cosa desidera, per esempio «un taglio domani alle 10», «spostare il mio appuntamento» o «annullare». Per un altro salone, apra il suo link Telegram. /phone condivide il Suo numero per i promemoria via SMS.',
    yes: 'Sì',
    otherTimes: 'Un altro momento',
    cancelYes: 'Sì, lo annullo',
    keep: 'No, lo tengo',
    manage: 'Gestire il mio appuntamento',
    manageLine: (url) => `Il Suo appuntamento: ${url}`,
    calendarCaption: 'Da aggiungere al Suo calendario',
    sharePhone: 'Condividere il mio numero',
    phonePrompt: 'Per ricevere un promemoria via SMS, può condividere il Suo numero:',
    phoneThanks: 'Grazie, il Suo numero è registrato per i promemoria.',
    phoneNotYours: 'Posso registrare solo il Suo numero: usi il pulsante «Condividere il mio numero».',
    answers: { yes: 'sì', no: 'no', ordinals: ['la prima', 'la seconda', 'la terza'] },
    commands: { start: 'Iniziare', help: 'Come funziona', phone: 'Condividere il mio numero per i promemoria' },
    description:
      'Prenoti nel Suo salone di parrucchiere o di bellezza, a ogni ora: apra il link Telegram del Suo salone e dica che cosa desidera.',
    shortDescription: 'I Suoi appuntamenti in salone, via messaggio.',
  },
  en: {
    greeting: (salon) =>
      `Hello! You're chatting with ${salon}. Tell me what you would like and when, for example "a haircut Friday afternoon".`,
    noSalon: "To book, open your salon's Telegram link: you'll find it on the salon's booking page or on its QR code.",
    unknownSalon: "This link doesn't lead to a salon. Ask your salon for its Telegram link, then open it.",
    textOnly: 'I only read written messages. Please tell me in writing what you would like.',
    tooFast: "You're writing very fast: wait a minute, then send your message.",
    cut: (max) => `Your message was long: I read its first ${max} characters.`,
    expired: 'This offer is no longer current.',
    failed: "Sorry, I couldn't handle your message. Could you send it again?",
    groupsOnlyPrivate: (bot) => `I only answer in a private chat: https://t.me/${bot}`,
    help: 'Tell me what you would like, for example "a haircut tomorrow at 10", "move my appointment" or "cancel". To switch salons, open the other salon\'s Telegram link. /phone shares your number for SMS reminders.',
    yes: 'Yes',
    otherTimes: 'Another time',
    cancelYes: 'Yes, cancel',
    keep: 'No, keep it',
    manage: 'Manage my appointment',
    manageLine: (url) => `Your appointment: ${url}`,
    calendarCaption: 'For your calendar',
    sharePhone: 'Share my number',
    phonePrompt: 'To get a reminder by SMS, you can share your number:',
    phoneThanks: 'Thank you, your number is saved for your reminders.',
    phoneNotYours: 'I can only save your own number: use the "Share my number" button.',
    answers: { yes: 'yes', no: 'no', ordinals: ['the first', 'the second', 'the third'] },
    commands: { start: 'Start', help: 'How it works', phone: 'Share my number for reminders' },
    description:
      "Book your hair or beauty salon, at any hour: open your salon's Telegram link and say what you would like.",
    shortDescription: 'Your salon appointments, by message.',
  },
}

/** Telegram's language_code ('de', 'de-CH', 'pt-br') as one of ours, if it is one. */
export function languageOfTelegram(code: string | null | undefined): Language | undefined {
  const base = code?.toLowerCase().split('-')[0]
  return base === 'fr' || base === 'de' || base === 'it' || base === 'en' ? base : undefined
}
