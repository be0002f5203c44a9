import deActivation from './areas/activation/de.json'
import enActivation from './areas/activation/en.json'
import frActivation from './areas/activation/fr.json'
import itActivation from './areas/activation/it.json'
import deAdmin from './areas/admin/de.json'
import enAdmin from './areas/admin/en.json'
import frAdmin from './areas/admin/fr.json'
import itAdmin from './areas/admin/it.json'
import deAgenda from './areas/agenda/de.json'
import enAgenda from './areas/agenda/en.json'
import frAgenda from './areas/agenda/fr.json'
import itAgenda from './areas/agenda/it.json'
import deAmbassador from './areas/ambassador/de.json'
import enAmbassador from './areas/ambassador/en.json'
import frAmbassador from './areas/ambassador/fr.json'
import itAmbassador from './areas/ambassador/it.json'
import deCalendars from './areas/calendars/de.json'
import enCalendars from './areas/calendars/en.json'
import frCalendars from './areas/calendars/fr.json'
import itCalendars from './areas/calendars/it.json'
import deCustomers from './areas/customers/de.json'
import enCustomers from './areas/customers/en.json'
import frCustomers from './areas/customers/fr.json'
import itCustomers from './areas/customers/it.json'
import deAreas from './areas/de.json'
import deDesk from './areas/desk/de.json'
import enDesk from './areas/desk/en.json'
import frDesk from './areas/desk/fr.json'
import itDesk from './areas/desk/it.json'
import enAreas from './areas/en.json'
import frAreas from './areas/fr.json'
import itAreas from './areas/it.json'
import dePaymentAccount from './areas/payment-account/de.json'
import enPaymentAccount from './areas/payment-account/en.json'
import frPaymentAccount from './areas/payment-account/fr.json'
import itPaymentAccount from './areas/payment-account/it.json'
import dePaymentDesk from './areas/payment-desk/de.json'
import enPaymentDesk from './areas/payment-desk/en.json'
import frPaymentDesk from './areas/payment-desk/fr.json'
import itPaymentDesk from './areas/payment-desk/it.json'
import dePaymentPolicy from './areas/payment-policy/de.json'
import enPaymentPolicy from './areas/payment-policy/en.json'
import frPaymentPolicy from './areas/payment-policy/fr.json'
import itPaymentPolicy from './areas/payment-policy/it.json'
import deServices from './areas/services/de.json'
import enServices from './areas/services/en.json'
import frServices from './areas/services/fr.json'
import itServices from './areas/services/it.json'
import deTeam from './areas/team/de.json'
import enTeam from './areas/team/en.json'
import frTeam from './areas/team/fr.json'
import itTeam from './areas/team/it.json'
import deTranslations from './areas/translations/de.json'
import enTranslations from './areas/translations/en.json'
import frTranslations from './areas/translations/fr.json'
import itTranslations from './areas/translations/it.json'
import deWaitingList from './areas/waiting-list/de.json'
import enWaitingList from './areas/waiting-list/en.json'
import frWaitingList from './areas/waiting-list/fr.json'
import itWaitingList from './areas/waiting-list/it.json'
import deCore from './de.json'
import enCore from './en.json'
import frCore from './fr.json'
import itCore from './it.json'
import deBookingPage from './pages/booking-page/de.json'
import enBookingPage from './pages/booking-page/en.json'
import frBookingPage from './pages/booking-page/fr.json'
import itBookingPage from './pages/booking-page/it.json'
import deHome from './pages/home/de.json'
import enHome from './pages/home/en.json'
import frHome from './pages/home/fr.json'
import itHome from './pages/home/it.json'
import deSignIn from './pages/sign-in/de.json'
import enSignIn from './pages/sign-in/en.json'
import frSignIn from './pages/sign-in/fr.json'
import itSignIn from './pages/sign-in/it.json'
import deWaitingOffer from './pages/waiting-offer/de.json'
import enWaitingOffer from './pages/waiting-offer/en.json'
import frWaitingOffer from './pages/waiting-offer/fr.json'
import itWaitingOffer from './pages/waiting-offer/it.json'
import deWaitlist from './pages/waitlist/de.json'
import enWaitlist from './pages/waitlist/en.json'
import frWaitlist from './pages/waitlist/fr.json'
import itWaitlist from './pages/waitlist/it.json'
import deWhatsAppSignup from './pages/whatsapp-signup/de.json'
import enWhatsAppSignup from './pages/whatsapp-signup/en.json'
import frWhatsAppSignup from './pages/whatsapp-signup/fr.json'
import itWhatsAppSignup from './pages/whatsapp-signup/it.json'

/**
 * Every text of each language in one object, for tests. The web app loads the two parts apart:
 * `<language>.json` for every page, the areas' files (professional, admin and sign-in screens:
 * `areas/<language>.json` and one folder per part of the dashboard) only with those pages, so
 * visitors of the public pages do not download them; a public page with many texts of its own
 * (the home page, the waitlist, the customer's booking page) keeps them in `pages/<part>/`, loaded with it.
 */
export const fr = {
  ...frCore,
  ...frAreas,
  ...frAdmin,
  ...frAmbassador,
  ...frActivation,
  ...frAgenda,
  ...frCalendars,
  ...frCustomers,
  ...frDesk,
  ...frServices,
  ...frPaymentPolicy,
  ...frPaymentDesk,
  ...frPaymentAccount,
  ...frTeam,
  ...frTranslations,
  ...frWaitlist,
  ...frHome,
  ...frSignIn,
  ...frBookingPage,
  ...frWaitingList,
  ...frWaitingOffer,
  ...frWhatsAppSignup,
}
export const de = {
  ...deCore,
  ...deAreas,
  ...deAdmin,
  ...deAmbassador,
  ...deActivation,
  ...deAgenda,
  ...deCalendars,
  ...deCustomers,
  ...deDesk,
  ...deServices,
  ...dePaymentPolicy,
  ...dePaymentDesk,
  ...dePaymentAccount,
  ...deTeam,
  ...deTranslations,
  ...deWaitlist,
  ...deHome,
  ...deSignIn,
  ...deBookingPage,
  ...deWaitingList,
  ...deWaitingOffer,
  ...deWhatsAppSignup,
}
export const it = {
  ...itCore,
  ...itAreas,
  ...itAdmin,
  ...itAmbassador,
  ...itActivation,
  ...itAgenda,
  ...itCalendars,
  ...itCustomers,
  ...itDesk,
  ...itServices,
  ...itPaymentPolicy,
  ...itPaymentDesk,
  ...itPaymentAccount,
  ...itTeam,
  ...itTranslations,
  ...itWaitlist,
  ...itHome,
  ...itSignIn,
  ...itBookingPage,
  ...itWaitingList,
  ...itWaitingOffer,
  ...itWhatsAppSignup,
}
export const en = {
  ...enCore,
  ...enAreas,
  ...enAdmin,
  ...enAmbassador,
  ...enActivation,
  ...enAgenda,
  ...enCalendars,
  ...enCustomers,
  ...enDesk,
  ...enServices,
  ...enPaymentPolicy,
  ...enPaymentDesk,
  ...enPaymentAccount,
  ...enTeam,
  ...enTranslations,
  ...enWaitlist,
  ...enHome,
  ...enSignIn,
  ...enBookingPage,
  ...enWaitingList,
  ...enWaitingOffer,
  ...enWhatsAppSignup,
}
