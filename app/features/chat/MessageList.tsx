import { SalonSeal } from '@app/components/SalonSeal'
import { cn } from '@app/lib/cn'
import { useLanguage } from '@app/lib/i18n'
import type { Language } from '@common/languages'
import type { IcsData } from '@common/schemas/chat'
import { ArrowUpRight, CalendarCog, CalendarPlus, CalendarX, Download, Send, Store, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadIcs, isBookingLink, type Suggestion, suggestionsOf } from './chat-api'
import type { ChatMessage } from './conversation'
import { LinkedText } from './LinkedText'

/**
 * A message's time as the language writes it, 24-hour. Intl rather than date-fns: the chat's first
 * load stays without date-fns and its locales.
 */
const timeFormat = (language: Language) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, { hour: '2-digit', minute: '2-digit' })

/**
 * The calendar file of a booking, as a card the customer taps to save the appointment — or, for a
 * cancellation (METHOD:CANCEL), to take it out of their calendar, and the card says so.
 */
function IcsAttachment({ ics }: { ics: IcsData }) {
  const { t } = useTranslation()
  const [downloading, setDownloading] = useState(false)
  const removes = /^METHOD:CANCEL\r?$/m.test(ics.content)
  const Icon = removes ? CalendarX : CalendarPlus
  return (
    <button
      type="button"
      disabled={downloading}
      onClick={async () => {
        setDownloading(true)
        await downloadIcs(ics)
        setDownloading(false)
      }}
      className="group mt-2.5 flex w-full cursor-pointer items-center gap-3 rounded-xl border border-brass/40 bg-paper p-3 text-left transition-colors hover:border-brass hover:bg-sand/70 disabled:cursor-wait disabled:opacity-70"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-semibold text-ink">{t(removes ? 'chat.ics.remove' : 'chat.ics.add')}</span>
        <span className={cn('text-xs text-ink-soft', !removes && 'truncate')}>
          {removes ? t('chat.ics.removeHint') : ics.filename}
        </span>
      </span>
      <Download aria-hidden className="size-4 shrink-0 text-ink-soft transition-colors group-hover:text-primary" />
    </button>
  )
}

/** The customer's own page of the appointment just booked or moved: cancel or move it later without the chat. */
function BookingLinkCard({ href }: { href: string }) {
  const { t } = useTranslation()
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="group mt-2 flex w-full items-center gap-3 rounded-xl border border-brass/40 bg-paper p-3 text-left transition-colors hover:border-brass hover:bg-sand/70"
    >
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <CalendarCog aria-hidden className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-semibold text-ink">{t('chat.bookingLink.title')}</span>
        <span className="text-xs text-ink-soft">{t('chat.bookingLink.description')}</span>
      </span>
      <ArrowUpRight aria-hidden className="size-4 shrink-0 text-ink-soft transition-colors group-hover:text-primary" />
    </a>
  )
}

function MessageBubble({ message, text }: { message: ChatMessage; text: string }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const mine = message.role === 'user'
  const time = timeFormat(language).format(new Date(message.timestamp))
  return (
    <li className={cn('flex animate-pop-in flex-col', mine ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-[0.95rem] leading-relaxed sm:max-w-[75%]',
          mine && 'rounded-br-md bg-primary text-white shadow-soft',
          !mine &&
            !message.error &&
            !message.fromSalon &&
            'rounded-bl-md border border-line/80 bg-surface text-ink shadow-soft',
          message.fromSalon && 'rounded-bl-md border border-brass/50 bg-sand text-ink shadow-soft',
          message.error && 'rounded-bl-md border border-danger/25 bg-danger-soft text-ink',
        )}
      >
        {message.error && (
          <span className="float-left mr-2 mt-0.5 inline-flex size-5 items-center justify-center rounded-full bg-danger text-white">
            <X aria-hidden className="size-3.5" strokeWidth={3} />
          </span>
        )}
        {message.fromSalon ? (
          <span className="mb-1 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-primary">
            <Store aria-hidden className="size-3.5" />
            {t('chat.messages.fromSalon')}
            <span className="sr-only">: </span>
          </span>
        ) : (
          <span className="sr-only">{mine ? t('chat.messages.you') : t('chat.messages.assistant')}: </span>
        )}
        {message.error && <span className="sr-only">{t('chat.messages.failed')}: </span>}
        {mine ? text : <LinkedText text={text} />}
        {message.icsData && <IcsAttachment ics={message.icsData} />}
        {message.bookingLink && isBookingLink(message.bookingLink) && <BookingLinkCard href={message.bookingLink} />}
      </div>
      <time dateTime={message.timestamp} className="mt-1 px-1 text-[0.7rem] tabular-nums text-ink-soft">
        {time}
      </time>
    </li>
  )
}

/**
 * The answers the newest reply offers (yes/no, the times, services, days or appointments), as
 * buttons under it. A tap sends the customer's words ("oui", "vendredi 4 décembre à 14:30"), so
 * the conversation reads as if typed. Real buttons in a labelled group inside the log: reachable by
 * Tab, announced with the reply. Activated from the keyboard, focus goes back to the message field.
 */
function Suggestions({ suggestions, onTap }: { suggestions: Suggestion[]; onTap: (says: string) => boolean }) {
  const { t } = useTranslation()
  return (
    <fieldset
      aria-label={t('chat.suggestions.label')}
      className="mt-2.5 flex min-w-0 max-w-full animate-fade-in flex-wrap gap-2 border-0 p-0 sm:max-w-[75%]"
      data-testid="chat-suggestions"
    >
      {suggestions.map((suggestion) => (
        <button
          key={`${suggestion.label}|${suggestion.says}`}
          type="button"
          onClick={(event) => {
            const fromKeyboard = event.detail === 0
            if (onTap(suggestion.says) && fromKeyboard) document.getElementById('chat-message')?.focus()
          }}
          className="min-h-10 max-w-full cursor-pointer rounded-full border border-primary/35 bg-paper px-4 py-2 text-left text-sm font-medium text-primary shadow-xs transition-colors hover:border-primary hover:bg-primary-soft focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/30 active:bg-primary-soft"
        >
          {suggestion.label}
        </button>
      ))}
    </fieldset>
  )
}

/** Three dots in an assistant bubble while the reply is on its way (announced by the log around it). */
function TypingIndicator() {
  const { t } = useTranslation()
  return (
    <div className="mt-3 flex animate-fade-in items-start" data-testid="typing-indicator">
      <div className="flex items-center gap-1.5 rounded-2xl rounded-bl-md border border-line/80 bg-surface px-4 py-3.5 shadow-soft">
        {[0, 160, 320].map((delay) => (
          <span
            key={delay}
            aria-hidden
            className="size-1.5 animate-bounce rounded-full bg-ink-soft/70"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
        <span className="sr-only">{t('chat.messages.typing')}</span>
      </div>
    </div>
  )
}

/**
 * The conversation, newest at the bottom: a short introduction of the salon, the messages with their
 * time, and the typing indicator while a reply is pending. Scrolls to the newest message.
 */
export function MessageList({
  messages,
  pending,
  salonName,
  address,
  telegramLink,
  welcomeText,
  onTap,
}: {
  messages: ChatMessage[]
  pending: boolean
  salonName: string | undefined
  address: string | undefined
  /** The salon's Telegram link, offered under the introduction when the platform has a bot. */
  telegramLink?: string | null | undefined
  /** The greeting in the language of the moment. */
  welcomeText: (message: ChatMessage) => string
  /** Sends a tapped answer as the customer's message; true when it left. */
  onTap: (says: string) => boolean
}) {
  const { t } = useTranslation()
  const scroller = useRef<HTMLDivElement>(null)
  const first = useRef(true)
  const newest = messages.at(-1)
  const last = newest?.id
  // Only the newest reply's answers: an older question has been answered or passed by.
  const tappable = !pending && newest?.role === 'assistant' ? suggestionsOf(newest.suggestions) : undefined

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message or the indicator is the trigger
  useEffect(() => {
    const element = scroller.current
    if (!element) return
    // At once on arrival (a restored conversation), smoothly afterwards unless motion is unwelcome.
    const smooth = !first.current && !window.matchMedia('(prefers-reduced-motion: reduce)').matches
    first.current = false
    element.scrollTo({ top: element.scrollHeight, behavior: smooth ? 'smooth' : 'auto' })
  }, [last, pending])

  return (
    <div ref={scroller} className="flex-1 overflow-y-auto overscroll-contain">
      <div className="mx-auto flex min-h-full max-w-[760px] flex-col px-3 pb-4 pt-6 sm:px-6">
        {/* No fade: the salon's card is the first paint's largest text, which a fade would hold back. */}
        {salonName !== undefined && (
          <div className="mb-6 flex flex-col items-center text-center">
            <SalonSeal name={salonName} className="size-14 text-2xl" />
            <p className="mt-3 font-display text-lg font-semibold">{salonName}</p>
            {address && <p className="text-sm text-ink-soft">{address}</p>}
            <p className="mt-3 max-w-sm text-xs leading-relaxed text-ink-soft">{t('chat.messages.intro')}</p>
            {telegramLink && (
              <a
                href={telegramLink}
                target="_blank"
                rel="noreferrer"
                className="mt-2 inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-xs font-semibold text-primary underline-offset-4 hover:underline"
              >
                <Send aria-hidden className="size-3.5" />
                {t('chat.messages.telegram')}
              </a>
            )}
          </div>
        )}
        <div role="log" aria-label={t('chat.messages.label')} className="mt-auto">
          <ol className="flex flex-col gap-3">
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                text={message.welcome ? welcomeText(message) : message.content}
              />
            ))}
          </ol>
          {/* Not an item of the list: the list holds the messages only. */}
          {tappable && <Suggestions suggestions={tappable} onTap={onTap} />}
          {pending && <TypingIndicator />}
        </div>
      </div>
    </div>
  )
}
