import type { Language } from '@common/languages'

/** The salon's cancellation notice in words: "2 heures", "30 Minuten", "1 day" beyond a day's worth of hours. */
export function formatNotice(minutes: number, language: Language): string {
  const unit = (value: number, name: 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value)
  if (minutes % (24 * 60) === 0 && minutes >= 48 * 60) return unit(minutes / (24 * 60), 'day')
  if (minutes % 60 === 0) return unit(minutes / 60, 'hour')
  return unit(minutes, 'minute')
}
