import type { Language } from '@common/languages'

/**
 * What the salon's WhatsApp assistant says itself, around the assistant's answers, in the four
 * languages. The disclosure follows WhatsApp's Business Messaging Policy: the customer knows they
 * talk with an automated service, at the start of a thread, after a long silence, and when it
 * takes over again from the salon.
 */
export interface WhatsAppTexts {
  disclosure: (salon: string) => string
  /** Photos, voice notes, stickers: the assistant reads text. */
  textOnly: string
  cut: (max: number) => string
  failed: string
  linkLine: (url: string) => string
  calendarCaption: string
  /** The button that opens a list (20 characters), and the list's heading (24). */
  listButton: string
  listSection: string
  remindersQuestion: string
  remindersYes: string
  remindersNo: string
  remindersWelcome: string
  remindersDeclined: string
}

export const WHATSAPP_TEXTS: Record<Language, WhatsAppTexts> = {
  fr: {
    disclosure: (salon) =>
      `Bonjour ! Je suis l'assistant automatique de ${salon} : je m'occupe de vos rendez-vous. L'équipe du salon peut aussi vous répondre ici.`,
    textOnly: 'Je ne lis que les messages écrits. Dites-moi par écrit ce que vous souhaitez.',
    cut: (max) => `Votre message était long : j'en ai lu les ${max} premiers caractères.`,
    failed: "Désolé, je n'ai pas pu traiter votre message. Pouvez-vous le renvoyer ?",
    linkLine: (url) => `Votre rendez-vous (modifier, annuler) : ${url}`,
    calendarCaption: 'Votre rendez-vous, à ajouter à votre agenda',
    listButton: 'Voir les choix',
    listSection: 'Au choix',
    remindersQuestion: 'Souhaitez-vous recevoir vos rappels de rendez-vous ici, sur WhatsApp ?',
    remindersYes: 'Oui, sur WhatsApp',
    remindersNo: 'Non merci',
    remindersWelcome: 'C’est noté : vos rappels arriveront ici, 24 h et 2 h avant le rendez-vous.',
    remindersDeclined: 'C’est noté : vos rappels ne passeront pas par WhatsApp.',
  },
  de: {
    disclosure: (salon) =>
      `Hallo! Ich bin der automatische Assistent von ${salon} und kümmere mich um Ihre Termine. Das Salonteam kann Ihnen hier auch selbst antworten.`,
    textOnly: 'Ich lese nur geschriebene Nachrichten. Schreiben Sie mir bitte, was Sie wünschen.',
    cut: (max) => `Ihre Nachricht war lang: Ich habe die ersten ${max} Zeichen gelesen.`,
    failed: 'Entschuldigung, Ihre Nachricht konnte ich nicht verarbeiten. Können Sie sie noch einmal senden?',
    linkLine: (url) => `Ihr Termin (ändern, absagen): ${url}`,
    calendarCaption: 'Ihr Termin für Ihren Kalender',
    listButton: 'Auswahl ansehen',
    listSection: 'Zur Auswahl',
    remindersQuestion: 'Möchten Sie Ihre Terminerinnerungen hier auf WhatsApp erhalten?',
    remindersYes: 'Ja, auf WhatsApp',
    remindersNo: 'Nein, danke',
    remindersWelcome: 'Notiert: Ihre Erinnerungen kommen hierher, 24 Std. und 2 Std. vor dem Termin.',
    remindersDeclined: 'Notiert: Ihre Erinnerungen kommen nicht über WhatsApp.',
  },
  it: {
    disclosure: (salon) =>
      `Buongiorno! Sono l'assistente automatico di ${salon}: mi occupo dei Suoi appuntamenti. Anche lo staff del salone può risponderLe qui.`,
    textOnly: 'Leggo solo i messaggi scritti. Mi scriva che cosa desidera.',
    cut: (max) => `Il Suo messaggio era lungo: ne ho letto i primi ${max} caratteri.`,
    failed: 'Mi dispiace, non sono riuscito a elaborare il Suo messaggio. Può inviarlo di nuovo?',
    linkLine: (url) => `Il Suo appuntamento (modificare, annullare): ${url}`,
    calendarCaption: 'Il Suo appuntamento, da aggiungere al calendario',
    listButton: 'Vedi le scelte',
    listSection: 'A scelta',
    remindersQuestion: 'Desidera ricevere qui su WhatsApp i promemoria dei Suoi appuntamenti?',
    remindersYes: 'Sì, su WhatsApp',
    remindersNo: 'No, grazie',
    remindersWelcome: 'Preso nota: i promemoria arriveranno qui, 24 ore e 2 ore prima dell’appuntamento.',
    remindersDeclined: 'Preso nota: i promemoria non passeranno da WhatsApp.',
  },
  en: {
    disclosure: (salon) =>
      `Hello! I'm the automated assistant of ${salon}: I take care of your appointments. The salon's team may also answer you here.`,
    textOnly: 'I only read written messages. Please tell me in writing what you would like.',
    cut: (max) => `Your message was long: I read its first ${max} characters.`,
    failed: "Sorry, I couldn't process your message. Could you send it again?",
    linkLine: (url) => `Your appointment (change, cancel): ${url}`,
    calendarCaption: 'Your appointment, for your calendar',
    listButton: 'See the choices',
    listSection: 'Choose one',
    remindersQuestion: 'Would you like your appointment reminders here, on WhatsApp?',
    remindersYes: 'Yes, on WhatsApp',
    remindersNo: 'No, thanks',
    remindersWelcome: 'Noted: your reminders will come here, 24 h and 2 h before the appointment.',
    remindersDeclined: 'Noted: your reminders will not come by WhatsApp.',
  },
}
