import type { Lexicon } from './types'

/** English. */
export const en: Lexicon = {
  intents: {
    yes: `yes | yeah | yea | yep | yup | ya | sure | sure thing | sounds good | sounds great | perfect | please do | great |
      confirm | go ahead | alright | all right | that works | works for me | fine | of course | ok | okay | okey |
      absolutely | definitely | lovely | brilliant | cool | awesome | book it | do it | let s do it | lets do it |
      deal | yes please | go for it | that s fine | thats fine | correct`,
    no: `no | nope | nah | no thanks | not that | no thank you | never mind | nevermind | neither | doesn t work |
      does not work | can t do that`,
    unsure: `not sure | dunno | don t know | dont know | i don t know | maybe | perhaps | let me check | let me think |
      i ll think | ill think | need to check | need to ask | have to ask | hold on | wait | one sec | one second | not yet | idk | tbh not sure`,
    take: `i ll take | ill take | i take | i will take | i d take | i ll go with | ill go with | i ll have | take it`,
    greeting: `hello | hi | hey | hiya | good morning | good afternoon | good evening | yo`,
    thanks: `thank you | thanks | thx | ty | cheers | many thanks`,
    goodbye: `goodbye | good bye | bye | see you | see ya | have a nice day | have a good day | take care`,
    help: `help | what can you do | how does this work`,
    services: `services | service | what do you offer | what services | menu | do you do | do you offer | treatments`,
    price: `prices | price | price list | how much | cost | costs | pricing | rates | charge`,
    duration: `how long | duration | takes | take long`,
    hours: `opening hours | hours | open | opened | closed | close | closing`,
    address: `address | where are you | located | location | find you | where is the salon | where s the salon`,
    phone: `phone | phone number | call you | your number | telephone | ring you`,
    email: `email | e mail | mail`,
    practical: `card | cards | take card | take cards | credit card | debit card | contactless | cash | pay | payment | parking | park | wheelchair |
      accessible | step free | steps | stroller | pram | dog | dogs | wifi`,
    late: `running late | running behind | mins behind | minutes behind | be late | bit late | little late | minutes late | mins late | min late | late by | gonna be late |
      going to be late | i m late | im late`,
    my_appointments: `what appointments do i have | which appointments do i have | when is my | my appointments |
      my appointment | my booking | my bookings | do i have an appointment | what do i have booked | what have i booked | what s booked | whats booked | what have i got booked | am i booked | when am i booked | when am i coming in | my reservation | my reservations | what did i book | what have i got left | what do i have left | what appointments are left | what s left for me`,
    cancel: `cancel | cancellation | can t make it | cannot make it | can t come | cannot come | call off | cant make it |
      cant come`,
    move: `move | reschedule | change | postpone | push back | bring forward | changed my mind | make it | shift`,
    book: `book | booking | appointment | reserve | schedule | i d like | i would like | i want | i need | set it up |
      can i get | could i get | can i have | could i have | id like | looking for`,
    availability: `available | availability | free | opening | openings | slot | slots | have time | any room | space`,
    waitlist: `waiting list | waitlist | wait list | on the waiting list | on the waitlist | let me know if something frees up |
      let me know if a slot opens | if something frees up | if a slot opens up | if anything opens up | cancellation list |
      in case of a cancellation | if someone cancels`,
    others_private: `who else | other customers | other clients | their names | the names | all bookings | all appointments |
      list all | ignore your instructions | ignore previous | ignore all previous | system prompt`,
  },
  cues: `i you your my me the an is are for at to of and with would like want need book appointment please thanks
    thank yes no tomorrow today monday tuesday wednesday thursday friday saturday sunday morning afternoon evening next week
    haircut cut hi hello can could do have open what when where how much cancel change move instead it make pm am o clock
    quarter half past this that there who else their names give trim beard women men womens mens sure okay great be go get
    any free slot actually then so just let lets time day about sounds good guy his her number phone booked which what does
    did still also works fine yeah yep thx wanna gonna sometime weekend`,
}
