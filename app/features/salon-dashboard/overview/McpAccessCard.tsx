import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { DialogClose, DialogFooter } from '@app/components/ui/Dialog'
import { ConfirmDialog, FormDialog } from '@app/components/ui/FormDialog'
import { fieldClasses, Label } from '@app/components/ui/Input'
import { toast } from '@app/components/ui/toast-store'
import { apiRequest } from '@app/lib/api'
import { cn } from '@app/lib/cn'
import { formatDate } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { IssuedMcpToken, McpTokenStatus } from '@common/schemas/mcp'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Copy, KeyRound, ShieldOff, TriangleAlert } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { salonKeys } from '../dashboard-api'
import { LoadError, Skeleton } from './states'

/**
 * The salon's own AI agent (Claude, ChatGPT…) books for its customers through the MCP server with a
 * token of the salon. The server keeps no copy of the token: it is shown once, as it is issued; a
 * new one replaces the old one, and revoking leaves the salon without any.
 */
export function McpAccessCard({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const status = useQuery<McpTokenStatus>({ queryKey: salonKeys.mcpToken(salonId) })
  const [confirming, setConfirming] = useState<'replace' | 'revoke'>()
  const [issued, setIssued] = useState<IssuedMcpToken>()
  const titleId = useId()

  const issue = useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', `/api/salons/${salonId}/mcp-token`)).json()) as IssuedMcpToken,
    onSuccess: (token) => {
      setConfirming(undefined)
      setIssued(token)
      queryClient.setQueryData<McpTokenStatus>(salonKeys.mcpToken(salonId), {
        hasToken: true,
        issuedAt: token.issuedAt,
        serverUrl: token.serverUrl,
      })
    },
    onError: () =>
      toast({ title: t('dashboard.mcp.createFailed'), description: t('dashboard.mcp.tryAgain'), tone: 'destructive' }),
  })

  const revoke = useMutation({
    mutationFn: async () =>
      (await (await apiRequest('DELETE', `/api/salons/${salonId}/mcp-token`)).json()) as McpTokenStatus,
    onSuccess: (next) => {
      setConfirming(undefined)
      queryClient.setQueryData(salonKeys.mcpToken(salonId), next)
      toast({ title: t('dashboard.mcp.revoked'), tone: 'success' })
    },
    onError: () =>
      toast({ title: t('dashboard.mcp.revokeFailed'), description: t('dashboard.mcp.tryAgain'), tone: 'destructive' }),
  })

  const hasToken = status.data?.hasToken === true
  // Replacing a working token breaks the agent that uses it: ask first. The first one needs no asking.
  const askForNewToken = () => (hasToken ? setConfirming('replace') : issue.mutate())

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t('dashboard.mcp.title')}</CardTitle>
        <CardDescription>{t('dashboard.mcp.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {status.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('dashboard.loading')}</span>
            <Skeleton className="h-11 w-full rounded-xl" />
            <Skeleton className="h-5 w-48 max-w-full" />
          </div>
        ) : status.isError ? (
          <LoadError message={t('dashboard.mcp.loadFailed')} onRetry={() => void status.refetch()} />
        ) : (
          <>
            <CopyField
              label={t('dashboard.mcp.serverLabel')}
              value={status.data.serverUrl}
              copyLabel={t('dashboard.mcp.copyServer')}
              copiedText={t('dashboard.mcp.serverCopied')}
              variant="outline"
            />
            <TokenState status={status.data} />
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button onClick={askForNewToken} loading={issue.isPending && !confirming} className="sm:flex-1">
                {!(issue.isPending && !confirming) && <KeyRound aria-hidden className="size-4" />}
                {t('dashboard.mcp.newToken')}
              </Button>
              {hasToken && (
                <Button
                  variant="outline"
                  onClick={() => setConfirming('revoke')}
                  className="border-danger/30 text-danger hover:border-danger/50 hover:bg-danger-soft sm:flex-1"
                >
                  <ShieldOff aria-hidden className="size-4" />
                  {t('dashboard.mcp.revoke')}
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>

      <ConfirmDialog
        open={confirming !== undefined}
        onClose={() => setConfirming(undefined)}
        pending={issue.isPending || revoke.isPending}
        {...(confirming === 'revoke'
          ? {
              title: t('dashboard.mcp.revokeTitle'),
              description: t('dashboard.mcp.revokeText'),
              submitLabel: t('dashboard.mcp.revokeConfirm'),
              onConfirm: () => revoke.mutate(),
            }
          : {
              title: t('dashboard.mcp.replaceTitle'),
              description: t('dashboard.mcp.replaceText'),
              submitLabel: t('dashboard.mcp.replaceConfirm'),
              onConfirm: () => issue.mutate(),
            })}
      />

      <IssuedTokenDialog issued={issued} onClose={() => setIssued(undefined)} />
    </Card>
  )
}

function TokenState({ status }: { status: McpTokenStatus }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const issuedAt = status.issuedAt ? new Date(status.issuedAt) : undefined
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-2xl bg-sand/60 px-4 py-3">
      <span className="text-sm font-medium text-ink">{t('dashboard.mcp.statusLabel')}</span>
      <Badge tone={issuedAt ? 'success' : 'neutral'}>
        {issuedAt ? t('dashboard.mcp.active') : t('dashboard.mcp.none')}
      </Badge>
      <span className="basis-full text-sm text-ink-soft">
        {issuedAt
          ? t('dashboard.mcp.issuedAt', {
              date: formatDate(issuedAt, 'PPP', language),
              time: formatDate(issuedAt, 'HH:mm', language),
            })
          : t('dashboard.mcp.noneHint')}
      </span>
    </div>
  )
}

/**
 * The token just issued, with the server's address: the only time it is shown. It is forgotten as
 * the dialog closes, and a stray click outside does not close it.
 */
function IssuedTokenDialog({ issued, onClose }: { issued: IssuedMcpToken | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  const tokenId = useId()
  return (
    <FormDialog
      open={issued !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={t('dashboard.mcp.createdTitle')}
      description={t('dashboard.mcp.createdText')}
      dismissOnOutsideClick={false}
      // Straight to the token, selected: Ctrl+C copies it.
      onOpenAutoFocus={(event) => {
        event.preventDefault()
        document.getElementById(tokenId)?.focus()
      }}
    >
      {issued && (
        <div className="flex flex-col gap-4">
          <CopyField
            label={t('dashboard.mcp.serverLabel')}
            value={issued.serverUrl}
            copyLabel={t('dashboard.mcp.copyServer')}
            copiedText={t('dashboard.mcp.serverCopied')}
            variant="outline"
          />
          <CopyField
            id={tokenId}
            wrap
            label={t('dashboard.mcp.tokenLabel')}
            value={issued.token}
            copyLabel={t('dashboard.mcp.copyToken')}
            copiedText={t('dashboard.mcp.tokenCopied')}
            variant="primary"
          />
          <p role="note" className="flex gap-2 rounded-2xl bg-warning-soft p-3 text-sm leading-relaxed text-ink">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
            {t('dashboard.mcp.shownOnce')}
          </p>
        </div>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button>{t('dashboard.mcp.done')}</Button>
        </DialogClose>
      </DialogFooter>
    </FormDialog>
  )
}

/**
 * A read-only value with a copy button; when the browser refuses the clipboard, the value is
 * selected. `wrap`: shown whole over several lines (a token the owner may want to check by eye).
 */
function CopyField({
  id: givenId,
  wrap = false,
  label,
  value,
  copyLabel,
  copiedText,
  variant,
}: {
  id?: string
  wrap?: boolean
  label: string
  value: string
  copyLabel: string
  copiedText: string
  variant: 'primary' | 'outline'
}) {
  const { t } = useTranslation()
  const generatedId = useId()
  const id = givenId ?? generatedId
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      toast({ title: t('dashboard.mcp.copied'), description: copiedText, tone: 'success' })
    } catch {
      const field = document.getElementById(id)
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.select()
      toast({
        title: t('dashboard.mcp.copyFailed'),
        description: t('dashboard.mcp.copyFailedText'),
        tone: 'destructive',
      })
    }
  }
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-start gap-2">
        {wrap ? (
          <textarea
            id={id}
            readOnly
            value={value}
            rows={2}
            onFocus={(event) => event.target.select()}
            spellCheck={false}
            className={cn(fieldClasses, 'h-auto min-w-0 flex-1 resize-none break-all py-2.5 font-mono text-sm')}
          />
        ) : (
          <input
            id={id}
            readOnly
            value={value}
            onFocus={(event) => event.target.select()}
            spellCheck={false}
            className={cn(fieldClasses, 'min-w-0 flex-1 font-mono text-sm')}
          />
        )}
        <Button variant={variant} size="icon" onClick={copy} aria-label={copyLabel}>
          <Copy aria-hidden className="size-4" />
        </Button>
      </div>
    </div>
  )
}
