import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { SUPPORT_EMAIL } from '@app/features/ambassador/ambassador-api'
import { AccessCodeLogin, SignInFailureAlert } from '@app/features/ambassador/login/AccessCodeLogin'
import { signInErrorText, useSignInAnswer } from '@app/features/ambassador/login/sign-in-answer'
import { usePageTitle } from '@app/lib/page-title'
import { useAmbassadorSession } from '@app/lib/session'
import { ArrowRight, BadgeCheck, Mail, QrCode, Store, TrendingUp, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'

/**
 * 'Zone Ambassadeur' (spec §2): the access code, then Google. Google sign-in comes back here with
 * `?error=…` (shown) or `?success=…` (on to the dashboard). An ambassador already signed in is
 * offered the way to their dashboard.
 */
export default function AmbassadorLoginPage() {
  const { t } = useTranslation()
  usePageTitle(t('ambassadorSignIn.title'))
  const answer = useSignInAnswer()
  // Only to offer the dashboard: asked without an error when signed out (no 401 in the console).
  const signedIn = useAmbassadorSession().ambassador

  return (
    // On a phone the sign-in comes right after the title, the benefits after it; from lg, side by side.
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-[1fr_28rem] lg:grid-rows-[auto_1fr] lg:gap-x-16">
      <div className="max-w-xl">
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-primary">
          {t('ambassadorSignIn.eyebrow')}
        </p>
        <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">{t('ambassadorSignIn.title')}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">{t('ambassadorSignIn.subtitle')}</p>
      </div>

      <div className="flex flex-col gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        {signedIn && (
          <Card className="flex flex-col gap-4 border-success/30 p-5 sm:p-6">
            <div className="flex gap-3">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-success-soft text-success">
                <BadgeCheck aria-hidden className="size-5" />
              </span>
              <div className="min-w-0">
                <h2 className="font-sans text-base font-semibold">{t('ambassadorSignIn.signedIn.title')}</h2>
                <p className="mt-1 text-sm leading-relaxed text-ink-soft [overflow-wrap:anywhere]">
                  {t('ambassadorSignIn.signedIn.text', { name: signedIn.name, email: signedIn.email })}
                </p>
              </div>
            </div>
            <Button asChild className="w-full">
              <Link href="/ambassador/dashboard">
                {t('ambassadorSignIn.signedIn.action')}
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            </Button>
          </Card>
        )}
        {answer.failure && <SignInFailureAlert text={signInErrorText(answer.failure, t)} onDismiss={answer.dismiss} />}
        <Card className="p-6 sm:p-8">
          <div className="mb-6 flex gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary">
              <UserRound aria-hidden className="size-5" />
            </span>
            <div className="min-w-0">
              <h2 className="text-2xl font-semibold leading-tight">{t('ambassadorSignIn.cardTitle')}</h2>
              <p className="mt-1 text-sm leading-relaxed text-ink-soft">{t('ambassadorSignIn.cardText')}</p>
            </div>
          </div>
          <AccessCodeLogin onAttempt={answer.dismiss} />
          <p className="mt-6 flex flex-wrap items-center gap-x-1.5 gap-y-1 border-t border-line/70 pt-5 text-sm text-ink-soft">
            <Mail aria-hidden className="size-4 shrink-0 text-brass" />
            {t('ambassadorSignIn.noCode')}
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="font-medium text-primary underline decoration-primary/30 underline-offset-4 hover:decoration-primary"
            >
              {t('ambassadorSignIn.contact')}
            </a>
          </p>
        </Card>
      </div>

      <ul className="flex max-w-xl flex-col gap-4 lg:col-start-1 lg:row-start-2">
        <Benefit icon={<QrCode aria-hidden className="size-5" />} title={t('ambassadorSignIn.benefits.shareTitle')}>
          {t('ambassadorSignIn.benefits.share')}
        </Benefit>
        <Benefit icon={<Store aria-hidden className="size-5" />} title={t('ambassadorSignIn.benefits.activateTitle')}>
          {t('ambassadorSignIn.benefits.activate')}
        </Benefit>
        <Benefit icon={<TrendingUp aria-hidden className="size-5" />} title={t('ambassadorSignIn.benefits.trackTitle')}>
          {t('ambassadorSignIn.benefits.track')}
        </Benefit>
      </ul>
    </section>
  )
}

function Benefit({ icon, title, children }: { icon: ReactNode; title: string; children: string }) {
  return (
    <li className="flex gap-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-sand text-primary">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 text-sm leading-relaxed text-ink-soft">{children}</p>
      </div>
    </li>
  )
}
