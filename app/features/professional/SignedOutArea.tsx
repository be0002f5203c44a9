import { Card } from '@app/components/ui/Card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/components/ui/Tabs'
import { CalendarConnect } from '@app/features/calendar-connect/CalendarConnect'
import { SignInErrorAlert } from '@app/features/calendar-connect/SignInErrorAlert'
import type { SignInFailure } from '@app/features/calendar-connect/sign-in-return'
import { WaitlistForm } from '@app/features/waitlist/WaitlistForm'
import type { SessionUser } from '@common/schemas/session'
import { CalendarCheck, ListPlus, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearch } from 'wouter'
import { SalonLookupCard } from './SalonLookupCard'
import { useSalonLookup } from './salon-lookup'

/**
 * One set of panels for every width, so nothing typed is lost when the window changes size: on a
 * narrow screen the tabs show one panel at a time; from lg both panels show side by side and the
 * tab list hides. (No fade on wide screens: nothing appears there, both panels are always shown.)
 */
const PANEL = 'data-[state=inactive]:hidden lg:mt-0 lg:animate-none lg:data-[state=inactive]:block'

/** The professional area before sign-in (spec §2): the connect form and the waitlist sign-up. */
export function SignedOutArea({
  failure,
  onDismissFailure,
  adminUser,
}: {
  failure: SignInFailure | undefined
  onDismissFailure: () => void
  /** An administrator signed in without a salon: the area needs a salon's Google account. */
  adminUser: SessionUser | undefined
}) {
  const { t } = useTranslation()
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 md:py-16">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-primary">{t('professional.eyebrow')}</p>
        <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">{t('professional.title')}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">{t('professional.subtitle')}</p>
      </div>

      {adminUser && (
        <p className="mt-6 flex gap-3 rounded-2xl border border-info/20 bg-info-soft p-4 text-sm leading-relaxed text-ink">
          <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-info" />
          <span>
            {t('professional.adminNotice', { email: adminUser.email })}{' '}
            <Link href="/admin" className="font-medium text-info underline underline-offset-4">
              {t('professional.adminLink')}
            </Link>
          </span>
        </p>
      )}

      <Tabs defaultValue="connect" className="mt-8 md:mt-10">
        <TabsList aria-label={t('professional.tabs.label')} className="grid w-full grid-cols-2 lg:hidden">
          <TabsTrigger value="connect" className="justify-center">
            <CalendarCheck aria-hidden className="size-4" />
            {t('professional.tabs.connect')}
          </TabsTrigger>
          <TabsTrigger value="waitlist" className="justify-center">
            <ListPlus aria-hidden className="size-4" />
            {t('professional.tabs.waitlist')}
          </TabsTrigger>
        </TabsList>
        <div className="lg:grid lg:grid-cols-2 lg:items-start lg:gap-8">
          <TabsContent value="connect" forceMount className={PANEL}>
            <ConnectPanel failure={failure} onDismissFailure={onDismissFailure} />
          </TabsContent>
          <TabsContent value="waitlist" forceMount className={PANEL}>
            <Card className="p-6 sm:p-8">
              <PanelHeading icon={ListPlus} title={t('professional.waitlist.title')}>
                {t('professional.waitlist.description')}
              </PanelHeading>
              <WaitlistForm referralCode={undefined} />
            </Card>
          </TabsContent>
        </div>
      </Tabs>
    </section>
  )
}

function ConnectPanel({
  failure,
  onDismissFailure,
}: {
  failure: SignInFailure | undefined
  onDismissFailure: () => void
}) {
  const { t } = useTranslation()
  const search = useSearch()
  // Back from a refused sign-in, the ID is still there for another try.
  // The activation e-mail's link carries the salon's ID (/professional?salon=SAL002): it is typed already.
  const [salonId, setSalonId] = useState(() => failure?.salonId ?? salonFromAddress(search))
  const lookup = useSalonLookup(salonId)
  return (
    <Card className="p-6 sm:p-8">
      <PanelHeading icon={CalendarCheck} title={t('professional.connect.title')}>
        {t('professional.connect.description')}
      </PanelHeading>
      {failure && (
        <div className="mb-6">
          <SignInErrorAlert code={failure.code} expected={failure.expected} onDismiss={onDismissFailure} />
        </div>
      )}
      <CalendarConnect
        salonId={salonId}
        onSalonIdChange={setSalonId}
        salonFound={lookup.status === 'found'}
        afterForm={<SalonLookupCard lookup={lookup} className="mt-5" />}
      />
    </Card>
  )
}

function PanelHeading({ icon: Icon, title, children }: { icon: typeof ListPlus; title: string; children: string }) {
  return (
    <div className="mb-6 flex gap-4">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <h2 className="text-2xl font-semibold leading-tight">{title}</h2>
        <p className="mt-1 text-sm leading-relaxed text-ink-soft">{children}</p>
      </div>
    </div>
  )
}

function salonFromAddress(search: string): string {
  const salon = new URLSearchParams(search).get('salon')?.trim().toUpperCase() ?? ''
  return /^SAL\d{3,9}$/.test(salon) ? salon : ''
}
