import type { Language } from '@common/languages'
import type { WaitlistAnswer, WaitlistReferral } from '@common/schemas/waitlist'
import { WAITLIST_MESSAGES } from './waitlist.messages'
import type { ReferralWithAmbassador } from './waitlist.repository'

export function presentWaitlistAnswer(language: Language): WaitlistAnswer {
  return { message: WAITLIST_MESSAGES[language].registered }
}

export function presentWaitlistReferral({ referral, ambassadorName }: ReferralWithAmbassador): WaitlistReferral {
  return {
    id: referral.id,
    salonName: referral.salonName,
    contactEmail: referral.contactEmail,
    phone: referral.phone,
    address: referral.address,
    country: referral.country,
    referralCode: referral.referralCode,
    ambassadorName,
    status: referral.status,
    createdAt: referral.createdAt.toISOString(),
  }
}
