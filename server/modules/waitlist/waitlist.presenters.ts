import type { Language } from '@common/languages'
import type { WaitlistAnswer, WaitlistReferral } from '@common/schemas/waitlist'
import { WAITLIST_MESSAGES } from './waitlist.messages'
import type { ReferralWithAmbassador } from './waitlist.repository'

export function presentWaitlistAnswer(language: Language): WaitlistAnswer {
  return { message: WAITLIST_MESSAGES[language].registered }
}

export function presentWaitlistReferral({
  referral,
  ambassadorName,
  salonPublicId,
}: ReferralWithAmbassador): WaitlistReferral {
  return {
    id: referral.id,
    salonName: referral.salonName,
    contactEmail: referral.contactEmail,
    phone: referral.phone,
    address: referral.address,
    country: referral.country,
    referralCode: referral.referralCode,
    ambassadorId: referral.ambassadorId,
    ambassadorName,
    status: referral.status,
    salonId: salonPublicId,
    createdAt: referral.createdAt.toISOString(),
  }
}
