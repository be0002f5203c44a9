import { StatusMessage } from '@app/components/StatusMessage'
import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { ApiError, apiRequest } from '@app/lib/api'
import { usePageTitle } from '@app/lib/page-title'
import { type DemoSignIn, demoSignInResultSchema, demoSignInSchema, type SignInPurpose } from '@common/schemas/auth'
import { useMutation, useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { ArrowLeft, FlaskConical, Loader2, LogIn, Store } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearch } from 'wouter'

/** Why the demo sign-in cannot go on: an old or used link, a server without it, or anything else. */
type Problem = 'invalidLink' | 'unavailable' | 'failed'

function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) {
    if (error.code === 'auth.invalid_state') return 'invalidLink'
    // No such route at all: a production server, where the demo sign-in does not exist.
    if (error.status === 404) return 'unavailable'
    if (error.status === 400) return 'invalidLink'
  }
  return 'failed'
}

/** Where Cancel goes back to: the screen the sign-in started from. */
const CANCEL_PATHS: Record<SignInPurpose, string> = {
  professional: '/professional',
  admin: '/admin',
  ambassador: '/ambassador',
}

function intentText(purpose: SignInPurpose, t: TFunction): string {
  switch (purpose) {
    case 'admin':
      return t('demoSignIn.intentAdmin')
    case 'ambassador':
      return t('demoSignIn.intentAmbassador')
    case 'professional':
      return t('demoSignIn.intentProfessional')
  }
}

/** Only a path of this site: the answer decides where the browser goes, so it must not leave it. */
function isSameSitePath(target: string): boolean {
  try {
    return new URL(target, window.location.origin).origin === window.location.origin
  } catch {
    return false
  }
}

/**
 * The demo sign-in (issue 5): when Google is not configured (never in production) the server sends
 * the browser here instead of Google's consent screen. It says so plainly, shows who the browser
 * will be signed in as, and signs in on one click.
 */
export default function DemoSignInPage() {
  const { t } = useTranslation()
  usePageTitle(t('demoSignIn.title'))
  const state = new URLSearchParams(useSearch()).get('state')?.trim() ?? ''

  const offer = useQuery({
    queryKey: ['/api/auth/demo', state],
    queryFn: async () =>
      demoSignInSchema.parse(
        await (await apiRequest('GET', `/api/auth/demo?state=${encodeURIComponent(state)}`)).json(),
      ),
    enabled: state !== '',
    // The link is single-use: never ask again behind the visitor's back.
    staleTime: Number.POSITIVE_INFINITY,
  })

  const signIn = useMutation({
    mutationFn: async () => {
      const answer = demoSignInResultSchema.parse(await (await apiRequest('POST', '/api/auth/demo', { state })).json())
      if (!isSameSitePath(answer.redirectTo)) throw new Error('The sign-in answered an address outside this site')
      return answer.redirectTo
    },
    // A full page load: the new session cookie is read from scratch by every screen.
    onSuccess: (redirectTo) => window.location.assign(redirectTo),
  })

  if (state === '') return <ProblemScreen problem="invalidLink" />
  if (offer.isPending) {
    return (
      <div role="status" className="flex min-h-[60vh] items-center justify-center gap-3 text-ink-soft">
        <Loader2 aria-hidden className="size-5 animate-spin" />
        <span className="text-sm">{t('demoSignIn.loading')}</span>
      </div>
    )
  }
  if (offer.isError) return <ProblemScreen problem={problemOf(offer.error)} />

  // An expired or used link will not work on a second click either: show the way back instead.
  const signInProblem = signIn.isError ? problemOf(signIn.error) : undefined
  if (signInProblem && signInProblem !== 'failed') return <ProblemScreen problem={signInProblem} />

  const leaving = signIn.isPending || signIn.isSuccess
  return (
    <section className="mx-auto flex max-w-lg flex-col px-4 py-12 sm:py-20">
      <Card className="overflow-hidden">
        <div className="flex gap-3 border-b border-warning/20 bg-warning-soft px-5 py-4 text-sm leading-relaxed text-ink sm:px-6">
          <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
          <p>
            <Badge tone="warning" className="mr-2 bg-surface/70 align-middle">
              {t('demoSignIn.badge')}
            </Badge>
            {t('demoSignIn.banner')}
          </p>
        </div>
        <div className="flex flex-col gap-6 p-5 sm:p-8">
          <div>
            <h1 className="text-3xl font-semibold tracking-tight">{t('demoSignIn.title')}</h1>
            <p className="mt-2 leading-relaxed text-ink-soft">{intentText(offer.data.purpose, t)}</p>
          </div>
          <Account offer={offer.data} />
          {signInProblem && (
            <p role="alert" className="rounded-xl border border-danger/25 bg-danger-soft px-4 py-3 text-sm text-danger">
              {problemText(signInProblem, t)}
            </p>
          )}
          <div className="flex flex-col gap-3">
            {/* A long address wraps instead of overflowing: the Button's fixed height and nowrap give way. */}
            <Button
              size="lg"
              onClick={() => signIn.mutate()}
              loading={leaving}
              className="h-auto! min-h-13 w-full whitespace-normal! py-3 text-center"
            >
              {!leaving && <LogIn aria-hidden className="size-4 shrink-0" />}
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {t('demoSignIn.continueAs', { email: offer.data.account.email })}
              </span>
            </Button>
            <Button asChild variant="ghost" className="w-full">
              <Link href={CANCEL_PATHS[offer.data.purpose]}>{t('demoSignIn.cancel')}</Link>
            </Button>
          </div>
        </div>
      </Card>
    </section>
  )
}

function Account({ offer }: { offer: DemoSignIn }) {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-col gap-3 rounded-2xl border border-line bg-paper p-3 sm:p-4">
      <li className="flex items-center gap-3">
        <span
          aria-hidden
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-display text-lg font-semibold text-white"
        >
          {offer.account.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="text-xs text-ink-soft">{t('demoSignIn.account')}</span>
          <span className="break-words font-medium">{offer.account.name}</span>
          <span className="text-sm text-ink-soft [overflow-wrap:anywhere]">{offer.account.email}</span>
        </span>
      </li>
      {offer.salon && (
        <li className="flex items-center gap-3 border-t border-line/70 pt-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Store aria-hidden className="size-5" />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="text-xs text-ink-soft">{t('demoSignIn.salon')}</span>
            <span className="break-words font-medium">
              {offer.salon.name}{' '}
              <span className="font-mono text-sm font-normal text-ink-soft">{offer.salon.salonId}</span>
            </span>
          </span>
        </li>
      )}
    </ul>
  )
}

function problemText(problem: Problem, t: TFunction): string {
  switch (problem) {
    case 'invalidLink':
      return t('demoSignIn.invalidLink.description')
    case 'unavailable':
      return t('demoSignIn.unavailable.description')
    case 'failed':
      return t('demoSignIn.failed')
  }
}

function problemTitle(problem: Problem, t: TFunction): string {
  switch (problem) {
    case 'invalidLink':
      return t('demoSignIn.invalidLink.title')
    case 'unavailable':
      return t('demoSignIn.unavailable.title')
    case 'failed':
      return t('demoSignIn.failedTitle')
  }
}

function ProblemScreen({ problem }: { problem: Problem }) {
  const { t } = useTranslation()
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 sm:py-28">
      <StatusMessage
        icon={FlaskConical}
        tone="neutral"
        title={problemTitle(problem, t)}
        description={problemText(problem, t)}
        homeButton="outline"
        actions={
          <Button asChild>
            <Link href="/professional">
              <ArrowLeft aria-hidden className="size-4" />
              {t('demoSignIn.backToProfessional')}
            </Link>
          </Button>
        }
      />
    </section>
  )
}
