import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { toast } from '@app/components/ui/toast-store'
import { ApiError } from '@app/lib/api'
import { currentLanguage } from '@app/lib/i18n'
import { languageOfCountry } from '@common/languages'
import { currencyDecimals } from '@common/money'
import {
  type ImportLineError,
  type OwnerService,
  SERVICES_CSV_COLUMNS,
  type ServicesImportPreview,
} from '@common/schemas/catalog'
import { Download, Plus, Scissors, TriangleAlert, Upload, X } from 'lucide-react'
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPrice, useSalon } from '../dashboard-api'
import { IgnoredLines, ImportPreviewDialog } from '../services/ImportPreviewDialog'
import { ignoredLinesTitle, importFileRefusal } from '../services/import-errors'
import { ServiceDialog } from '../services/ServiceDialog'
import { ServiceList } from '../services/ServiceList'
import { useOwnerServices } from '../services/services-api'
import { isCsvFileName, useServicesExport, useServicesImport, useServicesImportPreview } from './services-csv'
import { LoadError, Skeleton } from './states'

/** A file read and previewed, waiting for the owner's confirmation: the same text is sent to import. */
interface PendingImport {
  fileName: string
  csvData: string
  preview: ServicesImportPreview
}

/** The salon's services: added, edited, reordered and switched off here, or by CSV (spec §2, §5, §8). */
export function ServicesCard({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const services = useOwnerServices(salonId)
  const salon = useSalon(salonId)
  /** The dialog open: a new service (no service) or the one being edited. */
  const [dialog, setDialog] = useState<{ open: boolean; service?: OwnerService }>({ open: false })
  const exportCsv = useServicesExport(salonId)
  const previewCsv = useServicesImportPreview(salonId)
  const importCsv = useServicesImport(salonId)
  const fileInput = useRef<HTMLInputElement>(null)
  const [ignored, setIgnored] = useState<ImportLineError[]>([])
  /** The preview on screen (kept while its dialog closes, so it does not empty on the way out). */
  const [pending, setPending] = useState<PendingImport | null>(null)
  const [previewOpen, setPreviewOpen] = useState(false)
  const [confirmError, setConfirmError] = useState<ReactNode>(null)
  const hintId = useId()
  const list = services.data ?? []
  const currency = salon.data?.currency ?? list[0]?.currency ?? 'EUR'
  const salonLanguage = languageOfCountry(salon.data?.country ?? 'FR')

  const onExport = () =>
    exportCsv.mutate(undefined, {
      onSuccess: (fileName) =>
        toast({ title: t('dashboard.services.exportSuccess'), description: fileName, tone: 'success' }),
      onError: () =>
        toast({
          title: t('dashboard.services.exportError'),
          description: t('dashboard.services.exportErrorText'),
          tone: 'destructive',
        }),
    })

  const refused = (error: unknown) =>
    toast({
      title: t('dashboard.services.importError'),
      // By its code, in the interface language (never the server's English message).
      description: importFileRefusal(t, error),
      tone: 'destructive',
    })

  /** Step one: the server reads the file and says what importing it would do; nothing is saved. */
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target
    const file = input.files?.[0]
    // Emptied at once, so choosing the same file again (after fixing it) fires a change.
    input.value = ''
    if (!file) return
    if (!isCsvFileName(file.name)) {
      toast({
        title: t('dashboard.services.invalidFormat'),
        description: t('dashboard.services.invalidFormatText'),
        tone: 'destructive',
      })
      return
    }
    setIgnored([])
    const csvData = await file.text()
    previewCsv.mutate(csvData, {
      onSuccess: (preview) => {
        setPending({ fileName: file.name, csvData, preview })
        setConfirmError(null)
        setPreviewOpen(true)
      },
      onError: refused,
    })
  }

  /** Step two: the same text again, with the preview's token, so that what is saved is what was shown. */
  const onConfirm = () => {
    if (!pending) return
    const { csvData, preview } = pending
    setConfirmError(null)
    importCsv.mutate(
      { csvData, previewToken: preview.previewToken },
      {
        onSuccess: (result) => {
          setPreviewOpen(false)
          setIgnored(result.errors)
          toast({
            title: t('dashboard.services.importSuccess'),
            description: t('dashboard.services.importSummary', { created: result.created, updated: result.updated }),
            tone: 'success',
          })
        },
        onError: (error) => {
          if (!(error instanceof ApiError && error.code === 'catalog.csv_preview_stale')) {
            setConfirmError(importFileRefusal(t, error))
            return
          }
          // The services changed meanwhile: the file is read again, and the owner checks it again.
          previewCsv.mutate(csvData, {
            onSuccess: (fresh) => {
              setPending((current) => current && { ...current, preview: fresh })
              setConfirmError(t('services.importFile.stale'))
            },
            onError: (again) => {
              setPreviewOpen(false)
              refused(again)
            },
          })
        },
      },
    )
  }

  const importBusy = previewCsv.isPending || importCsv.isPending
  const decimals = currencyDecimals(currency)
  const priceExample = formatPrice(4500, currency, currentLanguage())

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            {t('dashboard.services.title')}
            {services.isSuccess && <Badge>{list.length}</Badge>}
          </CardTitle>
          <CardDescription>{t('dashboard.services.description')}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDialog({ open: true })}>
            <Plus aria-hidden className="size-4" />
            {t('services.add')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onExport}
            loading={exportCsv.isPending}
            disabled={list.length === 0}
          >
            {!exportCsv.isPending && <Download aria-hidden className="size-4" />}
            {t('dashboard.services.export')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => fileInput.current?.click()}
            loading={importBusy}
            aria-describedby={hintId}
          >
            {!importBusy && <Upload aria-hidden className="size-4" />}
            {previewCsv.isPending
              ? t('services.importPreview.reading')
              : importCsv.isPending
                ? t('dashboard.services.importing')
                : t('dashboard.services.import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="hidden"
            data-testid="services-csv-input"
            aria-label={t('dashboard.services.import')}
            onChange={(event) => void onFile(event)}
          />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p id={hintId} className="text-xs leading-relaxed text-ink-soft">
          {decimals === 0
            ? t('services.csvHintWhole', { currency, example: priceExample })
            : t('services.csvHint', { example: priceExample })}{' '}
          <code className="font-mono">{SERVICES_CSV_COLUMNS.join(',')}</code>
        </p>
        {ignored.length > 0 && (
          <div role="alert" className="rounded-2xl border border-warning/25 bg-warning-soft/70 p-4">
            <div className="flex items-start gap-3">
              <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{ignoredLinesTitle(t, ignored.length)}</p>
                <IgnoredLines errors={ignored} />
              </div>
              <button
                type="button"
                onClick={() => setIgnored([])}
                aria-label={t('dashboard.close')}
                className="inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full text-ink-soft hover:bg-warning-soft hover:text-ink"
              >
                <X aria-hidden className="size-4" />
              </button>
            </div>
          </div>
        )}
        {services.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('dashboard.loading')}</span>
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-4 rounded-xl border border-line/60 p-4">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="ml-auto h-4 w-20" />
              </div>
            ))}
          </div>
        ) : services.isError ? (
          <LoadError message={t('dashboard.services.loadFailed')} onRetry={() => void services.refetch()} />
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-10 text-center">
            <Scissors aria-hidden className="size-6 text-ink-soft" />
            <p className="font-medium">{t('dashboard.services.empty')}</p>
            <p className="max-w-sm text-sm text-ink-soft">{t('services.emptyHint')}</p>
          </div>
        ) : (
          <ServiceList salonId={salonId} services={list} onEdit={(service) => setDialog({ open: true, service })} />
        )}
      </CardContent>
      <ServiceDialog
        open={dialog.open}
        // The service stays while the dialog closes, so its title does not change on the way out.
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        salonId={salonId}
        currency={currency}
        salonLanguage={salonLanguage}
        service={dialog.service}
      />
      {pending && (
        <ImportPreviewDialog
          open={previewOpen}
          onOpenChange={setPreviewOpen}
          fileName={pending.fileName}
          preview={pending.preview}
          pending={importBusy}
          error={confirmError}
          onConfirm={onConfirm}
        />
      )}
    </Card>
  )
}
