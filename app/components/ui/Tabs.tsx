import { cn } from '@app/lib/cn'
import { Tabs as TabsPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'

export const Tabs = TabsPrimitive.Root

// A row given its own layout (`grid w-full grid-cols-2`: pills that fill a phone's row) takes it
// instead of the inline row: `cn` joins classes without merging them, and the stylesheet puts
// inline-flex after grid, which would otherwise win and leave the pills at their text's width.
const OWN_DISPLAY = /(^|\s)(grid|flex|block)(\s|$)/

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        !OWN_DISPLAY.test(className ?? '') && 'inline-flex',
        'max-w-full gap-1 overflow-x-auto rounded-2xl bg-sand p-1',
        className,
      )}
      {...props}
    />
  )
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-10 cursor-pointer items-center gap-2 whitespace-nowrap rounded-xl px-4 text-sm font-medium text-ink-soft transition-colors',
        'hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-soft',
        className,
      )}
      {...props}
    />
  )
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content className={cn('mt-6 animate-fade-in focus-visible:outline-none', className)} {...props} />
  )
}
