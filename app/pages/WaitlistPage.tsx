import { Card } from '@app/components/ui/Card'
import { WaitlistForm } from '@app/features/waitlist/WaitlistForm'
import { usePageTitle } from '@app/lib/page-title'
import { Award, CalendarCheck, Mail, Store } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearch } from 'wouter'

const STEPS = [
  ['contact', Mail],
  ['setup', Store],
  ['calendar', CalendarCheck],
] as const

export default function WaitlistPage() {
  const { t } = useTranslation()
  usePageTitle(t('waitlist.title'))
  const referralCode = new URLSearchParams(useSearch()).get('ref')?.trim() || undefined
  return (
    // On a phone the form comes right after the title; on a wide screen the steps sit beside it.
    <section className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-[1fr_1.15fr] lg:grid-rows-[auto_1fr] lg:gap-x-16">
      <div className="lg:col-start-1">
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-primary">{t('waitlist.eyebrow')}</p>
        <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">{t('waitlist.title')}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">{t('waitlist.subtitle')}</p>
      </div>
      <ol aria-label={t('waitlist.steps.label')} className="flex flex-col gap-6 lg:col-start-1">
        {STEPS.map(([key, Icon], index) => (
          <li key={key} className="flex gap-4">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary">
              <Icon aria-hidden className="size-5" />
            </span>
            <div>
              <h2 className="font-sans text-base font-semibold">
                {index + 1}. {t(`waitlist.steps.${key}.title`)}
              </h2>
              <p className="mt-1 text-sm leading-relaxed text-ink-soft">{t(`waitlist.steps.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <Card className="p-6 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
        {referralCode && (
          <div className="mb-6 flex items-start gap-3 rounded-2xl bg-primary-soft/70 p-4">
            <Award aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <p className="leading-relaxed">
              {t('waitlist.referral')}
              <br />
              <span className="text-sm text-ink-soft">{t('waitlist.referralCode')}</span>{' '}
              <span className="font-mono text-sm font-semibold tracking-wide">{referralCode}</span>
            </p>
          </div>
        )}
        <WaitlistForm referralCode={referralCode} />
      </Card>
    </section>
  )
}
