import { SignedInHeader } from '@app/features/professional/SignedInHeader'
import { SalonDashboard } from '@app/features/salon-dashboard/SalonDashboard'
import type { SessionUser } from '@common/schemas/session'

/** A signed-in professional's area: the greeting and the salon's dashboard (ProfessionalPage loads it apart). */
export default function SignedInArea({
  user,
  salonId,
  openInstagram,
}: {
  user: SessionUser
  salonId: string
  openInstagram: boolean
}) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
      <SignedInHeader user={user} salonId={salonId} />
      <div className="mt-8">
        <SalonDashboard salonId={salonId} initialTab={openInstagram ? 'instagram' : undefined} />
      </div>
    </section>
  )
}
