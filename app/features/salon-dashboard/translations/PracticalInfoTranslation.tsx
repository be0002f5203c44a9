import { Field, Textarea } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { ApiError } from '@app/lib/api'
import type { Language } from '@common/languages'
import { PRACTICAL_INFO_MAX_LENGTH } from '@common/public-phone'
import type { Salon } from '@common/schemas/salon'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ReferenceText } from './ReferenceText'
import { SaveRow } from './ServiceTranslation'
import { useSavePracticalInfo } from './translations-api'

/**
 * The salon's practical information (payment, parking, access) in one language, beside the salon's
 * own text. Without one, the assistant quotes the salon's words and says they are the salon's.
 */
export function PracticalInfoTranslation({
  salon,
  language,
  salonLanguage,
  draft,
  onDraft,
}: {
  salon: Salon
  language: Language
  salonLanguage: Language
  draft: string | undefined
  onDraft: (draft: string | undefined) => void
}) {
  const { t } = useTranslation()
  const save = useSavePracticalInfo(salon.salonId)
  const [refused, setRefused] = useState<string>()
  const [savedNow, setSavedNow] = useState(false)
  const headingId = useId()
  const fieldId = `translation-practical-${language}`
  const saved = salon.practicalInfoTranslations[language] ?? ''
  const text = draft ?? saved
  const changed = text.trim() !== saved
  const languageName = t(`dashboard.services.languageNames.${language}`)
  const tooLong =
    text.trim().length > PRACTICAL_INFO_MAX_LENGTH
      ? t('translationsEditor.tooLong', { max: PRACTICAL_INFO_MAX_LENGTH })
      : undefined

  const submit = () => {
    if (tooLong) {
      document.getElementById(fieldId)?.focus()
      return
    }
    if (!changed) return
    save.mutate(
      { language, text: text.trim() || null },
      {
        onSuccess: () => {
          onDraft(undefined)
          setSavedNow(true)
          toast({
            title: t('translationsEditor.savedToast'),
            description: t('translationsEditor.practical.savedText', { language: languageName }),
            tone: 'success',
          })
        },
        onError: (error) => {
          setRefused(error instanceof ApiError ? error.body?.issues?.[0]?.message : undefined)
          toast({
            title: t('translationsEditor.saveError'),
            description: t('translationsEditor.saveErrorText'),
            tone: 'destructive',
          })
        },
      },
    )
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line/80 p-4 sm:p-5">
      <h4 id={headingId} className="mb-3 font-semibold text-ink">
        {t('translationsEditor.practical.title')}
      </h4>
      {salon.practicalInfo ? (
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ReferenceText language={salonLanguage}>
            <p lang={salonLanguage} className="whitespace-pre-line">
              {salon.practicalInfo}
            </p>
          </ReferenceText>
          <form
            className="flex min-w-0 flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              submit()
            }}
          >
            <Field
              id={fieldId}
              label={t('translationsEditor.practical.label', { language: languageName })}
              hint={t('translationsEditor.practical.hint')}
              error={tooLong ?? refused}
            >
              {(control) => (
                <Textarea
                  {...control}
                  lang={language}
                  rows={4}
                  className="min-h-28 resize-y field-sizing-content"
                  value={text}
                  maxLength={PRACTICAL_INFO_MAX_LENGTH}
                  onChange={(event) => {
                    setRefused(undefined)
                    setSavedNow(false)
                    onDraft(event.target.value)
                  }}
                />
              )}
            </Field>
            <SaveRow
              pending={save.isPending}
              changed={changed}
              savedNow={savedNow}
              label={t('translationsEditor.practical.save', { language: languageName })}
            />
          </form>
        </div>
      ) : (
        <p className="text-sm text-ink-soft">{t('translationsEditor.practical.none')}</p>
      )}
    </section>
  )
}
