import type { Lexicon } from './types'

/** French. */
export const fr: Lexicon = {
  intents: {
    yes: `oui | ouais | ouai | oue | ok | okay | okey | d accord | dac | daccord | parfait | c est parfait | c parfait | c est bon |
      c bon | ca marche | ca me va | ca me convient | ca roule | volontiers | je confirme | confirme | confirmer | tres bien |
      entendu | allez y | vas y | go | top | nickel | super | genial | carrement | bien sur | evidemment | avec plaisir |
      impeccable | parfait merci | reservez | reserve le | reservez le | banco | c est ok | c ok | yes`,
    no: `non | nan | pas ca | non merci | pas du tout | laisse tomber | laissez tomber | finalement non | ca ne me va pas |
      ca me va pas | pas possible pour moi | je ne peux pas | je peux pas`,
    unsure: `je sais pas | je ne sais pas | sais pas | jsp | chais pas | pas sur | pas sure | pas certain | pas certaine |
      peut etre | je vais reflechir | je reflechis | je dois reflechir | faut que je voie | faut que je vois | je vous redis |
      je reviens vers vous | je verrai | je dois voir | voir avec | attendez | attends | un instant | une seconde |
      2 sec | deux secondes | je sais plus`,
    take: `je le prends | je la prends | je prends | je les prends | je choisis | ca sera | on part sur | va pour`,
    greeting: `bonjour | bonsoir | salut | slt | coucou | hello | bjr | cc`,
    thanks: `merci | mrc | merci beaucoup | mci`,
    goodbye: `au revoir | bonne journee | bonne soiree | a bientot | a plus | a toute | bonne fin de journee | ciao | bye`,
    help: `aide | aidez | que pouvez vous faire | que savez vous faire | comment ca marche | vous pouvez faire quoi`,
    services: `prestations | prestation | services | service | vous faites quoi | vous proposez | proposez quoi |
      vous faites | faites vous | que faites vous | qu est ce que vous faites | vous faites encore | vous avez quoi | vous faites | faites vous | vous faites des | vous faites les`,
    price: `tarifs | tarif | prix | combien coute | combien ca coute | combien ca fait | c est combien | c combien | combien |
      ca coute | coute combien`,
    duration: `combien de temps | duree | dure | ca dure | ca prend combien de temps`,
    hours: `horaires | horaire | ouvert | ouverts | ouverte | ouvrez | ouverture | ferme | fermez | fermeture | fermes`,
    address: `adresse | ou etes vous | vous etes ou | vous etes situes ou | ou se trouve | situe | situes | vous trouver |
      acces | ou c est | c est ou | ou est le salon | ou vous trouvez`,
    phone: `telephone | numero de telephone | votre numero | vous appeler | joindre par telephone | tel | votre tel`,
    email: `email | e mail | mail | courriel | adresse mail`,
    practical: `carte bancaire | carte bleue | cb | par carte | la carte | sans contact | especes | liquide | cheque | paiement | payer | parking | se garer | garer |
      stationnement | accessible | fauteuil roulant | handicape | poussette | wifi | animaux | chien | plain pied | marches`,
    late: `en retard | du retard | de retard | retard | je serai en retard | je vais etre en retard | un peu en retard`,
    my_appointments: `mes rendez vous | mon rendez vous | mes rdv | mon rdv | ai je un rendez vous | j ai rendez vous |
      quels rendez vous | j ai quoi comme rdv | c est quand mon rdv | qu est ce que j ai de reserve | qu ai je de reserve | qu ai je reserve | j ai reserve quoi | mes reservations | ma reservation | c est quand mon | quand est mon | quels rendez vous | mes prochains rendez vous | il me reste quoi | qu est ce qu il me reste | il me reste quels | quels sont mes | j ai quoi comme rendez vous`,
    cancel: `annuler | annulez | annule | annulation | pourrai pas venir | peux pas venir | pourrais pas venir |
      pourrai pas venir | vais pas pouvoir venir | supprimer mon rdv`,
    move: `deplacer | deplacez | decaler | decalez | changer | changez | modifier | modifiez | reporter | reportez |
      avancer | avancez | repousser | bouger`,
    book: `reserver | reservez | reserve | reservation | prendre rendez vous | rendez vous | rdv | je voudrais | j aimerais |
      je souhaite | je veux | je voulais | je souhaiterais | il me faudrait | besoin d`,
    availability: `disponible | disponibles | dispo | dispos | libre | libres | creneau | creneaux | de la place | une place`,
    waitlist: `liste d attente | sur liste d attente | la liste d attente | sur la liste d attente | liste d attentes |
      prevenez moi si une place se libere | prevenez moi si un creneau se libere | prevenez moi si ca se libere |
      tenez moi au courant si ca se libere | si une place se libere | si un creneau se libere | en cas de desistement`,
    others_private: `qui d autre | autres clients | autres clientes | leurs noms | les noms | liste des clients |
      tous les rendez vous | ignorez vos instructions`,
  },
  cues: `je j vous voudrais veux une un le la les des du pour avec est et bonjour merci oui non demain aujourd hui lundi
    mardi mercredi jeudi vendredi samedi dimanche matin soir apres midi coupe rendez creneau annuler annulez pas prochain
    prochaine quoi quel quelle faites avez etes ouvert ouverts combien ce cette mon mes ne pourrai plait vers heure heures
    cherche salut moi plutot semaine prestations prix adresse au aux suis peux pouvez ca parfait d accord dispo disponible
    horaires qui c encore sinon proposez meme ou mais aussi tres bien cliente decembre janvier fevrier mars avril mai juin
    juillet aout septembre octobre novembre svp stp slt coucou ouais bcp nickel rdv payer peut retard`,
}
