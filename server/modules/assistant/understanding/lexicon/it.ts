import type { Lexicon } from './types'

/** Italian. */
export const it: Lexicon = {
  intents: {
    yes: `si | certo | va bene | va benissimo | perfetto | d accordo | daccordo | confermo | conferma | esatto | benissimo |
      procedi | ok | okay | ottimo | vai | va bene grazie | si grazie | certamente | volentieri | prenota | prenotalo |
      prenotami | fantastico | top | benone | assolutamente | sicuro | perfetto grazie | dai`,
    no: `no | no grazie | non mi va | lascia stare | lasciamo stare | non va bene | non posso | meglio di no | niente`,
    unsure: `non so | non lo so | boh | non sono sicuro | non sono sicura | forse | ci penso | devo pensarci | devo sentire |
      devo chiedere | ti faccio sapere | le faccio sapere | vediamo | aspetta | aspetti | un attimo | un momento`,
    take: `lo prendo | la prendo | prendo | li prendo | scelgo | allora prendo`,
    greeting: `ciao | buongiorno | buonasera | salve | buondi | ehi`,
    thanks: `grazie | grazie mille | molte grazie | ti ringrazio | la ringrazio`,
    goodbye: `arrivederci | a presto | buona giornata | buona serata | ci vediamo | a dopo | ciao ciao`,
    help: `aiuto | cosa puoi fare | cosa sai fare | come funziona`,
    services: `servizi | cosa fate | trattamenti | fate anche | offrite | cosa offrite | che servizi | fate | fa | fate il | fate la`,
    price: `prezzi | prezzo | listino | quanto costa | quanto costano | quanto viene | quanto si paga | costo | costa`,
    duration: `quanto dura | durata | dura | quanto tempo`,
    hours: `orari | orario | aperto | aperti | aprite | chiuso | chiusi | chiudete | apertura`,
    address: `indirizzo | dove siete | dove si trova | dove vi trovo | dove si trova il salone | dove state`,
    phone: `telefono | numero di telefono | vostro numero | chiamarvi | chiamare | cellulare`,
    email: `email | e mail | mail | posta elettronica`,
    practical: `carta | carta di credito | bancomat | contanti | pagare | pagamento | parcheggio | parcheggiare | posteggio |
      accessibile | sedia a rotelle | carrozzina | gradini | scalini | cane | passeggino | wifi`,
    late: `in ritardo | ritardo | ritardare | arrivo tardi | faccio tardi | arrivero tardi`,
    my_appointments: `i miei appuntamenti | il mio appuntamento | ho un appuntamento | quali appuntamenti |
      quando ho l appuntamento | quando e il mio appuntamento | cosa ho prenotato | che cosa ho prenotato | cos ho prenotato | la mia prenotazione | le mie prenotazioni | quando devo venire | per quando sono prenotato | per quando sono prenotata | cosa mi resta | che appuntamenti mi restano | quali appuntamenti ho ancora | cosa ho ancora`,
    cancel: `annullare | annulla | annulli | disdire | disdetta | cancellare | non posso venire | non riesco a venire |
      non riesco piu a venire | disdico | disdici | disdite | disdica | cancella | cancelli | elimina | eliminare`,
    move: `spostare | sposta | sposti | spostarlo | spostarla | cambiare | cambia | cambi | anticipare | posticipare |
      rimandare | spostiamo | posso spostare`,
    book: `prenotare | prenota | prenotazione | prenoti | appuntamento | vorrei | voglio | volevo | mi serve | avrei bisogno`,
    availability: `libero | liberi | libera | libere | disponibile | disponibili | posto | posti | disponibilita`,
    waitlist: `lista d attesa | lista di attesa | in lista d attesa | nella lista d attesa | avvisatemi se si libera |
      mi avvisi se si libera | se si libera un posto | se si libera qualcosa | in caso di disdetta`,
    others_private: `chi altro | altri clienti | i loro nomi | i nomi | tutti gli appuntamenti | ignora le istruzioni`,
  },
  cues: `vorrei voglio una uno il lo la le gli per con alle all ore grazie si no domani oggi dopodomani lunedi martedi
    mercoledi giovedi venerdi sabato domenica mattina pomeriggio sera taglio piega colore barba appuntamento buongiorno ciao
    salve va bene avete siete aperti quanto costa prezzi mio mia annullare disdire spostare invece prossima prossimo
    settimana di del della che e sono posso potrei libero liberi orari dove uomo donna dicembre gennaio perfetto certo dica
    nome chi quale quali trova salone questo questa sempre ancora dopo prima anche ho mi ci un verso mezzogiorno fare
    prenotare prenota febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre siii volevo pagare
    ritardo carta tra fra dalle`,
}
