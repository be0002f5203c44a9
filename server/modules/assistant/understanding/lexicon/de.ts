import type { Lexicon } from './types'

/** German. */
export const de: Lexicon = {
  intents: {
    yes: `ja | jaa | jo | joa | jep | jup | jawohl | gerne | gern | genau | passt | passt so | passt mir | einverstanden |
      bestatigen | bestatige | in ordnung | klar | na klar | alles klar | ok | okay | okey | super | perfekt | top | prima |
      geht klar | mach | mach das | machen wir | machen sie das | buchen sie | bitte buchen | buch das | buchen |
      sehr gut | wunderbar | klingt gut | ja bitte | jawoll | sicher | selbstverstandlich | logo`,
    no: `nein | nee | ne danke | no | nein danke | lieber nicht | doch nicht | passt nicht | passt mir nicht | geht nicht |
      kann ich nicht`,
    unsure: `weiss nicht | weiss noch nicht | keine ahnung | nicht sicher | bin mir nicht sicher | vielleicht | mal sehen |
      muss ich schauen | muss ich nachsehen | muss ich noch | ich uberlege | uberlege noch | melde mich | moment | warte |
      sekunde | mal schauen | noch unsicher`,
    take: `den nehme ich | die nehme ich | das nehme ich | nehme ich | ich nehme | ich nehm | nehm ich`,
    greeting: `hallo | guten tag | guten morgen | guten abend | servus | moin | hi | hey | gruss gott | gruezi | huhu`,
    thanks: `danke | vielen dank | danke schon | dankeschon | merci`,
    goodbye: `tschuss | auf wiedersehen | bis bald | bis dann | schonen tag | schonen abend | ciao | bye | bis spater`,
    help: `hilfe | was konnen sie | was kannst du | wie funktioniert das`,
    services: `leistungen | angebot | was bieten | was macht ihr | was machen sie | macht ihr auch | bietet ihr |
      dienstleistungen | behandlungen | macht ihr | machen sie | bietet ihr`,
    price: `preise | preisliste | preis | was kostet | wie viel kostet | wieviel kostet | kosten | kostet | was nehmt ihr |
      wie teuer | teuer`,
    duration: `wie lange | dauer | dauert | wie lang`,
    hours: `offnungszeiten | geoffnet | offen | geschlossen | offnen | offnet | habt ihr auf | macht ihr auf | ist zu |
      habt ihr zu | ruhetag | wann macht ihr | wann machen sie | schliesst | schliessen | schliesst ihr | bis wann habt ihr | wie lange habt ihr`,
    address: `adresse | wo sind | wo genau | wo befindet | wo liegt | wo ist | wo finde | anschrift | wo seid ihr | wo wart ihr`,
    phone: `telefon | telefonnummer | eure nummer | ihre nummer | anrufen | tel | handynummer`,
    email: `email | e mail | mail | mailadresse | e mail adresse`,
    practical: `karte | kartenzahlung | ec karte | kreditkarte | bar | bargeld | zahlen | bezahlen | parken | parkplatz |
      parkplatze | barrierefrei | rollstuhl | stufen | stufe | kinderwagen | hund | wlan`,
    late: `min spater | minuten spater | min zu spat | minuten zu spat | verspatung | verspate | verspaten | spater dran | komme spater | komm spater | etwas spater | bisschen spater |
      verspatet | zu spat`,
    my_appointments: `meine termine | mein termin | meinen termin | habe ich einen termin | termine habe ich |
      habe ich termine | wann ist mein termin | wann war mein termin | was habe ich gebucht | was hab ich gebucht | was ist gebucht | meine buchung | meine buchungen | wann ist mein | wann bin ich dran | welche termine | wann bin ich nochmal dran | wann ist nochmal mein termin | wann war nochmal mein termin | was habe ich noch | was hab ich noch | welche termine habe ich noch | was bleibt mir`,
    cancel: `absagen | absage | stornieren | storniere | storno | kann nicht kommen | nicht kommen | schaffe es nicht |
      schaff es nicht | sage ab | sag ab | streichen`,
    move: `verschieben | verlegen | andern | umbuchen | umlegen | tauschen | verschiebe`,
    book: `buchen | buche | termin | reservieren | ich mochte | ich hatte gern | ich hatte gerne | hatte gern | hatte gerne |
      ich will | ich brauche | brauch | brauche`,
    availability: `frei | freie | freien | freier | zeit | verfugbar | platz | noch was frei | was frei`,
    waitlist: `warteliste | auf die warteliste | auf der warteliste | wartelist | geben sie mir bescheid wenn etwas frei wird |
      bescheid wenn etwas frei wird | bescheid wenn was frei wird | falls etwas frei wird | wenn etwas frei wird |
      wenn ein termin frei wird | falls ein termin frei wird | bei einer absage`,
    others_private: `wer noch | wer sonst | andere kunden | anderen kunden | ihre namen | die namen | alle termine | ignoriere`,
  },
  cues: `ich sie einen eine ein der die das und ist haben hatte moechte mochte bitte danke ja nein morgen heute uebermorgen
    ubermorgen montag dienstag mittwoch donnerstag freitag samstag sonntag samstags sonntags montags uhr um am zeit fuer fur
    termin hallo guten tag geoffnet offen wann was wie viel kostet nicht mein meinen absagen stornieren verschieben lieber
    nachmittag vormittag abend nachste nachsten woche mit auf zu gerne gern herrenhaarschnitt damenhaarschnitt haarschnitt
    farben fohnen bart halb viertel nach vor habe wir dezember januar konnen vergiss anweisungen bisherigen gib mir liste sind
    welche welcher eigentlich dem den des wer telefonnummer namen bei uns dann oder aber sehr alle kann frei noch auch schon
    genau passt gut machen buchen wo ihr hab habt nen ne brauch bin komme spater februar marz herrenschnitt damenschnitt
    schnitt jo mach nehme`,
}
