import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { toast } from '@app/components/ui/toast-store'
import { LoadError, Skeleton } from '@app/features/salon-dashboard/overview/states'
import { ApiError } from '@app/lib/api'
import { currentLanguage } from '@app/lib/i18n'
import type { FailedJob } from '@common/schemas/admin'
import type { TFunction } from 'i18next'
import { CircleCheck, RotateCcw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { failureText, useFailedJobs, useRetryFailedJob } from './admin-api'
import { formatCount, formatDateTime } from './admin-format'
import { SectionHeader } from './SectionHeader'

/** The server's queue names, in words (`admin.jobs.queues.*`); an unknown queue keeps its name. */
const QUEUE_TEXTS: Record<string, string> = {
  'calendar.push-booking': 'pushBooking',
  'calendar.sync-salon': 'syncSalon',
  'calendar.maintain': 'maintain',
  'calendar.release': 'release',
  'bookings.tell-customer': 'tellCustomer',
  'bookings.release-holds': 'releaseHolds',
  'mail.send': 'sendMail',
  'reminders.dispatch': 'dispatchReminders',
  'reminders.send': 'sendReminder',
  'telegram.chat': 'telegramChat',
  'telegram.deliver': 'telegramDeliver',
  'telegram.maintain': 'telegramMaintain',
  'instagram.chat': 'instagramChat',
  'instagram.deliver': 'instagramDeliver',
  'instagram.maintain': 'instagramMaintain',
  'instagram.release': 'instagramRelease',
  'whatsapp.chat': 'whatsappChat',
  'whatsapp.deliver': 'whatsappDeliver',
  'whatsapp.maintain': 'whatsappMaintain',
  'whatsapp.release': 'whatsappRelease',
}

function queueLabel(queue: string, t: TFunction): string {
  const key = QUEUE_TEXTS[queue]
  return key ? t(`admin.jobs.queues.${key}`) : t('admin.jobs.queues.other', { queue })
}

/**
 * Background jobs whose automatic retries are spent (a calendar that refused an event for hours):
 * what each was about, the last error, and a button to run it again once the cause is fixed. A
 * table from the lg breakpoint (six columns need the room); cards below, so a phone never scrolls
 * sideways.
 */
export function FailedJobsSection() {
  const { t } = useTranslation()
  const failed = useFailedJobs()
  return (
    <Card>
      <SectionHeader
        id="admin-jobs-title"
        title={t('admin.jobs.title')}
        count={failed.data?.total}
        description={t('admin.jobs.description')}
      />
      <div className="flex flex-col gap-3 px-5 pb-5 pt-3 sm:px-6 sm:pb-6">
        {failed.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('admin.loading')}</span>
            {[0, 1].map((row) => (
              <div key={row} className="flex items-center gap-4 py-2">
                <Skeleton className="h-4 w-48" />
                <Skeleton className="ml-auto h-4 w-20" />
              </div>
            ))}
          </div>
        ) : failed.isError ? (
          <LoadError message={t('admin.jobs.loadFailed')} onRetry={() => void failed.refetch()} />
        ) : failed.data.jobs.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-8 text-center">
            <CircleCheck aria-hidden className="size-7 text-success" />
            <p className="text-ink-soft">{t('admin.jobs.empty')}</p>
          </div>
        ) : (
          <>
            <JobTable jobs={failed.data.jobs} />
            <JobCards jobs={failed.data.jobs} />
            {failed.data.total > failed.data.jobs.length && (
              <p className="text-sm text-ink-soft">
                {t('admin.jobs.moreThanShown', {
                  shown: formatCount(failed.data.jobs.length, currentLanguage()),
                  total: formatCount(failed.data.total, currentLanguage()),
                })}
              </p>
            )}
          </>
        )}
      </div>
    </Card>
  )
}

/** Runs one job again; the list is read again either way (a 404 means someone else retried it). */
function RetryButton({ job, className }: { job: FailedJob; className?: string }) {
  const { t } = useTranslation()
  const label = queueLabel(job.queue, t)
  const retry = useRetryFailedJob({
    onSuccess: () =>
      toast({
        title: t('admin.jobs.retried'),
        description: t('admin.jobs.retriedDescription', { job: label }),
        tone: 'success',
      }),
    onError: (failure) =>
      toast({
        title: t('admin.jobs.retryFailed'),
        description:
          failure instanceof ApiError && failure.code === 'jobs.not_found'
            ? t('admin.jobs.notFailedAnymore')
            : failureText(failure, t),
        tone: 'destructive',
      }),
  })
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      loading={retry.isPending}
      onClick={() => retry.mutate(job.id)}
      aria-label={t('admin.jobs.retryLabel', { job: label })}
    >
      {!retry.isPending && <RotateCcw aria-hidden className="size-4" />}
      {t('admin.jobs.retry')}
    </Button>
  )
}

function Reference({ about }: { about: string | null }) {
  const { t } = useTranslation()
  return about ? (
    <span className="font-mono text-sm text-ink-soft">{about}</span>
  ) : (
    <span className="text-sm italic text-ink-soft">{t('admin.jobs.noReference')}</span>
  )
}

function ErrorText({ error }: { error: string | null }) {
  const { t } = useTranslation()
  // Errors may hold long unbroken words (URLs, ids): they wrap anywhere rather than widen the page.
  return error ? (
    <span className="text-sm text-danger [overflow-wrap:anywhere]">{error}</span>
  ) : (
    <span className="text-sm italic text-ink-soft">{t('admin.jobs.noError')}</span>
  )
}

function JobTable({ jobs }: { jobs: FailedJob[] }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const head = 'py-2 pr-3 text-xs font-semibold uppercase tracking-wide text-ink-soft'
  return (
    <table aria-labelledby="admin-jobs-title" className="hidden w-full border-collapse text-left lg:table">
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className={head}>
            {t('admin.jobs.columns.job')}
          </th>
          <th scope="col" className={head}>
            {t('admin.jobs.columns.error')}
          </th>
          <th scope="col" className={`${head} text-right`}>
            {t('admin.jobs.columns.attempts')}
          </th>
          <th scope="col" className={head}>
            {t('admin.jobs.columns.failedAt')}
          </th>
          <th scope="col" className={`${head} pr-0 text-right`}>
            <span className="sr-only">{t('admin.jobs.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line/60">
        {jobs.map((job) => (
          <tr key={job.id} data-job={job.id}>
            {/* The reference under the job's name, not in a column of its own: the error needs the width. */}
            <td className="py-3 pr-4 align-top">
              <p className="whitespace-nowrap font-medium">{queueLabel(job.queue, t)}</p>
              <p className="whitespace-nowrap">
                <Reference about={job.about} />
              </p>
            </td>
            <td className="w-full py-3 pr-4 align-top">
              <ErrorText error={job.error} />
            </td>
            <td className="py-3 pr-3 text-right align-top tabular-nums">{formatCount(job.attempts, language)}</td>
            <td className="whitespace-nowrap py-3 pr-3 align-top text-sm">
              <time dateTime={job.failedAt}>{formatDateTime(job.failedAt, language)}</time>
            </td>
            <td className="py-2 text-right align-top">
              <RetryButton job={job} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function JobCards({ jobs }: { jobs: FailedJob[] }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <ul aria-labelledby="admin-jobs-title" className="flex flex-col gap-3 lg:hidden">
      {jobs.map((job) => (
        <li
          key={job.id}
          data-job={job.id}
          className="flex flex-col gap-3 rounded-2xl border border-line/80 bg-paper p-4"
        >
          <div className="min-w-0">
            <p className="break-words font-medium">{queueLabel(job.queue, t)}</p>
            <Reference about={job.about} />
          </div>
          <p className="rounded-xl bg-danger-soft/50 px-3 py-2 leading-snug">
            <ErrorText error={job.error} />
          </p>
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <div className="flex gap-1.5">
                <dt className="text-ink-soft">{t('admin.jobs.columns.attempts')}</dt>
                <dd className="tabular-nums">{formatCount(job.attempts, language)}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt className="text-ink-soft">{t('admin.jobs.columns.failedAt')}</dt>
                <dd>
                  <time dateTime={job.failedAt}>{formatDateTime(job.failedAt, language)}</time>
                </dd>
              </div>
            </dl>
            <RetryButton job={job} className="max-sm:w-full" />
          </div>
        </li>
      ))}
    </ul>
  )
}
