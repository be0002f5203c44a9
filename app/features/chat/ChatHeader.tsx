import { LANGUAGE_NAMES } from '@app/components/layout/LanguageSwitcher'
import { SalonSeal } from '@app/components/SalonSeal'
import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { cn } from '@app/lib/cn'
import { useLanguage } from '@app/lib/i18n'
import { LANGUAGES, type Language } from '@common/languages'
import { RotateCcw, Send, UserRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ChatMode } from './chat-api'

/**
 * The chat's header (spec §2): the salon's name, a green online dot with the customer's name and the
 * salon's address, the profile and new-conversation buttons, the mode badge and the language badges.
 */
export function ChatHeader({
  salonName,
  address,
  customerName,
  mode,
  telegramLink,
  onProfile,
  onReset,
  onLanguage,
}: {
  /** Undefined while the salon loads. */
  salonName: string | undefined
  address: string | undefined
  customerName: string | undefined
  mode: ChatMode
  /** The salon's Telegram link, when the platform has a bot: "continue on Telegram". */
  telegramLink?: string | null | undefined
  /** Absent when there is no profile yet: no Profil button then. */
  onProfile?: () => void
  onReset: () => void
  onLanguage: (language: Language) => void
}) {
  const { t } = useTranslation()
  const language = useLanguage()
  const status = [customerName, address || t('chat.header.online')].filter(Boolean).join(' · ')
  return (
    <header className="border-b border-line/80 bg-surface/95 backdrop-blur">
      <div className="flex items-center gap-3 px-3 pb-2 pt-3 sm:px-6 sm:pt-4">
        {salonName === undefined ? (
          <div role="status" className="flex min-w-0 flex-1 items-center gap-3">
            <span aria-hidden className="size-11 shrink-0 animate-pulse rounded-full bg-sand-deep/70" />
            <span aria-hidden className="flex flex-1 flex-col gap-2">
              <span className="h-4 w-36 animate-pulse rounded-full bg-sand-deep/70" />
              <span className="h-3 w-48 max-w-full animate-pulse rounded-full bg-sand" />
            </span>
            <span className="sr-only">{t('common.loading')}</span>
          </div>
        ) : (
          <>
            <SalonSeal name={salonName} className="size-11 text-xl" />
            <div className="min-w-0 flex-1">
              <h1 className="truncate font-display text-lg font-semibold leading-tight tracking-tight sm:text-xl">
                {salonName}
              </h1>
              {/* On two lines if need be, cut between words: a phone leaves the address little room. */}
              <p className="mt-0.5 flex min-w-0 items-start gap-2 text-[0.8rem] leading-snug text-ink-soft">
                <span className="mt-1.5 inline-flex size-2 shrink-0 rounded-full bg-success ring-3 ring-success/15">
                  {address && <span className="sr-only">{t('chat.header.online')}, </span>}
                </span>
                <span className="line-clamp-2 min-w-0 break-words">{status}</span>
              </p>
            </div>
          </>
        )}
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-1">
          {onProfile && (
            <Button variant="ghost" size="sm" className="h-10 px-2.5 sm:px-3" onClick={onProfile}>
              <UserRound aria-hidden className="size-4" />
              {t('chat.header.profile')}
            </Button>
          )}
          <Button variant="ghost" size="sm" className="h-10 px-2.5 sm:px-3" onClick={onReset}>
            <RotateCcw aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">{t('chat.header.reset')}</span>
          </Button>
        </div>
      </div>
      <div className="flex items-center justify-between gap-2 px-3 pb-2.5 sm:px-6 sm:pb-3">
        <div className="flex min-w-0 items-center gap-2">
          {mode === 'mcp' && (
            <Badge tone="primary" className="shrink-0 whitespace-nowrap uppercase tracking-wider">
              {t('chat.header.mcpMode')}
            </Badge>
          )}
          {telegramLink && (
            <a
              href={telegramLink}
              target="_blank"
              rel="noreferrer"
              title={t('chat.header.telegram')}
              className="inline-flex h-9 min-w-9 items-center justify-center gap-1.5 rounded-lg px-1.5 text-xs font-semibold text-primary underline-offset-4 hover:underline"
            >
              <Send aria-hidden className="size-4 sm:size-3.5" />
              {/* The plane alone on a phone, where the language buttons need the row. */}
              <span className="sr-only sm:not-sr-only">{t('chat.header.telegram')}</span>
            </a>
          )}
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset */}
        <div role="group" aria-label={t('chat.header.language')} className="flex rounded-xl bg-sand p-0.5">
          {LANGUAGES.map((code) => (
            <button
              key={code}
              type="button"
              lang={code}
              aria-pressed={code === language}
              onClick={() => onLanguage(code)}
              className={cn(
                'inline-flex h-9 min-w-10 cursor-pointer items-center justify-center rounded-[0.6rem] px-2 text-xs font-semibold tracking-wider transition-colors',
                code === language ? 'bg-surface text-primary-hover shadow-soft' : 'text-ink-soft hover:text-ink',
              )}
            >
              {code.toUpperCase()}
              <span className="sr-only"> – {LANGUAGE_NAMES[code]}</span>
            </button>
          ))}
        </div>
      </div>
    </header>
  )
}
