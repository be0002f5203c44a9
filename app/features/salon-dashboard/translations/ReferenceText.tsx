import type { Language } from '@common/languages'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The salon's own text that a translation renders, read-only: the reference the owner translates
 * from, in the salon's language.
 */
export function ReferenceText({ language, children }: { language: Language; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="min-w-0 self-start break-words rounded-xl bg-sand/60 p-3.5 text-sm text-ink">
      <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-ink-soft">
        {t('translationsEditor.reference', { language: t(`dashboard.services.languageNames.${language}`) })}
      </p>
      {children}
    </div>
  )
}
