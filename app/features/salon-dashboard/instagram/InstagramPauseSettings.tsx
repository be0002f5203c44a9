import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { Field, Input, Label } from '@app/components/ui/Input'
import { Switch } from '@app/components/ui/Switch'
import { INSTAGRAM_PAUSE_MAX_MINUTES } from '@common/schemas/instagram'
import type { Salon } from '@common/schemas/salon'
import { Timer } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSaveInstagramSettings } from './instagram-api'
import { pauseMinutesOf } from './instagram-format'

/**
 * The Pause Settings card (spec §2, §5): how long the assistant stays quiet with a customer once the
 * owner answers them by hand (also what the Pause button gives), and whether it answers everyone or
 * only whitelisted customers (off, the spec's model). Saved with the salon's PATCH.
 */
export function InstagramPauseSettings({ salon }: { salon: Salon }) {
  const { t } = useTranslation()
  const save = useSaveInstagramSettings(salon.salonId)
  const switchId = useId()
  const { pauseMinutes, replyToEveryone } = salon.instagram
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Timer aria-hidden className="size-5 text-primary" />
          {t('dashboard.instagram.settings.title')}
        </CardTitle>
        <CardDescription>{t('dashboard.instagram.settings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {/* Keyed by the saved value: the field starts again from what the server kept. */}
        <PauseMinutesForm
          key={pauseMinutes}
          saved={pauseMinutes}
          pending={save.isPending && save.variables.instagramPauseMinutes !== undefined}
          onSave={(minutes) => save.mutate({ instagramPauseMinutes: minutes })}
        />
        <div className="flex items-start justify-between gap-4 border-t border-line/70 pt-5">
          <div className="flex min-w-0 flex-col gap-0.5">
            <Label htmlFor={switchId}>{t('dashboard.instagram.settings.replyToEveryone')}</Label>
            <p id={`${switchId}-hint`} className="text-sm leading-relaxed text-ink-soft">
              {t('dashboard.instagram.settings.replyToEveryoneHint')}
            </p>
          </div>
          <Switch
            id={switchId}
            checked={replyToEveryone}
            disabled={save.isPending}
            aria-describedby={`${switchId}-hint`}
            onCheckedChange={(checked) => save.mutate({ instagramReplyToEveryone: checked })}
          />
        </div>
      </CardContent>
    </Card>
  )
}

function PauseMinutesForm({
  saved,
  pending,
  onSave,
}: {
  saved: number
  pending: boolean
  onSave: (minutes: number) => void
}) {
  const { t } = useTranslation()
  const [entry, setEntry] = useState(String(saved))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // What is saved is shown: "abc" becomes 30, 5000 becomes 1440.
    const minutes = pauseMinutesOf(entry)
    setEntry(String(minutes))
    if (minutes !== saved) onSave(minutes)
  }
  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('dashboard.instagram.settings.minutes')} hint={t('dashboard.instagram.settings.minutesHint')}>
        {(control) => (
          <div className="flex flex-wrap gap-2">
            {/* The field's own classes make it full width: its box sets the width (cn does not merge). */}
            <div className="w-28">
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={INSTAGRAM_PAUSE_MAX_MINUTES}
                step={1}
                value={entry}
                onChange={(event) => setEntry(event.target.value)}
              />
            </div>
            <Button type="submit" variant="outline" loading={pending}>
              {pending ? t('dashboard.instagram.settings.saving') : t('dashboard.instagram.settings.save')}
            </Button>
          </div>
        )}
      </Field>
    </form>
  )
}
