import { cn } from '@app/lib/cn'
import type { ComponentProps } from 'react'

const TONES = {
  neutral: 'bg-sand text-ink-soft',
  primary: 'bg-primary-soft text-primary-hover',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-danger-soft text-danger',
  info: 'bg-info-soft text-info',
} as const

export type BadgeTone = keyof typeof TONES

export function Badge({ tone = 'neutral', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide',
        TONES[tone],
        className,
      )}
      {...props}
    />
  )
}
