import { Bot, CalendarCheck, Check, Clock, Inbox, Info, Link2, ShieldCheck, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card'
import { InstagramGlyph } from './InstagramGlyph'

const GAINS = [
  ['dms', Inbox],
  ['ai', Bot],
  ['bookings', CalendarCheck],
  ['control', ShieldCheck],
] as const

const HOW_IT_WORKS = ['autoReply', 'authorised', 'ownerControl', 'antiSpam'] as const

/**
 * The Instagram DMs tab (spec §2). Connecting Instagram comes with a later issue: until then the
 * integration card shows its "not connected" state with the Connect button disabled and says so,
 * rather than pretending to connect.
 */
export function InstagramTab() {
  const { t } = useTranslation()
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1.15fr_1fr]">
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CardTitle className="flex items-center gap-2.5">
              <span className="inline-flex size-9 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <InstagramGlyph className="size-5" />
              </span>
              {t('dashboard.instagram.title')}
            </CardTitle>
            <Badge>{t('dashboard.instagram.notConnected')}</Badge>
          </div>
          <CardDescription>{t('dashboard.instagram.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div>
            <h4 className="text-sm font-semibold">{t('dashboard.instagram.gainsTitle')}</h4>
            <ul className="mt-3 flex flex-col gap-2.5">
              {GAINS.map(([key, Icon]) => (
                <li key={key} className="flex items-center gap-3 text-sm">
                  <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-sand text-ink-soft">
                    <Icon aria-hidden className="size-4" />
                  </span>
                  {t(`dashboard.instagram.gains.${key}`)}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col gap-2">
            <Button disabled aria-describedby="instagram-coming-soon" className="w-full sm:w-auto sm:self-start">
              <Link2 aria-hidden className="size-4" />
              {t('dashboard.instagram.connect')}
            </Button>
            <p id="instagram-coming-soon" className="flex items-start gap-2 text-sm leading-relaxed text-ink-soft">
              <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                <Badge tone="primary" className="mr-1.5 align-[1px]">
                  {t('dashboard.instagram.comingSoon')}
                </Badge>
                {t('dashboard.instagram.comingSoonText')}
              </span>
            </p>
          </div>
          <div className="rounded-2xl bg-info-soft/70 p-4">
            <h4 className="flex items-center gap-2 text-sm font-semibold text-info">
              <Info aria-hidden className="size-4" />
              {t('dashboard.instagram.infoTitle')}
            </h4>
            <ul className="mt-2.5 flex flex-col gap-1.5 text-sm leading-relaxed">
              {HOW_IT_WORKS.map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-1 size-3.5 shrink-0 text-info" />
                  {t(`dashboard.instagram.info.${key}`)}
                </li>
              ))}
            </ul>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('dashboard.instagram.panelTitle')}</CardTitle>
          <CardDescription>{t('dashboard.instagram.panelDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-5 py-10 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-sand text-ink-soft">
              <Users aria-hidden className="size-6" />
            </span>
            <p className="font-medium">{t('dashboard.instagram.connectFirst')}</p>
            <p className="max-w-xs text-sm leading-relaxed text-ink-soft">
              {t('dashboard.instagram.connectFirstText')}
            </p>
          </div>
        </CardContent>
      </Card>
    </div>
  )
}
