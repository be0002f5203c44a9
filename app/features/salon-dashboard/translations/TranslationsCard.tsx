import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { LANGUAGES, languageOfCountry } from '@common/languages'
import { ChevronDown, Languages } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSalon } from '../dashboard-api'
import { LoadError, Skeleton } from '../overview/states'
import { useOwnerServices } from '../services/services-api'
import { missingIn } from './translation-texts'

// The editor's code comes when the owner opens it: the overview stays as light as before.
const TranslationsEditor = lazy(async () => ({ default: (await import('./TranslationsEditor')).TranslationsEditor }))

/**
 * The Services area's translations (issue 39, point 7): what customers of the other three
 * languages read — each service's name and description, and the practical information — with how
 * much is left to translate; the editor opens in place.
 */
export function TranslationsCard({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const services = useOwnerServices(salonId)
  const salon = useSalon(salonId)
  const [open, setOpen] = useState(false)
  const editorId = useId()
  const ready = services.data && salon.data
  const salonLanguage = languageOfCountry(salon.data?.country ?? 'FR')
  const others = LANGUAGES.filter((language) => language !== salonLanguage)

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Languages aria-hidden className="size-5 text-primary" />
            {t('translationsEditor.title')}
          </CardTitle>
          <CardDescription>{t('translationsEditor.description')}</CardDescription>
          {ready && (
            <ul className="mt-1 flex flex-wrap gap-2" aria-label={t('translationsEditor.summaryLabel')}>
              {others.map((language) => {
                const missing = missingIn(services.data, salon.data, language)
                return (
                  <li key={language}>
                    <Badge tone={missing > 0 ? 'warning' : 'success'}>
                      <span className="capitalize">{t(`dashboard.services.languageNames.${language}`)}</span>
                      {' · '}
                      {missing === 0
                        ? t('translationsEditor.complete')
                        : missing === 1
                          ? t('translationsEditor.missingOne')
                          : t('translationsEditor.missingMany', { count: missing })}
                    </Badge>
                  </li>
                )
              })}
            </ul>
          )}
        </div>
        <Button
          variant={open ? 'outline' : 'primary'}
          size="sm"
          className="shrink-0 self-start"
          aria-expanded={open}
          aria-controls={editorId}
          onClick={() => setOpen((current) => !current)}
        >
          <ChevronDown aria-hidden className={open ? 'size-4 rotate-180 transition-transform' : 'size-4'} />
          {open ? t('translationsEditor.close') : t('translationsEditor.open')}
        </Button>
      </CardHeader>
      <CardContent id={editorId} hidden={!open}>
        {open &&
          (services.isError || salon.isError ? (
            <LoadError
              message={t('translationsEditor.loadFailed')}
              onRetry={() => {
                void services.refetch()
                void salon.refetch()
              }}
            />
          ) : ready ? (
            <Suspense fallback={<EditorLoading />}>
              <TranslationsEditor salon={salon.data} services={services.data} />
            </Suspense>
          ) : (
            <EditorLoading />
          ))}
      </CardContent>
    </Card>
  )
}

function EditorLoading() {
  const { t } = useTranslation()
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{t('dashboard.loading')}</span>
      <Skeleton className="h-10 w-72 max-w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  )
}
