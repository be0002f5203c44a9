import { toast } from '@app/components/ui/toast-store'
import { useSignInReturn } from '@app/features/calendar-connect/sign-in-return'
import { SignedInHeader } from '@app/features/professional/SignedInHeader'
import { SignedOutArea } from '@app/features/professional/SignedOutArea'
import { useInstagramReturn } from '@app/features/salon-dashboard/instagram/instagram-return'
import { SalonDashboard } from '@app/features/salon-dashboard/SalonDashboard'
import { usePageTitle } from '@app/lib/page-title'
import { useSession } from '@app/lib/session'
import { Loader2 } from 'lucide-react'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The professional area (spec §2): signed out, the connect form and the waitlist; signed in with a
 * salon, the greeting and the salon's dashboard. Google sign-in comes back here with
 * `?connected=true…` or `?error=…`, and Meta, after connecting Instagram, with `?instagram=…` (the
 * dashboard then opens on its Instagram tab); each is read once and then cleared from the address bar.
 */
export default function ProfessionalPage() {
  const { t } = useTranslation()
  usePageTitle(t('professional.title'))
  const { user, isLoading } = useSession()
  const onConnected = useCallback(
    ({ email, demo }: { email?: string; demo: boolean }) =>
      toast({
        title: t('professional.connected.title'),
        // The demo sign-in links no calendar: say so rather than claim one is connected.
        description: !email
          ? t('professional.connected.descriptionNoEmail')
          : demo
            ? t('professional.connected.descriptionDemo', { email })
            : t('professional.connected.description', { email }),
        tone: 'success',
      }),
    [t],
  )
  const signIn = useSignInReturn('/professional', onConnected)
  const instagram = useInstagramReturn('/professional')

  if (isLoading) {
    return (
      <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-ink-soft">
        <Loader2 aria-hidden className="size-7 animate-spin text-primary" />
        <p>{t('professional.loading')}</p>
      </div>
    )
  }

  if (user?.salonId) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
        <SignedInHeader user={user} salonId={user.salonId} />
        <div className="mt-8">
          <SalonDashboard salonId={user.salonId} initialTab={instagram.openInstagram ? 'instagram' : undefined} />
        </div>
      </section>
    )
  }

  return (
    <SignedOutArea
      failure={signIn.answer?.kind === 'error' ? signIn.answer : undefined}
      onDismissFailure={signIn.dismiss}
      adminUser={user?.isAdmin ? user : undefined}
    />
  )
}
