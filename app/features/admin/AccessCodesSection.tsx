import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { LoadError, Skeleton } from '@app/features/salon-dashboard/overview/states'
import { currentLanguage } from '@app/lib/i18n'
import type { AccessCode } from '@common/schemas/admin'
import { Ban, KeyRound, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CreateAccessCodeDialog, RevokeAccessCodeDialog } from './AccessCodeDialogs'
import { useAccessCodes } from './admin-api'
import { formatCount, formatDay } from './admin-format'
import { SectionHeader } from './SectionHeader'

/** The ambassadors' access codes: never the codes themselves, only their last characters. */
export function AccessCodesSection() {
  const { t } = useTranslation()
  const codes = useAccessCodes()
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<AccessCode>()
  return (
    <Card>
      <SectionHeader
        id="admin-codes-title"
        title={t('admin.accessCodes.title')}
        count={codes.data?.length}
        description={t('admin.accessCodes.description')}
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            {t('admin.accessCodes.new')}
          </Button>
        }
      />
      <div className="px-5 pb-5 pt-3 sm:px-6 sm:pb-6">
        {codes.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('admin.loading')}</span>
            {[0, 1].map((row) => (
              <div key={row} className="flex items-center gap-4 py-2">
                <Skeleton className="h-4 w-36" />
                <Skeleton className="ml-auto h-4 w-16" />
              </div>
            ))}
          </div>
        ) : codes.isError ? (
          <LoadError message={t('admin.accessCodes.loadFailed')} onRetry={() => void codes.refetch()} />
        ) : codes.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-8 text-center">
            <KeyRound aria-hidden className="size-7 text-ink-soft" />
            <p className="text-ink-soft">{t('admin.accessCodes.empty')}</p>
          </div>
        ) : (
          <ul aria-labelledby="admin-codes-title" className="flex flex-col divide-y divide-line/60">
            {codes.data.map((code) => (
              <AccessCodeRow key={code.id} code={code} onRevoke={() => setRevoking(code)} />
            ))}
          </ul>
        )}
      </div>
      <CreateAccessCodeDialog open={creating} onOpenChange={setCreating} />
      <RevokeAccessCodeDialog code={revoking} onClose={() => setRevoking(undefined)} />
    </Card>
  )
}

/** One code: label and hint, creation date, uses, and either its revocation date or a revoke button. */
function AccessCodeRow({ code, onRevoke }: { code: AccessCode; onRevoke: () => void }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <li data-code={code.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1 basis-52">
        <p className="flex flex-wrap items-baseline gap-x-2 font-medium">
          <span className="break-words">{code.label}</span>
          <span className="font-mono text-sm text-ink-soft" title={t('admin.accessCodes.hintTitle')}>
            …{code.hint}
          </span>
        </p>
        <p className="text-sm text-ink-soft">
          <span className="whitespace-nowrap">
            {t('admin.accessCodes.createdOn', { date: formatDay(code.createdAt, language) })}
          </span>{' '}
          ·{' '}
          <span className="whitespace-nowrap">
            {t('admin.accessCodes.uses', { uses: formatCount(code.uses, language) })}
          </span>
        </p>
      </div>
      {code.revokedAt ? (
        <Badge tone="danger" className="shrink-0">
          {t('admin.accessCodes.revokedOn', { date: formatDay(code.revokedAt, language) })}
        </Badge>
      ) : (
        <div className="flex shrink-0 items-center gap-2">
          <Badge tone="success">{t('admin.active')}</Badge>
          <Button
            variant="outline"
            size="sm"
            className="text-danger"
            onClick={onRevoke}
            aria-label={t('admin.accessCodes.revokeLabel', { label: code.label })}
          >
            <Ban aria-hidden className="size-4" />
            {t('admin.accessCodes.revoke')}
          </Button>
        </div>
      )}
    </li>
  )
}
