import { StatusMessage } from '@app/components/StatusMessage'
import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { toast } from '@app/components/ui/toast-store'
import { AdminPanel } from '@app/features/admin/AdminPanel'
import { ADMIN_AUTH_URL_ENDPOINT, useGoogleRedirect } from '@app/features/calendar-connect/google-sign-in'
import { GoogleMark } from '@app/features/calendar-connect/providers'
import { SignInErrorAlert } from '@app/features/calendar-connect/SignInErrorAlert'
import { type SignInFailure, useSignInReturn } from '@app/features/calendar-connect/sign-in-return'
import { useLogout } from '@app/lib/logout'
import { usePageTitle } from '@app/lib/page-title'
import { useSession } from '@app/lib/session'
import type { SessionUser } from '@common/schemas/session'
import { Loader2, LogOut, ShieldAlert, ShieldCheck } from 'lucide-react'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'

/**
 * The administration area: administrators sign in with Google (`ADMIN_EMAILS` on the server), then
 * see the panel (app/features/admin). Anyone else signed in is told this account is not one.
 */
export default function AdminPage() {
  const { t } = useTranslation()
  usePageTitle(t('adminAccess.title'))
  const { user, isLoading } = useSession()
  const onConnected = useCallback(
    () =>
      toast({
        title: t('adminAccess.connected.title'),
        description: t('adminAccess.connected.description'),
        tone: 'success',
      }),
    [t],
  )
  const signIn = useSignInReturn('/admin', onConnected)

  if (isLoading) {
    return (
      <div role="status" className="flex min-h-[60vh] items-center justify-center gap-3 text-ink-soft">
        <Loader2 aria-hidden className="size-5 animate-spin" />
        <span className="text-sm">{t('common.loading')}</span>
      </div>
    )
  }
  if (user?.isAdmin) return <AdminArea user={user} />
  if (user) return <NotAdmin user={user} />

  const failure = signIn.answer?.kind === 'error' ? signIn.answer : undefined
  return <AdminSignIn failure={failure} onDismissFailure={signIn.dismiss} />
}

function useSignOut() {
  const { t } = useTranslation()
  const logout = useLogout()
  const signOut = () =>
    logout.mutate(undefined, { onError: () => toast({ title: t('nav.logoutFailed'), tone: 'destructive' }) })
  return { signOut, isPending: logout.isPending }
}

function AdminSignIn({
  failure,
  onDismissFailure,
}: {
  failure: SignInFailure | undefined
  onDismissFailure: () => void
}) {
  const { t } = useTranslation()
  const google = useGoogleRedirect({ failureTitle: t('adminAccess.signInFailed') })
  return (
    <section className="mx-auto max-w-lg px-4 py-16 sm:py-24">
      <Card className="flex flex-col gap-6 p-6 sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className="mb-5 inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
            <ShieldCheck aria-hidden className="size-7" />
          </span>
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('adminAccess.title')}</h1>
          <p className="mt-3 leading-relaxed text-ink-soft">{t('adminAccess.description')}</p>
        </div>
        {failure && <SignInErrorAlert code={failure.code} expected={failure.expected} onDismiss={onDismissFailure} />}
        <Button
          size="lg"
          className="w-full"
          loading={google.isPending}
          onClick={() => google.redirect(ADMIN_AUTH_URL_ENDPOINT)}
        >
          {!google.isPending && (
            <span className="inline-flex size-6 items-center justify-center rounded-full bg-white">
              <GoogleMark className="size-4" />
            </span>
          )}
          {google.isPending ? t('calendarConnect.connecting') : t('adminAccess.signIn')}
        </Button>
        <p className="text-center text-sm leading-relaxed text-ink-soft">{t('adminAccess.note')}</p>
      </Card>
    </section>
  )
}

function AdminArea({ user }: { user: SessionUser }) {
  const { t } = useTranslation()
  const { signOut, isPending } = useSignOut()
  return (
    <>
      <div className="border-b border-line/70 bg-surface/60">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="flex min-w-0 items-center gap-2 text-sm text-ink-soft">
            <ShieldCheck aria-hidden className="size-4 shrink-0 text-success" />
            <span className="min-w-0 break-words">
              {t('adminAccess.signedInAs', { name: user.name, email: user.email })}
            </span>
          </p>
          <Button variant="outline" size="sm" onClick={signOut} loading={isPending} className="self-start sm:self-auto">
            <LogOut aria-hidden className="size-4" />
            {t('adminAccess.logout')}
          </Button>
        </div>
      </div>
      <AdminPanel />
    </>
  )
}

function NotAdmin({ user }: { user: SessionUser }) {
  const { t } = useTranslation()
  const { signOut, isPending } = useSignOut()
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 sm:py-28">
      <StatusMessage
        icon={ShieldAlert}
        tone="neutral"
        title={t('adminAccess.notAdmin.title')}
        description={t('adminAccess.notAdmin.description', { email: user.email })}
        homeButton={false}
        actions={
          <>
            <Button onClick={signOut} loading={isPending}>
              <LogOut aria-hidden className="size-4" />
              {t('adminAccess.logout')}
            </Button>
            {user.salonId && (
              <Button asChild variant="outline">
                <Link href="/professional">{t('adminAccess.notAdmin.toProfessional')}</Link>
              </Button>
            )}
          </>
        }
      />
    </section>
  )
}
