import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { currentLanguage } from '@app/lib/i18n'
import type { Language } from '@common/languages'
import type { SalonDashboard } from '@common/schemas/dashboard'
import { useTranslation } from 'react-i18next'
import { formatPrice } from '../dashboard-api'

/** "9,5 h", "9.5 hr", "9,5 Std.": booked minutes as hours, in the interface language. */
function formatHours(minutes: number, language: Language): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : language, {
    style: 'unit',
    unit: 'hour',
    maximumFractionDigits: 1,
  }).format(minutes / 60)
}

/**
 * The overview's figures per member: bookings today and this week, and what the week brings, in
 * each member's agenda colour. A solo salon sees no such card (its figures are the salon's).
 */
export function MemberFigures({ dashboard }: { dashboard: SalonDashboard }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const number = new Intl.NumberFormat(language)
  if (dashboard.members.length < 2) return null
  return (
    <Card className="mt-3 sm:mt-4">
      <CardHeader>
        <CardTitle>{t('dashboard.stats.byMember.title')}</CardTitle>
        <CardDescription>{t('dashboard.stats.byMember.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <table className="w-full table-fixed border-collapse text-sm">
          <thead>
            <tr className="text-xs text-ink-soft">
              <th scope="col" className="pb-2 text-left font-medium">
                {t('dashboard.stats.byMember.member')}
              </th>
              <th scope="col" className="w-16 pb-2 text-right font-medium sm:w-24">
                {t('dashboard.stats.byMember.today')}
              </th>
              <th scope="col" className="w-16 pb-2 text-right font-medium sm:w-24">
                {t('dashboard.stats.byMember.week')}
              </th>
              <th scope="col" className="w-24 pb-2 text-right font-medium sm:w-32">
                {t('dashboard.stats.byMember.revenue')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line/70">
            {dashboard.members.map((member) => (
              <tr key={member.id}>
                <th scope="row" className="py-2.5 pr-2 text-left font-normal">
                  <span className="flex min-w-0 items-center gap-2">
                    <span
                      aria-hidden
                      data-testid="member-colour"
                      className="size-3 shrink-0 rounded-full"
                      style={{ backgroundColor: member.colour }}
                    />
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{member.name}</span>
                      <span className="block truncate text-xs text-ink-soft">
                        {member.isActive
                          ? t('dashboard.stats.byMember.booked', {
                              hours: formatHours(member.bookedMinutesThisWeek, language),
                            })
                          : t('dashboard.stats.byMember.inactive')}
                      </span>
                    </span>
                  </span>
                </th>
                <td className="py-2.5 text-right tabular-nums">{number.format(member.bookingsToday)}</td>
                <td className="py-2.5 text-right tabular-nums">{number.format(member.bookingsThisWeek)}</td>
                <td className="py-2.5 text-right font-semibold tabular-nums">
                  {formatPrice(member.revenueThisWeek, dashboard.currency, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  )
}
