import { cn } from '@app/lib/cn'
import { changeLanguage, useLanguage } from '@app/lib/i18n'
import { LANGUAGES, type Language } from '@common/languages'
import { Check, ChevronDown } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Flag } from '../Flag'

/** The flag shown for each interface language. */
export const LANGUAGE_FLAGS: Record<Language, string> = { fr: 'FR', de: 'DE', it: 'IT', en: 'GB' }

/** Each language named in itself, so a visitor finds theirs whatever the page's language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  en: 'English',
}

/**
 * The language menu of the navigation bar: a disclosure button and a short list, closed by Escape,
 * a click elsewhere or a choice. Built without a positioning library, since it is on every page and
 * always opens under its button.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const language = useLanguage()

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    root.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus()
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div ref={root} className={cn('relative', className)} lang={i18n.language}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('nav.language', { language: LANGUAGE_NAMES[language] })}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-xl px-2.5 text-sm font-medium text-ink transition-colors hover:bg-sand"
      >
        <Flag country={LANGUAGE_FLAGS[language]} />
        <span className="uppercase">{language}</span>
        <ChevronDown aria-hidden className={cn('size-4 text-ink-soft transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <ul
          id={menuId}
          aria-label={t('nav.chooseLanguage')}
          className="absolute right-0 top-full z-50 mt-1.5 flex w-52 animate-pop-in flex-col rounded-2xl border border-line bg-surface p-2 shadow-lifted"
        >
          {LANGUAGES.map((code) => (
            <li key={code}>
              <button
                type="button"
                lang={code}
                aria-current={code === language ? 'true' : undefined}
                onClick={async () => {
                  setOpen(false)
                  button.current?.focus()
                  await changeLanguage(code)
                }}
                className="flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm transition-colors hover:bg-sand focus-visible:bg-sand"
              >
                <Flag country={LANGUAGE_FLAGS[code]} />
                <span className="flex-1">{LANGUAGE_NAMES[code]}</span>
                {code === language && <Check aria-label={t('nav.currentLanguage')} className="size-4 text-primary" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
