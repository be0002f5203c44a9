import type { Language } from '@common/languages'

/**
 * What the salon's Instagram assistant says itself, around the assistant's answers, in the four
 * languages. The disclosure follows Meta's "Informing Users About Your Automated Experience":
 * where the law asks (Germany is named), an automated chat says so at the start of a thread, after
 * a long silence and when it takes over again from a person.
 */
export interface InstagramTexts {
  disclosure: (salon: string) => string
  /** Photos, voice notes, shared posts: the assistant reads text. */
  textOnly: string
  /** A message longer than the chat's limit, read up to it. */
  cut: (max: number) => string
  /** A message that failed every try: the customer is asked to write again. */
  failed: string
  /** The customer's booking page (change, cancel, add to a calendar): Instagram sends no files. */
  linkLine: (url: string) => string
}

export const INSTAGRAM_TEXTS: Record<Language, InstagramTexts> = {
  fr: {
    disclosure: (salon) =>
      `Bonjour ! Je suis l'assistant automatique de ${salon} : je réponds à vos demandes de rendez-vous.`,
    textOnly: 'Je ne lis que les messages écrits. Dites-moi par écrit ce que vous souhaitez.',
    cut: (max) => `Votre message était long : j'en ai lu les ${max} premiers caractères.`,
    failed: "Désolé, je n'ai pas pu traiter votre message. Pouvez-vous le renvoyer ?",
    linkLine: (url) => `Votre rendez-vous (modifier, annuler, ajouter à votre agenda) : ${url}`,
  },
  de: {
    disclosure: (salon) =>
      `Hallo! Ich bin der automatische Assistent von ${salon} und kümmere mich um Ihre Terminwünsche.`,
    textOnly: 'Ich lese nur geschriebene Nachrichten. Schreiben Sie mir bitte, was Sie wünschen.',
    cut: (max) => `Ihre Nachricht war lang: Ich habe die ersten ${max} Zeichen gelesen.`,
    failed: 'Entschuldigung, Ihre Nachricht konnte ich nicht verarbeiten. Können Sie sie noch einmal senden?',
    linkLine: (url) => `Ihr Termin (ändern, absagen, in den Kalender übernehmen): ${url}`,
  },
  it: {
    disclosure: (salon) =>
      `Buongiorno! Sono l'assistente automatico di ${salon}: rispondo alle Sue richieste di appuntamento.`,
    textOnly: 'Leggo solo i messaggi scritti. Mi scriva che cosa desidera.',
    cut: (max) => `Il Suo messaggio era lungo: ne ho letto i primi ${max} caratteri.`,
    failed: 'Mi dispiace, non sono riuscito a elaborare il Suo messaggio. Può inviarlo di nuovo?',
    linkLine: (url) => `Il Suo appuntamento (modificare, annullare, aggiungere al calendario): ${url}`,
  },
  en: {
    disclosure: (salon) => `Hello! I'm the automated assistant of ${salon}: I handle appointment requests.`,
    textOnly: 'I only read written messages. Please tell me in writing what you would like.',
    cut: (max) => `Your message was long: I read its first ${max} characters.`,
    failed: "Sorry, I couldn't process your message. Could you send it again?",
    linkLine: (url) => `Your appointment (change, cancel, add to your calendar): ${url}`,
  },
}
