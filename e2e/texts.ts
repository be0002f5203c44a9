import deActivation from '@app/locales/areas/activation/de.json' with { type: 'json' }
import enActivation from '@app/locales/areas/activation/en.json' with { type: 'json' }
import frActivation from '@app/locales/areas/activation/fr.json' with { type: 'json' }
import itActivation from '@app/locales/areas/activation/it.json' with { type: 'json' }
import deAdmin from '@app/locales/areas/admin/de.json' with { type: 'json' }
import enAdmin from '@app/locales/areas/admin/en.json' with { type: 'json' }
import frAdmin from '@app/locales/areas/admin/fr.json' with { type: 'json' }
import itAdmin from '@app/locales/areas/admin/it.json' with { type: 'json' }
import deAgenda from '@app/locales/areas/agenda/de.json' with { type: 'json' }
import enAgenda from '@app/locales/areas/agenda/en.json' with { type: 'json' }
import frAgenda from '@app/locales/areas/agenda/fr.json' with { type: 'json' }
import itAgenda from '@app/locales/areas/agenda/it.json' with { type: 'json' }
import deAmbassador from '@app/locales/areas/ambassador/de.json' with { type: 'json' }
import enAmbassador from '@app/locales/areas/ambassador/en.json' with { type: 'json' }
import frAmbassador from '@app/locales/areas/ambassador/fr.json' with { type: 'json' }
import itAmbassador from '@app/locales/areas/ambassador/it.json' with { type: 'json' }
import deCustomers from '@app/locales/areas/customers/de.json' with { type: 'json' }
import enCustomers from '@app/locales/areas/customers/en.json' with { type: 'json' }
import frCustomers from '@app/locales/areas/customers/fr.json' with { type: 'json' }
import itCustomers from '@app/locales/areas/customers/it.json' with { type: 'json' }
import deAreas from '@app/locales/areas/de.json' with { type: 'json' }
import deDesk from '@app/locales/areas/desk/de.json' with { type: 'json' }
import enDesk from '@app/locales/areas/desk/en.json' with { type: 'json' }
import frDesk from '@app/locales/areas/desk/fr.json' with { type: 'json' }
import itDesk from '@app/locales/areas/desk/it.json' with { type: 'json' }
import enAreas from '@app/locales/areas/en.json' with { type: 'json' }
import frAreas from '@app/locales/areas/fr.json' with { type: 'json' }
import itAreas from '@app/locales/areas/it.json' with { type: 'json' }
import deServices from '@app/locales/areas/services/de.json' with { type: 'json' }
import enServices from '@app/locales/areas/services/en.json' with { type: 'json' }
import frServices from '@app/locales/areas/services/fr.json' with { type: 'json' }
import itServices from '@app/locales/areas/services/it.json' with { type: 'json' }
import deTeam from '@app/locales/areas/team/de.json' with { type: 'json' }
import enTeam from '@app/locales/areas/team/en.json' with { type: 'json' }
import frTeam from '@app/locales/areas/team/fr.json' with { type: 'json' }
import itTeam from '@app/locales/areas/team/it.json' with { type: 'json' }
import deTranslations from '@app/locales/areas/translations/de.json' with { type: 'json' }
import enTranslations from '@app/locales/areas/translations/en.json' with { type: 'json' }
import frTranslations from '@app/locales/areas/translations/fr.json' with { type: 'json' }
import itTranslations from '@app/locales/areas/translations/it.json' with { type: 'json' }
import deWaitingList from '@app/locales/areas/waiting-list/de.json' with { type: 'json' }
import enWaitingList from '@app/locales/areas/waiting-list/en.json' with { type: 'json' }
import frWaitingList from '@app/locales/areas/waiting-list/fr.json' with { type: 'json' }
import itWaitingList from '@app/locales/areas/waiting-list/it.json' with { type: 'json' }
import de from '@app/locales/de.json' with { type: 'json' }
import en from '@app/locales/en.json' with { type: 'json' }
import fr from '@app/locales/fr.json' with { type: 'json' }
import it from '@app/locales/it.json' with { type: 'json' }
import deBookingPage from '@app/locales/pages/booking-page/de.json' with { type: 'json' }
import enBookingPage from '@app/locales/pages/booking-page/en.json' with { type: 'json' }
import frBookingPage from '@app/locales/pages/booking-page/fr.json' with { type: 'json' }
import itBookingPage from '@app/locales/pages/booking-page/it.json' with { type: 'json' }
import deHome from '@app/locales/pages/home/de.json' with { type: 'json' }
import enHome from '@app/locales/pages/home/en.json' with { type: 'json' }
import frHome from '@app/locales/pages/home/fr.json' with { type: 'json' }
import itHome from '@app/locales/pages/home/it.json' with { type: 'json' }
import deSignIn from '@app/locales/pages/sign-in/de.json' with { type: 'json' }
import enSignIn from '@app/locales/pages/sign-in/en.json' with { type: 'json' }
import frSignIn from '@app/locales/pages/sign-in/fr.json' with { type: 'json' }
import itSignIn from '@app/locales/pages/sign-in/it.json' with { type: 'json' }
import deWaitingOffer from '@app/locales/pages/waiting-offer/de.json' with { type: 'json' }
import enWaitingOffer from '@app/locales/pages/waiting-offer/en.json' with { type: 'json' }
import frWaitingOffer from '@app/locales/pages/waiting-offer/fr.json' with { type: 'json' }
import itWaitingOffer from '@app/locales/pages/waiting-offer/it.json' with { type: 'json' }
import deWaitlist from '@app/locales/pages/waitlist/de.json' with { type: 'json' }
import enWaitlist from '@app/locales/pages/waitlist/en.json' with { type: 'json' }
import frWaitlist from '@app/locales/pages/waitlist/fr.json' with { type: 'json' }
import itWaitlist from '@app/locales/pages/waitlist/it.json' with { type: 'json' }

/**
 * The interface texts, so tests find elements by what a visitor reads in each language: every
 * page's texts and those of the professional, admin and sign-in areas (see app/locales/all.ts).
 */
export const TEXTS = {
  fr: {
    ...fr,
    ...frAreas,
    ...frAdmin,
    ...frAmbassador,
    ...frActivation,
    ...frAgenda,
    ...frCustomers,
    ...frDesk,
    ...frServices,
    ...frTeam,
    ...frTranslations,
    ...frWaitlist,
    ...frHome,
    ...frSignIn,
    ...frBookingPage,
    ...frWaitingList,
    ...frWaitingOffer,
  },
  de: {
    ...de,
    ...deAreas,
    ...deAdmin,
    ...deAmbassador,
    ...deActivation,
    ...deAgenda,
    ...deCustomers,
    ...deDesk,
    ...deServices,
    ...deTeam,
    ...deTranslations,
    ...deWaitlist,
    ...deHome,
    ...deSignIn,
    ...deBookingPage,
    ...deWaitingList,
    ...deWaitingOffer,
  },
  it: {
    ...it,
    ...itAreas,
    ...itAdmin,
    ...itAmbassador,
    ...itActivation,
    ...itAgenda,
    ...itCustomers,
    ...itDesk,
    ...itServices,
    ...itTeam,
    ...itTranslations,
    ...itWaitlist,
    ...itHome,
    ...itSignIn,
    ...itBookingPage,
    ...itWaitingList,
    ...itWaitingOffer,
  },
  en: {
    ...en,
    ...enAreas,
    ...enAdmin,
    ...enAmbassador,
    ...enActivation,
    ...enAgenda,
    ...enCustomers,
    ...enDesk,
    ...enServices,
    ...enTeam,
    ...enTranslations,
    ...enWaitlist,
    ...enHome,
    ...enSignIn,
    ...enBookingPage,
    ...enWaitingList,
    ...enWaitingOffer,
  },
}
export type Texts = (typeof TEXTS)['fr']
