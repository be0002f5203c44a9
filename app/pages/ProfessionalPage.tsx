import { toast } from '@app/components/ui/toast-store'
import { useSignInReturn } from '@app/features/calendar-connect/sign-in-return'
import { SignedInArea, SignedOutArea } from '@app/features/professional/areas'
import { useInstagramReturn } from '@app/features/salon-dashboard/instagram/instagram-return'
import { usePageTitle } from '@app/lib/page-title'
import { useSession } from '@app/lib/session'
import { Loader2 } from 'lucide-react'
import { Suspense, useCallback } from 'react'
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

  const loading = (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-ink-soft">
      <Loader2 aria-hidden className="size-7 animate-spin text-primary" />
      <p>{t('professional.loading')}</p>
    </div>
  )
  if (isLoading) return loading

  // Each face in its own chunk (areas.ts); the page's loader has brought the one shown first.
  return (
    <Suspense fallback={loading}>
      {user?.salonId ? (
        <SignedInArea user={user} salonId={user.salonId} openInstagram={instagram.openInstagram} />
      ) : (
        <SignedOutArea
          failure={signIn.answer?.kind === 'error' ? signIn.answer : undefined}
          onDismissFailure={signIn.dismiss}
          adminUser={user?.isAdmin ? user : undefined}
        />
      )}
    </Suspense>
  )
}
