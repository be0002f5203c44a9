/**
 * Phrases of several words, as data, replaced by one marker before single words are mapped (on the
 * folded text, words separated by single spaces): "après-midi" → PAFT, "la semaine prochaine" →
 * NEXTWEEK, "übernächste Woche" → WEEKAFTERNEXT; and the phrases that set a flag: the earliest
 * free time ("le plus tôt possible", "first available") and the same time as before ("même heure").
 */

/** A pattern matched on whole words of the canonical text. */
export function wordPattern(pattern: string, flags = 'g'): RegExp {
  return new RegExp(`(?<=^| )(?:${pattern})(?= |$)`, flags)
}

/** Nouns after "1er"/"1st" that make it the first slot, not the first of the month. */
const SLOT_NOUNS =
  'creneau|creneaux|dispo\\w*|rdv|rendez vous|place|slot|available|free|opening|termin|orario|posto|appuntamento'

const PHRASES: ReadonlyArray<readonly [string, string]> = [
  [`1 ORD(?= (?:${SLOT_NOUNS})(?: |$))`, 'premier'],
  ['(?:the )?day after tomorrow|apres demain', 'DAT'],
  ['(?:the )?day before yesterday|avant hier|(?:l )?altro ieri', 'DBY'],
  ['aujourd hui|aujourdhui|aujourd', 'TODAY'],
  ['apres midi|apresmidi|aprem|aprems|apm', 'PAFT'],
  ['o clock|o clocks', 'OCLOCK'],
  ['week end', 'weekend'],
  ['fin (?:de (?:la )?)?journee|(?:the )?end of the day|fine (?:della )?giornata|(?:am )?ende des tages', 'LATE PAFT'],
  // After work: the evening
  ['after work|apres (?:le )?(?:travail|boulot|taf)|nach (?:der )?arbeit|nach feierabend|dopo (?:il )?lavoro', 'PEVE'],
  // Before lunch: the morning; after lunch: the afternoon
  ['before lunch(?:time)?|avant (?:le )?(?:dejeuner|dej)|vor dem mittag(?:essen)?|prima (?:di |del )?pranzo', 'PMORN'],
  ['after lunch(?:time)?|apres (?:le )?(?:dejeuner|dej)|nach dem mittag(?:essen)?|dopo (?:il )?pranzo', 'PAFT'],
  ['de bonne heure', 'EARLY'],
  ['(?:all|l) una', 'alle 1'],
  [
    'ca \\.|more or less|or so|a peu pres|aux alentours de|autour de|piu o meno|all incirca|oder so|so(?= um| gegen)',
    'APPROX',
  ],
  // Edges of a month: "fin du mois", "end of the month", "Ende des Monats", "fine mese"
  [
    '(?:la )?fin (?:du|de ce) mois|(?:the )?end of (?:the|this) month|(?:am |zum )?ende (?:des|dieses) monats|(?:a )?fine (?:del )?mese',
    'LATE THISMONTH',
  ],
  [
    '(?:le )?debut du mois prochain|(?:the )?(?:beginning|start) of next month|anfang (?:des )?nachsten monats|(?:a )?inizio (?:del )?(?:prossimo mese|mese prossimo)',
    'EARLY NEXTMONTH',
  ],
  [
    'next weekend|(?:le )?weekend (?:prochain|d apres)|(?:le )?prochain weekend|(?:nachstes|nachsten|kommendes|kommenden) wochenende|(?:il )?prossimo (?:fine settimana|weekend)|(?:il )?(?:fine settimana|weekend) prossimo',
    'NEXTWEEKEND',
  ],
  [
    '(?:this |the |ce |le |questo |il |nel |sto )?weekend|(?:dieses |diesem |am |zum |das |ubers )?wochenende|(?:questo |il |nel |sto )?fine settimana',
    'THISWEEKEND',
  ],
  // The week after next (before "next week", which it contains)
  [
    '(?:the )?week after next|(?:in der |die )?(?:ubernachste|ubernachsten|uebernachste|uebernachsten) woche|(?:la )?semaine (?:d apres|suivante) la semaine prochaine|(?:la )?settimana dopo la prossima',
    'WEEKAFTERNEXT',
  ],
  // The week after the one spoken of ("la semaine d'après"): next week when none was
  [
    'the following week|the week after|(?:la )?semaine (?:d apres|suivante)|(?:die )?woche (?:danach|darauf)|(?:la )?settimana (?:successiva|dopo|seguente)',
    'FOLLOWINGWEEK',
  ],
  [
    '(?:the )?next week|(?:la )?semaine (?:prochaine|pro|proch)|(?:la )?prochaine semaine|(?:nachste|nachsten|nachster|kommende|kommenden) woche|(?:la )?(?:settimana prossima|prossima settimana)',
    'NEXTWEEK',
  ],
  ['this week|cette semaine(?: ci)?|(?:diese|dieser|diesen) woche|(?:questa|sta) settimana', 'THISWEEK'],
  [
    '(?:this|the current) month|ce mois(?: ci)?|(?:dieses|diesen|diesem) monat(?:s)?|(?:questo|corrente) mese|mese corrente',
    'THISMONTH',
  ],
  [
    'next month|(?:le )?mois prochain|(?:nachsten|nachster|kommenden) monat(?:s)?|(?:il )?(?:prossimo mese|mese prossimo)',
    'NEXTMONTH',
  ],
]
export const PHRASE_EXPRESSIONS = PHRASES.map(([pattern, marker]) => [wordPattern(pattern), marker] as const)

/** "as soon as possible", "le premier créneau", "nächsten freien Termin", "il prima possibile"… */
export const EARLIEST = wordPattern(
  [
    'as soon as possible|asap|soonest|earliest|(?:the )?(?:first|1 ORD) (?:free|available|open|possible)|first slot|next (?:free|available|open)',
    `le plus tot possible|le plus tot|au plus tot|des que possible|le plus vite possible|au plus vite|(?:le )?(?:premier|prochain) creneau|premiere (?:disponibilite|place|date)|prochaine disponibilite|1 ORD (?:${SLOT_NOUNS})`,
    'so bald wie moglich|so fruh wie moglich|moglichst (?:bald|fruh)|baldmoglichst|schnellstmoglich|fruhestmoglich\\w*|nachstmoglich\\w*|fruheste|fruhesten|fruhester|(?:nachsten|nachster|ersten|erster) (?:freien |freier |verfugbaren |verfugbarer )?termin',
    '(?:il )?prima possibile|appena possibile|quanto prima|al piu presto|(?:il )?piu presto(?: possibile)?|(?:il )?primo (?:posto|appuntamento|orario|momento|slot) (?:libero|disponibile)|prima disponibilita|primo disponibile|primo libero',
  ].join('|'),
  '',
)

/** The time already spoken of: "à la même heure", "same time", "zur gleichen Uhrzeit", "alla stessa ora". */
export const SAME_TIME = wordPattern(
  [
    '(?:(?:à|a) )?(?:la )?meme (?:heure|horaire)',
    '(?:at )?(?:the )?same (?:time|hour)',
    '(?:(?:zur|zu der|um die|um) )?(?:gleichen|gleiche|selben|selbe|dieselbe|derselben) (?:zeit|uhrzeit)',
    '(?:(?:alla|all|a|la) )?(?:stessa ora|stesso orario|medesima ora)',
  ].join('|'),
)
/** "pas forcément à la même heure": no same time. */
export const NOT_SAME_TIME = wordPattern(
  '(?:not|pas|nicht|non|never|jamais|nie|mai)(?: (?:forcement|necessairement|unbedingt|necessarily|necessariamente))? SAMETIME',
  '',
)
export const SAME_TIME_MARKER = /(?<=^| )SAMETIME(?= |$)/
