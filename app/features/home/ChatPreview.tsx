import { formatMoney, nextSaturday, writeDay } from '@app/lib/format-intl'
import { useLanguage } from '@app/lib/i18n'
import { useRenderedValue } from '@app/lib/render-clock'
import { CalendarCheck, Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/**
 * The confirmation's day and price, in the visitor's language: computed by the server with the page
 * (their words need the browser's Intl data, slow to load on a phone while it hydrates).
 */
function usePreviewWords(): { when: string; price: string } {
  const language = useLanguage()
  return useRenderedValue(`home-preview.${language}`, (now) => ({
    // The illustration's salon is in Paris: its "next Saturday" is taken there, at 10:00.
    when: `${writeDay(nextSaturday(now, 'Europe/Paris'), language)}, 10:00`,
    price: formatMoney(4500, 'EUR', language),
  }))
}

/**
 * What a customer sees in the chat, as an illustration in the hero: a request in plain words and
 * the assistant's confirmation, with next Saturday's date in the visitor's language.
 */
export function ChatPreview() {
  const { t } = useTranslation()
  const { when, price } = usePreviewWords()
  return (
    <figure
      aria-label={t('home.preview.label')}
      className="relative mx-auto w-full max-w-sm rounded-[2rem] border border-line bg-surface p-4 shadow-lifted sm:p-5"
    >
      <div className="flex items-center gap-3 border-b border-line/70 pb-3">
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-primary font-display text-lg font-semibold text-white">
          L
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold leading-tight">Salon Lumière</p>
          <p className="flex items-center gap-1.5 text-xs text-ink-soft">
            <span aria-hidden className="size-2 rounded-full bg-success" />
            {t('home.preview.online')}
          </p>
        </div>
      </div>
      <ol className="flex flex-col gap-3 pt-4 text-[0.925rem] leading-snug">
        <li className="ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-primary px-3.5 py-2.5 text-white">
          {t('home.preview.customer')}
        </li>
        <li className="mr-auto max-w-[90%] rounded-2xl rounded-bl-md bg-sand px-3.5 py-2.5">
          {t('home.preview.assistant')}
        </li>
        <li className="mr-auto w-[90%] rounded-2xl border border-success/25 bg-success-soft/60 p-3.5">
          <p className="flex items-center gap-2 font-semibold text-success">
            <CalendarCheck aria-hidden className="size-4" />
            {t('home.preview.confirmed')}
          </p>
          <p className="mt-1.5 font-medium first-letter:uppercase">{when}</p>
          <p className="text-sm text-ink-soft">
            {t('home.preview.service')} · 45 min · {price}
          </p>
        </li>
      </ol>
      <figcaption className="mt-4 flex items-center justify-center gap-1.5 text-xs text-ink-soft">
        <Check aria-hidden className="size-3.5 text-success" />
        {t('home.preview.caption')}
      </figcaption>
    </figure>
  )
}
