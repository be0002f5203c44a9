import type { Referral } from '@common/schemas/ambassador'
import type { AmbassadorDashboard } from './ambassador-api'

/** Answers of the ambassador API as the contract shapes them, for the component tests. */
export const DASHBOARD: AmbassadorDashboard = {
  success: true,
  ambassador: {
    name: 'Camille Martin',
    email: 'camille.ambassadrice.demo@gmail.com',
    referralCode: 'AMBDEMO1',
    isActive: true,
    language: 'fr',
  },
  stats: { totalReferrals: 3, activeSalons: 1, waitlistEntries: 2, conversionRate: 100 / 3 },
}

export const PENDING: Referral = {
  _id: '0b7d3c1e-0000-4000-8000-000000000001',
  salonName: 'Coiffure Belle Époque',
  contactEmail: 'contact@belle-epoque.fr',
  phone: '+33 1 23 45 67 89',
  address: '5 rue du Bac, 75007 Paris',
  country: 'FR',
  createdAt: '2026-11-28T10:15:00.000Z',
  status: 'pending',
  salonId: null,
  authorizedGoogleEmail: null,
  canEditAuthorizedEmail: false,
}

export const CONVERTED: Referral = {
  _id: '0b7d3c1e-0000-4000-8000-000000000002',
  salonName: 'Salon Alpenrose',
  contactEmail: 'hallo@alpenrose.de',
  phone: null,
  address: 'Marienplatz 3, 80331 München',
  country: 'DE',
  createdAt: '2026-11-02T09:00:00.000Z',
  status: 'converted',
  salonId: 'SAL002',
  authorizedGoogleEmail: 'alpenrose.salon@gmail.com',
  canEditAuthorizedEmail: true,
}

/** Converted, and its owner has signed in: the e-mail is no longer the ambassador's to change. */
export const OWNED: Referral = {
  ...CONVERTED,
  _id: '0b7d3c1e-0000-4000-8000-000000000003',
  salonName: 'Barbiere Da Marco',
  country: 'IT',
  salonId: 'SAL003',
  authorizedGoogleEmail: 'marco.barbiere@gmail.com',
  canEditAuthorizedEmail: false,
}
