import { Tabs, TabsContent, TabsList, TabsTrigger } from '@app/components/ui/Tabs'
import { LANGUAGES, type Language, languageOfCountry } from '@common/languages'
import type { OwnerService } from '@common/schemas/catalog'
import type { Salon } from '@common/schemas/salon'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PracticalInfoTranslation } from './PracticalInfoTranslation'
import { ServiceTranslation } from './ServiceTranslation'
import { changesOf, type Draft, missingIn } from './translation-texts'

/** What the owner typed and has not saved: per service and language, and the practical information per language. */
interface Drafts {
  services: Record<string, Partial<Record<Language, Draft>>>
  practical: Partial<Record<Language, string>>
}

/**
 * The translations editor: one language at a time (the three the salon does not write in), every
 * service's name and description, then the practical information, each beside the salon's own
 * text. What is typed stays while the owner looks at another language, until saved.
 */
export function TranslationsEditor({ salon, services }: { salon: Salon; services: OwnerService[] }) {
  const { t } = useTranslation()
  const salonLanguage = languageOfCountry(salon.country)
  const languages = LANGUAGES.filter((language) => language !== salonLanguage)
  const [language, setLanguage] = useState<Language>(languages[0] as Language)
  const [drafts, setDrafts] = useState<Drafts>({ services: {}, practical: {} })

  const setServiceDraft = (serviceId: string, of: Language, draft: Draft | undefined) =>
    setDrafts((current) => ({
      ...current,
      services: { ...current.services, [serviceId]: { ...current.services[serviceId], [of]: draft } },
    }))
  const setPracticalDraft = (of: Language, draft: string | undefined) =>
    setDrafts((current) => ({ ...current, practical: { ...current.practical, [of]: draft } }))

  /** Whether anything typed in `of` is not saved yet: its tab says so. */
  const unsavedIn = (of: Language) =>
    services.some((s) => changesOf(s, of, drafts.services[s.id]?.[of]) !== null) ||
    (drafts.practical[of] ?? salon.practicalInfoTranslations[of] ?? '').trim() !==
      (salon.practicalInfoTranslations[of] ?? '')

  return (
    <Tabs value={language} onValueChange={(value) => setLanguage(value as Language)}>
      <TabsList
        aria-label={t('translationsEditor.languagesLabel')}
        className="grid w-full grid-cols-3 sm:inline-grid sm:w-auto"
      >
        {languages.map((of) => (
          <LanguageTab key={of} language={of} missing={missingIn(services, salon, of)} unsaved={unsavedIn(of)} />
        ))}
      </TabsList>
      {languages.map((of) => (
        <TabsContent key={of} value={of} className="flex flex-col gap-4">
          {services.length === 0 ? (
            <p className="text-sm text-ink-soft">{t('translationsEditor.noServices')}</p>
          ) : (
            services.map((service) => (
              <ServiceTranslation
                key={service.id}
                salonId={salon.salonId}
                service={service}
                language={of}
                salonLanguage={salonLanguage}
                draft={drafts.services[service.id]?.[of]}
                onDraft={(draft) => setServiceDraft(service.id, of, draft)}
              />
            ))
          )}
          <PracticalInfoTranslation
            salon={salon}
            language={of}
            salonLanguage={salonLanguage}
            draft={drafts.practical[of]}
            onDraft={(draft) => setPracticalDraft(of, draft)}
          />
        </TabsContent>
      ))}
    </Tabs>
  )
}

/** A language's tab: its name, how many texts its customers do not read in it yet, and a dot while some are unsaved. */
function LanguageTab({ language, missing, unsaved }: { language: Language; missing: number; unsaved: boolean }) {
  const { t } = useTranslation()
  return (
    <TabsTrigger value={language} className="justify-center gap-1.5 px-2 sm:px-4">
      <span className="capitalize">{t(`dashboard.services.languageNames.${language}`)}</span>
      {missing > 0 && (
        <span className="rounded-full bg-warning-soft px-1.5 text-xs font-semibold tabular-nums text-warning">
          <span aria-hidden>{missing}</span>
          <span className="sr-only">
            {missing === 1
              ? t('translationsEditor.missingOne')
              : t('translationsEditor.missingMany', { count: missing })}
          </span>
        </span>
      )}
      {unsaved && (
        <span className="size-2 rounded-full bg-primary">
          <span className="sr-only">{t('translationsEditor.unsaved')}</span>
        </span>
      )}
    </TabsTrigger>
  )
}
