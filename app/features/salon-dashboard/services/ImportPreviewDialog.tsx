import { Badge } from '@app/components/ui/Badge'
import { DialogForm, FormDialog } from '@app/components/ui/FormDialog'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import type { ImportLineError, ImportPreviewService, ServicesImportPreview } from '@common/schemas/catalog'
import { TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '../dashboard-api'
import { ignoredLinesTitle, importLineReason } from './import-errors'

export interface ImportPreviewDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  fileName: string
  preview: ServicesImportPreview
  /** The import runs: the confirm button spins, nothing can be sent twice. */
  pending: boolean
  /** Why the confirmation did not go through, or that the preview was read again. */
  error?: ReactNode
  onConfirm: () => void
}

/**
 * What a CSV file would do, before anything is saved: each service read — new or updating one of
 * the salon's, its length and its price in the salon's currency, what it changes — and the lines
 * left out with their reasons. Only the confirmation imports.
 */
export function ImportPreviewDialog({
  open,
  onOpenChange,
  fileName,
  preview,
  pending,
  error,
  onConfirm,
}: ImportPreviewDialogProps) {
  const { t } = useTranslation()
  const count = preview.services.length
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      width="wide"
      title={t('services.importPreview.title')}
      description={t('services.importPreview.description', { file: fileName })}
    >
      <DialogForm
        onSubmit={onConfirm}
        submitLabel={
          count === 1 ? t('services.importPreview.confirmOne') : t('services.importPreview.confirmMany', { count })
        }
        pendingLabel={t('dashboard.services.importing')}
        pending={pending}
        submitDisabled={count === 0}
        error={error}
        className="flex flex-col gap-4 pb-5"
      >
        {count > 0 ? (
          <>
            <p className="text-sm font-medium">
              {t('services.importPreview.summary', { created: preview.created, updated: preview.updated })}
            </p>
            <ul
              aria-label={t('services.importPreview.listLabel')}
              className="flex flex-col divide-y divide-line/70 rounded-2xl border border-line/70"
            >
              {preview.services.map((service) => (
                <PreviewRow key={service.line} service={service} currency={preview.currency} />
              ))}
            </ul>
          </>
        ) : (
          <p className="rounded-xl bg-sand/60 p-3 text-sm">{t('services.importPreview.nothing')}</p>
        )}
        {preview.errors.length > 0 && (
          <section className="rounded-2xl border border-warning/25 bg-warning-soft/70 p-4">
            <h3 className="flex items-center gap-2 font-semibold">
              <TriangleAlert aria-hidden className="size-5 shrink-0 text-warning" />
              {ignoredLinesTitle(t, preview.errors.length)}
            </h3>
            <IgnoredLines errors={preview.errors} />
          </section>
        )}
      </DialogForm>
    </FormDialog>
  )
}

/** The lines of a file left out, each with its number and its reason in the interface language. */
export function IgnoredLines({ errors }: { errors: ImportLineError[] }) {
  const { t } = useTranslation()
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm leading-relaxed">
      {errors.map((entry) => (
        <li key={`${entry.line}-${entry.code}`} className="break-words">
          <span className="font-medium">{t('dashboard.services.line', { line: entry.line })}</span>{' '}
          {importLineReason(t, entry)}
        </li>
      ))}
    </ul>
  )
}

/** One service read: its name and whether it is new, its line and length, its price (the earlier one struck out). */
function PreviewRow({ service, currency }: { service: ImportPreviewService; currency: string }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const { before } = service
  const minutes = (value: number) => t('dashboard.services.duration', { minutes: value })
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 px-4 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={cn('font-medium break-words', !service.isActive && 'text-ink-soft')}>{service.name}</span>
          <Badge tone={service.action === 'create' ? 'success' : 'info'}>
            {service.action === 'create' ? t('services.importPreview.new') : t('services.importPreview.update')}
          </Badge>
          {!service.isActive && <Badge>{t('dashboard.services.inactive')}</Badge>}
        </p>
        {before && before.name !== service.name && (
          <p className="mt-0.5 text-xs break-words text-ink-soft">
            {t('services.importPreview.renamed', { name: before.name })}
          </p>
        )}
        <p className="mt-0.5 text-xs text-ink-soft">
          {t('services.importPreview.line', { line: service.line })} ·{' '}
          <Changed before={before && before.duration !== service.duration ? minutes(before.duration) : null}>
            {minutes(service.duration)}
          </Changed>
        </p>
      </div>
      <p className="flex flex-col items-end text-right tabular-nums">
        <span className="font-semibold whitespace-nowrap">{formatPrice(service.price, currency, language)}</span>
        {before && before.price !== service.price && (
          <span className="text-xs whitespace-nowrap text-ink-soft">
            <span className="sr-only">{t('services.importPreview.before')} </span>
            <del>{formatPrice(before.price, currency, language)}</del>
          </span>
        )}
      </p>
    </li>
  )
}

/** A value, after the one it replaces struck out when it changes. */
function Changed({ before, children }: { before: string | null; children: ReactNode }) {
  const { t } = useTranslation()
  if (before === null) return <>{children}</>
  return (
    <>
      <span className="sr-only">{t('services.importPreview.before')} </span>
      <del>{before}</del>
      <span aria-hidden> → </span>
      {children}
    </>
  )
}
