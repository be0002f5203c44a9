import { cn } from '@app/lib/cn'
import { ChevronDown, LifeBuoy, Megaphone } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { SUPPORT_EMAIL } from '../ambassador-api'

/**
 * The kit's words (spec §2, §9: 7 steps, the pitch, the FAQ), shared by the dashboard's Kit tab and
 * the printable /ambassador-kit. The server's PDF prints the same texts from
 * server/modules/ambassadors/kit-texts.ts, which kit-content.test.ts keeps equal to these.
 */
export const KIT_STEPS = ['1', '2', '3', '4', '5', '6', '7'] as const
export const KIT_FAQ = ['1', '2', '3', '4', '5', '6', '7'] as const

type Heading = 'h2' | 'h3'

function SectionTitle({ as: Tag, children, className }: { as: Heading; children: string; className?: string }) {
  // Printed, a title never ends a page without what it heads.
  return (
    <Tag className={cn('text-xl font-semibold leading-tight break-after-avoid sm:text-2xl print:text-lg', className)}>
      {children}
    </Tag>
  )
}

/** The seven steps from the first visit to a salon running on its own, numbered. */
export function KitSteps({ headingAs = 'h3' }: { headingAs?: Heading }) {
  const { t } = useTranslation()
  return (
    <section className="flex flex-col gap-4 print:gap-2">
      <SectionTitle as={headingAs}>{t('ambassador.kitContent.stepsTitle')}</SectionTitle>
      {/* Printed without the frame, which a page break would cut: each step stays whole. */}
      <ol className="flex flex-col divide-y divide-line/70 overflow-hidden rounded-2xl border border-line/80 bg-surface print:overflow-visible print:rounded-none print:border-x-0 print:bg-transparent">
        {KIT_STEPS.map((step) => (
          <li key={step} className="flex gap-4 p-4 break-inside-avoid sm:p-5 print:gap-3 print:px-0 print:py-2">
            <span
              aria-hidden
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft font-display text-sm font-semibold text-primary print:size-6 print:border print:border-primary print:text-xs"
            >
              {step}
            </span>
            <div className="min-w-0">
              <p className="font-semibold leading-snug">
                <span className="sr-only">{step}. </span>
                {t(`ambassador.kitContent.steps.${step}.title`)}
              </p>
              <p className="mt-1 text-sm leading-relaxed text-ink-soft print:mt-0.5 print:leading-snug">
                {t(`ambassador.kitContent.steps.${step}.text`)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** What to tell a salon, built on the product's claims (spec §1). */
export function KitPitch({ headingAs = 'h3' }: { headingAs?: Heading }) {
  const { t } = useTranslation()
  return (
    <section className="flex flex-col gap-4 break-inside-avoid print:gap-2">
      <SectionTitle as={headingAs}>{t('ambassador.kitContent.pitchTitle')}</SectionTitle>
      <blockquote className="flex gap-4 rounded-2xl border-l-4 border-brass bg-sand/60 p-5 print:gap-3 print:bg-transparent print:px-4 print:py-2">
        <Megaphone aria-hidden className="mt-1 size-5 shrink-0 text-brass print:size-4" />
        <p className="leading-relaxed print:text-sm">{t('ambassador.kitContent.pitch')}</p>
      </blockquote>
    </section>
  )
}

/**
 * The questions salons ask. Folded on screen (one tap each); `expanded` shows every answer, as
 * printing needs: a closed <details> prints closed.
 */
export function KitFaq({ headingAs = 'h3', expanded = false }: { headingAs?: Heading; expanded?: boolean }) {
  const { t } = useTranslation()
  return (
    <section className="flex flex-col gap-4 print:gap-2">
      <SectionTitle as={headingAs}>{t('ambassador.kitContent.faqTitle')}</SectionTitle>
      {expanded ? (
        <dl className="flex flex-col gap-4 print:gap-2">
          {KIT_FAQ.map((item) => (
            <div key={item} className="break-inside-avoid">
              <dt className="font-semibold leading-snug print:text-sm">{t(`ambassador.kitContent.faq.${item}.q`)}</dt>
              <dd className="mt-1 text-sm leading-relaxed text-ink-soft print:mt-0.5 print:leading-snug">
                {t(`ambassador.kitContent.faq.${item}.a`)}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="flex flex-col divide-y divide-line/70 rounded-2xl border border-line/80 bg-surface">
          {KIT_FAQ.map((item) => (
            <details key={item} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3.5 font-medium marker:content-none hover:bg-sand/40 sm:px-5 [&::-webkit-details-marker]:hidden">
                {t(`ambassador.kitContent.faq.${item}.q`)}
                <ChevronDown
                  aria-hidden
                  className="size-4 shrink-0 text-ink-soft transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-4 pb-4 text-sm leading-relaxed text-ink-soft sm:px-5">
                {t(`ambassador.kitContent.faq.${item}.a`)}
              </p>
            </details>
          ))}
        </div>
      )}
    </section>
  )
}

/** Who answers the ambassador's questions. */
export function KitSupport({ headingAs = 'h3' }: { headingAs?: Heading }) {
  const { t } = useTranslation()
  return (
    <section className="flex gap-4 rounded-2xl border border-line/80 bg-surface p-5 break-inside-avoid print:px-4 print:py-3">
      <LifeBuoy aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
      <div className="min-w-0">
        <SectionTitle as={headingAs} className="text-lg sm:text-xl">
          {t('ambassador.kitContent.supportTitle')}
        </SectionTitle>
        <p className="mt-1 text-sm leading-relaxed text-ink-soft">
          <WithEmailLink text={t('ambassador.kitContent.support')} />
        </p>
      </div>
    </section>
  )
}

/** The sentence as written (the PDF prints it too), with the support address in it made a link. */
function WithEmailLink({ text }: { text: string }) {
  const [before, ...after] = text.split(SUPPORT_EMAIL)
  return (
    <>
      {before}
      <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-primary underline underline-offset-4">
        {SUPPORT_EMAIL}
      </a>
      {after.join(SUPPORT_EMAIL)}
    </>
  )
}
