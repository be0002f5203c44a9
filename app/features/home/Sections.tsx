import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import {
  ArrowRight,
  BellRing,
  Bot,
  CalendarSync,
  Camera,
  Clock3,
  Crown,
  Gem,
  type LucideIcon,
  MessageSquareText,
  MousePointerClick,
  Quote,
  Rocket,
  Scissors,
  Sparkles,
  Store,
  Zap,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'

function SectionHeading({ id, eyebrow, title, intro }: { id: string; eyebrow: string; title: string; intro?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-[0.14em] text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg leading-relaxed text-ink-soft">{intro}</p>}
    </div>
  )
}

function IconTile({ icon: Icon, tone = 'primary' }: { icon: LucideIcon; tone?: 'primary' | 'sand' }) {
  return (
    <span
      className={`inline-flex size-12 shrink-0 items-center justify-center rounded-2xl ${tone === 'primary' ? 'bg-primary-soft text-primary' : 'bg-sand text-ink'}`}
    >
      <Icon aria-hidden className="size-6" />
    </span>
  )
}

const FEATURES: [string, LucideIcon][] = [
  ['booking', MessageSquareText],
  ['calendar', CalendarSync],
  ['ai', Bot],
]

export function Features() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <SectionHeading
        id="features"
        eyebrow={t('home.features.eyebrow')}
        title={t('home.features.title')}
        intro={t('home.features.intro')}
      />
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {FEATURES.map(([key, icon]) => (
          <Card key={key} className="flex flex-col gap-4 p-7">
            <IconTile icon={icon} />
            <h3 className="text-xl font-semibold">{t(`home.features.${key}.title`)}</h3>
            <p className="leading-relaxed text-ink-soft">{t(`home.features.${key}.text`)}</p>
          </Card>
        ))}
      </div>
    </section>
  )
}

const HIGHLIGHTS: [string, LucideIcon][] = [
  ['available', Clock3],
  ['instant', Zap],
  ['setup', Rocket],
  ['premium', Gem],
]

export function Highlights() {
  const { t } = useTranslation()
  return (
    <section aria-label={t('home.highlights.label')} className="bg-ink text-paper">
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        {HIGHLIGHTS.map(([key, Icon]) => (
          <li key={key} className="flex flex-col items-center gap-2 text-center">
            <Icon aria-hidden className="size-6 text-brass" />
            <p className="font-display text-2xl font-semibold">{t(`home.highlights.${key}.value`)}</p>
            <p className="text-sm text-paper/80">{t(`home.highlights.${key}.label`)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

const AUDIENCES: [string, LucideIcon][] = [
  ['independent', Scissors],
  ['franchise', Store],
  ['instagram', Camera],
  ['beautician', Sparkles],
]

export function Audience() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="audience" className="bg-sand/50">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading id="audience" eyebrow={t('home.audience.eyebrow')} title={t('home.audience.title')} />
        <div className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {AUDIENCES.map(([key, icon]) => (
            <Card key={key} className="flex flex-col gap-3 p-6">
              <IconTile icon={icon} tone="sand" />
              <h3 className="text-lg font-semibold">{t(`home.audience.${key}.title`)}</h3>
              <p className="text-sm leading-relaxed text-ink-soft">{t(`home.audience.${key}.text`)}</p>
            </Card>
          ))}
        </div>
      </div>
    </section>
  )
}

const ADVANTAGES: [string, LucideIcon][] = [
  ['always', Clock3],
  ['instant', Zap],
  ['reminders', BellRing],
  ['simple', MousePointerClick],
]

export function Advantages() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="advantages" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      <div className="grid items-start gap-12 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.14em] text-primary">
            {t('home.advantages.eyebrow')}
          </p>
          <h2 id="advantages" className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">
            {t('home.advantages.title')}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink-soft">{t('home.advantages.intro')}</p>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2">
          {ADVANTAGES.map(([key, icon]) => (
            <li key={key} className="flex gap-4 rounded-2xl border border-line/80 bg-surface p-5">
              <IconTile icon={icon} />
              <div>
                <h3 className="font-sans text-base font-semibold">{t(`home.advantages.${key}.title`)}</h3>
                <p className="mt-1 text-sm leading-relaxed text-ink-soft">{t(`home.advantages.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

export function Testimonial() {
  const { t } = useTranslation()
  return (
    <section aria-label={t('home.testimonial.label')} className="mx-auto max-w-4xl px-4 pb-20 sm:px-6">
      <figure className="relative rounded-[2rem] bg-primary-soft/70 px-6 py-12 text-center sm:px-14">
        <Quote aria-hidden className="mx-auto size-10 text-primary/70" />
        <blockquote className="mt-5 font-display text-2xl leading-snug text-ink sm:text-[1.75rem]">
          {t('home.testimonial.quote')}
        </blockquote>
        <figcaption className="mt-6 flex flex-col items-center gap-1">
          <span className="inline-flex items-center gap-1.5 font-semibold">
            <Crown aria-hidden className="size-4 text-brass" />
            {t('home.testimonial.author')}
          </span>
          <span className="text-sm text-ink-soft">{t('home.testimonial.role')}</span>
        </figcaption>
      </figure>
    </section>
  )
}

export function ClosingCall() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="closing" className="px-4 pb-24 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col items-center rounded-[2rem] bg-ink px-6 py-16 text-center text-paper sm:px-12">
        <h2 id="closing" className="max-w-2xl text-3xl font-semibold tracking-tight sm:text-4xl">
          {t('home.closing.title')}
        </h2>
        <p className="mt-4 max-w-xl text-lg leading-relaxed text-paper/80">{t('home.closing.text')}</p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" variant="light">
            <Link href="/professional">
              {t('home.closing.cta')}
              <ArrowRight aria-hidden className="size-5" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="ghostLight">
            <Link href="/waitlist">{t('home.closing.waitlist')}</Link>
          </Button>
        </div>
      </div>
    </section>
  )
}
