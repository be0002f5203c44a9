import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Field, Input, Textarea } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { ApiError } from '@app/lib/api'
import type { Language } from '@common/languages'
import { type OwnerService, SERVICE_DESCRIPTION_MAX, SERVICE_NAME_MAX } from '@common/schemas/catalog'
import { Check, Sparkles } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ReferenceText } from './ReferenceText'
import { changesOf, type Draft, namedIn, savedTexts } from './translation-texts'
import { useSaveServiceTexts } from './translations-api'

type FieldName = 'name' | 'description'

export interface ServiceTranslationProps {
  salonId: string
  service: OwnerService
  language: Language
  salonLanguage: Language
  draft: Draft | undefined
  onDraft: (draft: Draft | undefined) => void
}

/**
 * One service in one language: the salon's own name and description as the reference, the owner's
 * name (the glossary's as a suggestion, taken in one tap) and description beside it, saved together.
 */
export function ServiceTranslation({
  salonId,
  service,
  language,
  salonLanguage,
  draft,
  onDraft,
}: ServiceTranslationProps) {
  const { t } = useTranslation()
  const save = useSaveServiceTexts(salonId)
  const [refused, setRefused] = useState<Partial<Record<FieldName, string>>>({})
  const [savedNow, setSavedNow] = useState(false)
  const headingId = useId()
  const idOf = (field: FieldName) => `translation-${service.id}-${language}-${field}`
  const saved = savedTexts(service, language)
  const name = draft?.name ?? saved.name
  const description = draft?.description ?? saved.description
  const suggestion = service.suggestedTranslations[language]
  const changes = changesOf(service, language, draft)
  const languageName = t(`dashboard.services.languageNames.${language}`)

  const edit = (field: FieldName, value: string) => {
    setRefused((current) => ({ ...current, [field]: undefined }))
    setSavedNow(false)
    onDraft({ ...draft, [field]: value })
  }

  const tooLong = (field: FieldName, max: number) =>
    (field === 'name' ? name : description).trim().length > max ? t('translationsEditor.tooLong', { max }) : undefined
  const problems = {
    name: tooLong('name', SERVICE_NAME_MAX),
    description: tooLong('description', SERVICE_DESCRIPTION_MAX),
  }

  const submit = () => {
    const first = (['name', 'description'] as const).find((field) => problems[field])
    if (first) {
      document.getElementById(idOf(first))?.focus()
      return
    }
    if (!changes) return
    save.mutate(
      { serviceId: service.id, language, texts: changes },
      {
        onSuccess: () => {
          onDraft(undefined)
          setSavedNow(true)
          toast({
            title: t('translationsEditor.savedToast'),
            description: t('translationsEditor.savedToastText', { name: service.name, language: languageName }),
            tone: 'success',
          })
        },
        onError: (error) => {
          // The server's word on a field goes under it; anything else in the toast.
          const byField: Partial<Record<FieldName, string>> = {}
          for (const issue of error instanceof ApiError ? (error.body?.issues ?? []) : []) {
            const field = issue.path.includes('descriptionTranslations') ? 'description' : 'name'
            byField[field] ??= issue.message
          }
          setRefused(byField)
          toast({
            title: t('translationsEditor.saveError'),
            description:
              error instanceof ApiError && error.status === 404
                ? t('translationsEditor.serviceGone')
                : t('translationsEditor.saveErrorText'),
            tone: 'destructive',
          })
        },
      },
    )
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line/80 p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="min-w-0 break-words font-semibold text-ink">
          {service.name}
        </h4>
        {!service.isActive && <Badge>{t('translationsEditor.inactive')}</Badge>}
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ReferenceText language={salonLanguage}>
          <p lang={service.nameLanguage} className="font-medium">
            {service.name}
          </p>
          {service.description ? (
            <p lang={salonLanguage} className="mt-1 whitespace-pre-line">
              {service.description}
            </p>
          ) : (
            <p className="mt-1 italic text-ink-soft">{t('translationsEditor.noDescription')}</p>
          )}
        </ReferenceText>
        <form
          className="flex min-w-0 flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          {namedIn(service, language) ? (
            <p className="text-sm text-ink-soft">{t('translationsEditor.ownName', { language: languageName })}</p>
          ) : (
            <Field
              id={idOf('name')}
              label={t('translationsEditor.nameLabel', { language: languageName })}
              error={problems.name ?? refused.name}
              hint={
                name.trim()
                  ? suggestion
                    ? t('translationsEditor.nameHintOwner')
                    : undefined
                  : suggestion
                    ? t('translationsEditor.nameHintGlossary')
                    : t('translationsEditor.nameHintNone', { name: service.name })
              }
            >
              {(control) => (
                <div className="flex flex-col gap-2">
                  <Input
                    {...control}
                    lang={language}
                    value={name}
                    placeholder={suggestion ?? ''}
                    maxLength={SERVICE_NAME_MAX}
                    autoComplete="off"
                    onChange={(event) => edit('name', event.target.value)}
                  />
                  {suggestion && name.trim() !== suggestion && (
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                      <span className="inline-flex min-w-0 items-center gap-1.5 text-ink-soft">
                        <Sparkles aria-hidden className="size-3.5 shrink-0 text-primary" />
                        <span className="break-words">
                          {t('translationsEditor.suggestion')}{' '}
                          <span lang={language} className="font-medium text-ink">
                            {suggestion}
                          </span>
                        </span>
                      </span>
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        className="h-8"
                        aria-label={t('translationsEditor.useSuggestionLabel', { name: suggestion })}
                        onClick={() => {
                          edit('name', suggestion)
                          document.getElementById(idOf('name'))?.focus()
                        }}
                      >
                        {t('translationsEditor.useSuggestion')}
                      </Button>
                    </div>
                  )}
                </div>
              )}
            </Field>
          )}
          <Field
            id={idOf('description')}
            label={t('translationsEditor.descriptionLabel', { language: languageName })}
            hint={t('translationsEditor.descriptionHint')}
            error={problems.description ?? refused.description}
          >
            {(control) => (
              <Textarea
                {...control}
                lang={language}
                rows={2}
                className="min-h-20 resize-y field-sizing-content"
                value={description}
                maxLength={SERVICE_DESCRIPTION_MAX}
                onChange={(event) => edit('description', event.target.value)}
              />
            )}
          </Field>
          <SaveRow
            pending={save.isPending}
            changed={changes !== null}
            savedNow={savedNow}
            label={t('translationsEditor.saveService', { name: service.name })}
          />
        </form>
      </div>
    </section>
  )
}

/** The save button and what is saved or not: unsaved changes are said, a save is acknowledged. */
export function SaveRow({
  pending,
  changed,
  savedNow,
  label,
}: {
  pending: boolean
  changed: boolean
  savedNow: boolean
  /** What the button saves, for screen readers ("Enregistrer « Coupe femme »"). */
  label: string
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      <p aria-live="polite" className="text-sm text-ink-soft">
        {changed ? (
          t('translationsEditor.unsaved')
        ) : savedNow ? (
          <span className="inline-flex items-center gap-1 text-success">
            <Check aria-hidden className="size-4" />
            {t('translationsEditor.saved')}
          </span>
        ) : null}
      </p>
      <Button type="submit" size="sm" loading={pending} disabled={!changed} aria-label={label}>
        {pending ? t('translationsEditor.saving') : t('translationsEditor.save')}
      </Button>
    </div>
  )
}
