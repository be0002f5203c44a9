/**
 * The ambassador kit's words in the four languages (spec §2 "Kit page", §9: 7 steps, pitch, FAQ),
 * for the PDF (GET /api/ambassador/kit-pdf). The web app shows the same texts from its locale files
 * (app/locales/areas/ambassador/*.json, ambassador.kitContent); app/features/ambassador/kit/kit-content.test.tsx
 * fails when the two differ. Plain strings with the same typography (French no-break spaces): the
 * PDF prints them as they are, a narrow no-break space as a no-break space.
 */
export interface KitTexts {
  title: string
  intro: string
  stepsTitle: string
  /** Exactly 7, in order. */
  steps: { title: string; text: string }[]
  pitchTitle: string
  pitch: string
  faqTitle: string
  faq: { q: string; a: string }[]
  supportTitle: string
  /** Names the support address, support@salonia.app. */
  support: string
  codeLabel: string
  linkLabel: string
}

export const KIT_TEXTS: Record<'fr' | 'de' | 'it' | 'en', KitTexts> = {
  fr: {
    title: 'Kit Ambassadeur Salonia',
    intro:
      "Tout ce qu'il vous faut pour présenter Salonia à un salon et l'accompagner jusqu'à son premier rendez-vous réservé en ligne.",
    stepsTitle: 'Les 7 étapes pour intégrer un salon',
    steps: [
      {
        title: 'Présentez Salonia',
        text: "Rencontrez le salon et montrez-lui l'assistant en action : ses clients réservent en 2 minutes, 24h/24, sur le web, sur Telegram ou sur Instagram.",
      },
      {
        title: 'Partagez votre QR code',
        text: "Le salon scanne votre QR code ou ouvre votre lien de référence : il arrive sur le formulaire de la liste d'attente, avec votre code déjà indiqué.",
      },
      {
        title: "Le salon s'inscrit sur la liste d'attente",
        text: "Il indique son nom, son e-mail de contact et son adresse. L'inscription apparaît aussitôt dans l'onglet Références de votre tableau de bord, en attente.",
      },
      {
        title: "Demandez l'adresse Gmail du salon",
        text: "Notez l'adresse Gmail du compte Google avec lequel le propriétaire gérera son agenda : c'est elle qui lui ouvrira son espace professionnel.",
      },
      {
        title: 'Activez le salon',
        text: "Dans l'onglet Références, cliquez sur « Activer le salon » et saisissez cette adresse. Le salon est créé avec des horaires par défaut, encore sans prestations, et reçoit par e-mail son identifiant (SAL…) et le lien de connexion.",
      },
      {
        title: 'Le propriétaire se connecte',
        text: "Il se connecte avec Google dans l'espace professionnel, vérifie ses horaires et ajoute ses prestations : environ 5 minutes. Il peut ensuite partager son lien de réservation.",
      },
      {
        title: 'Le salon devient autonome',
        text: "Dès sa première connexion, l'adresse e-mail autorisée appartient au salon : vous ne pouvez plus la modifier. Jusque-là, vous pouvez la corriger depuis votre tableau de bord.",
      },
    ],
    pitchTitle: "L'argumentaire",
    pitch:
      'Plus de 70 % des clients veulent réserver en ligne. Avec Salonia, les vôtres réservent en 2 minutes, 24h/24, en discutant avec un assistant sur votre lien web, sur Telegram ou sur Instagram, même quand vous avez les mains occupées. Chaque rendez-vous arrive dans votre Google Agenda et un rappel part automatiquement 24 h puis 2 h avant, pour limiter les rendez-vous manqués. La mise en place prend environ 5 minutes, sans aucune compétence technique.',
    faqTitle: 'Questions fréquentes',
    faq: [
      {
        q: 'Combien de temps prend la mise en place ?',
        a: "Environ 5 minutes : le propriétaire se connecte avec Google, vérifie ses horaires d'ouverture et ajoute ses prestations depuis son tableau de bord, une à une (prix, durée, traductions) ou en important un fichier CSV.",
      },
      {
        q: 'Où les clients peuvent-ils réserver ?',
        a: "Sur le lien web du salon, sur Telegram et en message privé Instagram, 24h/24 et 7j/7. L'assistant répond en français, en allemand, en italien et en anglais.",
      },
      {
        q: 'Comment les rendez-vous manqués sont-ils limités ?',
        a: "Chaque client reçoit un rappel 24 h puis 2 h avant son rendez-vous, par SMS, e-mail, Telegram ou Instagram, avec un lien pour le déplacer ou l'annuler lui-même.",
      },
      {
        q: 'Faut-il des compétences techniques ?',
        a: "Non. Tout se règle en quelques clics depuis l'espace professionnel, et l'assistant répond seul aux clients.",
      },
      {
        q: 'Quelle adresse dois-je saisir pour activer un salon ?',
        a: "L'adresse Gmail du compte Google avec lequel le propriétaire gérera son agenda. Seul ce compte pourra ouvrir l'espace professionnel du salon.",
      },
      {
        q: "Puis-je corriger cette adresse après l'activation ?",
        a: "Oui, depuis l'onglet Références, tant que le propriétaire ne s'est pas connecté. Après sa première connexion, l'adresse est la sienne : lui seul la gère.",
      },
      {
        q: "Le salon n'a pas reçu son identifiant ?",
        a: "Demandez-lui de vérifier ses courriers indésirables à l'adresse de contact donnée à l'inscription, puis écrivez au support en indiquant le nom du salon.",
      },
    ],
    supportTitle: "Besoin d'aide ?",
    support: "L'équipe Salonia vous répond à support@salonia.app.",
    codeLabel: 'Votre code ambassadeur',
    linkLabel: 'Votre lien de référence',
  },
  de: {
    title: 'Salonia Botschafter-Kit',
    intro:
      'Alles, was Sie brauchen, um einem Salon Salonia vorzustellen und ihn bis zum ersten online gebuchten Termin zu begleiten.',
    stepsTitle: 'In 7 Schritten zum aktiven Salon',
    steps: [
      {
        title: 'Salonia vorstellen',
        text: 'Besuchen Sie den Salon und zeigen Sie den Assistenten in Aktion: Seine Kundschaft bucht in 2 Minuten, rund um die Uhr, im Web, über Telegram oder über Instagram.',
      },
      {
        title: 'QR-Code teilen',
        text: 'Der Salon scannt Ihren QR-Code oder öffnet Ihren Empfehlungslink und landet auf dem Formular der Warteliste, in dem Ihr Code bereits eingetragen ist.',
      },
      {
        title: 'Der Salon trägt sich in die Warteliste ein',
        text: 'Er gibt seinen Namen, seine Kontakt-E-Mail und seine Adresse an. Die Anmeldung erscheint sofort im Tab „Empfehlungen“ Ihres Dashboards, als ausstehend.',
      },
      {
        title: 'Gmail-Adresse des Salons erfragen',
        text: 'Notieren Sie die Gmail-Adresse des Google-Kontos, mit dem der Inhaber seinen Kalender führen wird: Mit ihr öffnet er später seinen Salonbereich.',
      },
      {
        title: 'Salon aktivieren',
        text: 'Klicken Sie im Tab „Empfehlungen“ auf „Salon aktivieren“ und geben Sie diese Adresse ein. Der Salon wird mit Standard-Öffnungszeiten und noch ohne Leistungen angelegt und erhält per E-Mail seine Salon-ID (SAL…) und den Anmeldelink.',
      },
      {
        title: 'Der Inhaber meldet sich an',
        text: 'Er meldet sich im Salonbereich mit Google an, prüft die Öffnungszeiten und fügt seine Leistungen hinzu: etwa 5 Minuten. Danach kann er seinen Buchungslink teilen.',
      },
      {
        title: 'Der Salon ist eigenständig',
        text: 'Ab der ersten Anmeldung gehört die autorisierte E-Mail-Adresse dem Salon: Sie können sie nicht mehr ändern. Bis dahin können Sie sie in Ihrem Dashboard korrigieren.',
      },
    ],
    pitchTitle: 'Das Verkaufsargument',
    pitch:
      'Über 70 % der Kundinnen und Kunden möchten online buchen. Mit Salonia bucht Ihre Kundschaft in 2 Minuten, rund um die Uhr, im Chat mit einem Assistenten – über Ihren Weblink, Telegram oder Instagram, auch wenn Sie gerade alle Hände voll zu tun haben. Jeder Termin landet in Ihrem Google Kalender, und 24 Stunden sowie 2 Stunden vorher geht automatisch eine Erinnerung hinaus – für weniger verpasste Termine. Die Einrichtung dauert etwa 5 Minuten, ganz ohne technische Kenntnisse.',
    faqTitle: 'Häufige Fragen',
    faq: [
      {
        q: 'Wie lange dauert die Einrichtung?',
        a: 'Etwa 5 Minuten: Der Inhaber meldet sich mit Google an, prüft seine Öffnungszeiten und fügt in seinem Dashboard seine Leistungen hinzu – einzeln (Preis, Dauer, Übersetzungen) oder per CSV-Import.',
      },
      {
        q: 'Wo kann die Kundschaft buchen?',
        a: 'Über den Weblink des Salons, über Telegram und per Instagram-Direktnachricht, rund um die Uhr an 7 Tagen. Der Assistent antwortet auf Französisch, Deutsch, Italienisch und Englisch.',
      },
      {
        q: 'Wie werden verpasste Termine reduziert?',
        a: 'Jede Kundin und jeder Kunde erhält 24 Stunden und noch einmal 2 Stunden vor dem Termin eine Erinnerung – per SMS, E-Mail, Telegram oder Instagram – mit einem Link, um den Termin selbst zu verschieben oder abzusagen.',
      },
      {
        q: 'Braucht man technische Kenntnisse?',
        a: 'Nein. Alles wird mit wenigen Klicks im Salonbereich eingestellt, und der Assistent antwortet der Kundschaft selbstständig.',
      },
      {
        q: 'Welche Adresse gebe ich bei der Aktivierung ein?',
        a: 'Die Gmail-Adresse des Google-Kontos, mit dem der Inhaber seinen Kalender führt. Nur dieses Konto kann den Salonbereich des Salons öffnen.',
      },
      {
        q: 'Kann ich die Adresse nach der Aktivierung korrigieren?',
        a: 'Ja, im Tab „Empfehlungen“, solange sich der Inhaber noch nicht angemeldet hat. Nach seiner ersten Anmeldung gehört die Adresse ihm: Nur er verwaltet sie.',
      },
      {
        q: 'Der Salon hat seine ID nicht erhalten?',
        a: 'Bitten Sie ihn, den Spam-Ordner der bei der Anmeldung angegebenen Kontaktadresse zu prüfen, und schreiben Sie dann dem Support mit dem Namen des Salons.',
      },
    ],
    supportTitle: 'Brauchen Sie Hilfe?',
    support: 'Das Salonia-Team antwortet Ihnen unter support@salonia.app.',
    codeLabel: 'Ihr Botschafter-Code',
    linkLabel: 'Ihr Empfehlungslink',
  },
  it: {
    title: 'Kit Ambasciatore Salonia',
    intro:
      'Tutto ciò che Le serve per presentare Salonia a un salone e accompagnarlo fino al primo appuntamento prenotato online.',
    stepsTitle: 'I 7 passi per attivare un salone',
    steps: [
      {
        title: 'Presenti Salonia',
        text: "Incontri il salone e gli mostri l'assistente in azione: i suoi clienti prenotano in 2 minuti, 24 ore su 24, sul web, su Telegram o su Instagram.",
      },
      {
        title: 'Condivida il Suo QR code',
        text: "Il salone scansiona il Suo QR code o apre il Suo link di segnalazione e arriva al modulo della lista d'attesa, con il Suo codice già inserito.",
      },
      {
        title: "Il salone si iscrive alla lista d'attesa",
        text: "Indica il nome, l'e-mail di contatto e l'indirizzo. L'iscrizione compare subito nella scheda Segnalazioni della Sua dashboard, in attesa.",
      },
      {
        title: "Chieda l'indirizzo Gmail del salone",
        text: "Annoti l'indirizzo Gmail dell'account Google con cui il titolare gestirà la sua agenda: è quello che gli aprirà l'area professionisti.",
      },
      {
        title: 'Attivi il salone',
        text: "Nella scheda Segnalazioni, clicchi su «Attiva il salone» e inserisca quell'indirizzo. Il salone viene creato con orari predefiniti, ancora senza servizi, e riceve per e-mail il suo ID (SAL…) e il link di accesso.",
      },
      {
        title: 'Il titolare accede',
        text: "Accede con Google all'area professionisti, controlla gli orari e aggiunge i suoi servizi: circa 5 minuti. Poi può condividere il suo link di prenotazione.",
      },
      {
        title: 'Il salone diventa autonomo',
        text: "Dal suo primo accesso, l'indirizzo e-mail autorizzato appartiene al salone: Lei non può più modificarlo. Fino ad allora può correggerlo dalla Sua dashboard.",
      },
    ],
    pitchTitle: 'Il discorso di vendita',
    pitch:
      'Oltre il 70% dei clienti vuole prenotare online. Con Salonia i Suoi clienti prenotano in 2 minuti, 24 ore su 24, chattando con un assistente sul Suo link web, su Telegram o su Instagram, anche quando ha le mani occupate. Ogni appuntamento arriva nel Suo Google Calendar e un promemoria parte automaticamente 24 ore e 2 ore prima, per ridurre gli appuntamenti mancati. La configurazione richiede circa 5 minuti, senza alcuna competenza tecnica.',
    faqTitle: 'Domande frequenti',
    faq: [
      {
        q: 'Quanto tempo richiede la configurazione?',
        a: 'Circa 5 minuti: il titolare accede con Google, controlla gli orari di apertura e aggiunge i servizi dalla sua dashboard, uno alla volta (prezzo, durata, traduzioni) o importando un file CSV.',
      },
      {
        q: 'Dove possono prenotare i clienti?',
        a: "Sul link web del salone, su Telegram e nei messaggi diretti di Instagram, 24 ore su 24, 7 giorni su 7. L'assistente risponde in francese, tedesco, italiano e inglese.",
      },
      {
        q: 'Come si riducono gli appuntamenti mancati?',
        a: "Ogni cliente riceve un promemoria 24 ore e poi 2 ore prima dell'appuntamento, via SMS, e-mail, Telegram o Instagram, con un link per spostarlo o annullarlo da solo.",
      },
      {
        q: 'Servono competenze tecniche?',
        a: "No. Tutto si imposta in pochi clic dall'area professionisti e l'assistente risponde da solo ai clienti.",
      },
      {
        q: 'Quale indirizzo devo inserire per attivare un salone?',
        a: "L'indirizzo Gmail dell'account Google con cui il titolare gestirà la sua agenda. Solo quell'account potrà aprire l'area professionisti del salone.",
      },
      {
        q: "Posso correggere l'indirizzo dopo l'attivazione?",
        a: "Sì, dalla scheda Segnalazioni, finché il titolare non ha effettuato l'accesso. Dopo il suo primo accesso l'indirizzo è suo: lo gestisce solo lui.",
      },
      {
        q: 'Il salone non ha ricevuto il suo ID?',
        a: "Gli chieda di controllare la cartella spam dell'indirizzo di contatto indicato all'iscrizione, poi scriva al supporto indicando il nome del salone.",
      },
    ],
    supportTitle: 'Ha bisogno di aiuto?',
    support: 'Il team Salonia Le risponde a support@salonia.app.',
    codeLabel: 'Il Suo codice ambasciatore',
    linkLabel: 'Il Suo link di segnalazione',
  },
  en: {
    title: 'Salonia Ambassador Kit',
    intro: 'Everything you need to introduce Salonia to a salon and see it through to its first online booking.',
    stepsTitle: '7 steps to bring a salon on board',
    steps: [
      {
        title: 'Introduce Salonia',
        text: 'Meet the salon and show it the assistant at work: its clients book in 2 minutes, 24/7, on the web, on Telegram or on Instagram.',
      },
      {
        title: 'Share your QR code',
        text: 'The salon scans your QR code or opens your referral link and lands on the waitlist form, with your code already filled in.',
      },
      {
        title: 'The salon joins the waitlist',
        text: 'It gives its name, contact email and address. The sign-up shows at once in the Referrals tab of your dashboard, as pending.',
      },
      {
        title: "Ask for the salon's Gmail address",
        text: 'Note the Gmail address of the Google account the owner will run the calendar with: it is the one that opens their professional area.',
      },
      {
        title: 'Activate the salon',
        text: 'In the Referrals tab, click “Activate salon” and enter that address. The salon is created with default opening hours and no services yet, and receives its salon ID (SAL…) and sign-in link by email.',
      },
      {
        title: 'The owner signs in',
        text: 'They sign in with Google in the professional area, check the opening hours and add their services: about 5 minutes. Then they can share their booking link.',
      },
      {
        title: 'The salon runs on its own',
        text: 'From that first sign-in, the authorised email address belongs to the salon: you can no longer change it. Until then, you can correct it from your dashboard.',
      },
    ],
    pitchTitle: 'The pitch',
    pitch:
      'More than 70% of clients want to book online. With Salonia, yours book in 2 minutes, 24/7, by chatting with an assistant on your web link, on Telegram or on Instagram, even while your hands are busy. Every appointment lands in your Google Calendar, and a reminder goes out automatically 24 hours and again 2 hours before, to cut no-shows. Setup takes about 5 minutes, with no technical skills needed.',
    faqTitle: 'Frequently asked questions',
    faq: [
      {
        q: 'How long does setup take?',
        a: 'About 5 minutes: the owner signs in with Google, checks the opening hours and adds their services in the dashboard, one by one (price, duration, translations) or by importing a CSV file.',
      },
      {
        q: 'Where can clients book?',
        a: "On the salon's web link, on Telegram and in Instagram direct messages, 24/7. The assistant answers in French, German, Italian and English.",
      },
      {
        q: 'How are no-shows reduced?',
        a: 'Every client gets a reminder 24 hours and again 2 hours before their appointment, by SMS, email, Telegram or Instagram, with a link to move or cancel it themselves.',
      },
      {
        q: 'Are technical skills needed?',
        a: 'No. Everything is set up in a few clicks in the professional area, and the assistant answers clients on its own.',
      },
      {
        q: 'Which address do I enter to activate a salon?',
        a: "The Gmail address of the Google account the owner will run the calendar with. Only that account can open the salon's professional area.",
      },
      {
        q: 'Can I correct the address after activation?',
        a: 'Yes, from the Referrals tab, as long as the owner has not signed in. After their first sign-in the address is theirs: only they manage it.',
      },
      {
        q: 'The salon did not receive its ID?',
        a: "Ask them to check the spam folder of the contact address given at sign-up, then write to support with the salon's name.",
      },
    ],
    supportTitle: 'Need help?',
    support: 'The Salonia team answers at support@salonia.app.',
    codeLabel: 'Your ambassador code',
    linkLabel: 'Your referral link',
  },
}
