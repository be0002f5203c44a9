import { cn } from '@app/lib/cn'
import { Check, ChevronsUpDown, Search } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useCallback, useId, useMemo, useRef, useState } from 'react'
import { fieldClasses } from './Input'
import { Popover, PopoverContent, PopoverTrigger } from './Popover'

export interface SelectOption {
  value: string
  label: string
  /** Shown before the label (a flag, an icon). */
  icon?: ReactNode
  /** More words the search matches (a country code, another name). */
  keywords?: string
}

export interface SearchSelectProps {
  id?: string
  /**
   * The options, or a function that lists them: a long list whose labels cost time to build (every
   * country, named in the visitor's language) is then built when it is first needed — the list
   * opens, or a value is to be shown — not while the page loads.
   */
  options: readonly SelectOption[] | (() => readonly SelectOption[])
  value: string | undefined
  onChange: (value: string | undefined) => void
  placeholder: string
  searchPlaceholder: string
  emptyText: string
  /** Offered first in the list to clear the choice, when the field is optional. */
  clearLabel?: string
  'aria-describedby'?: string
  'aria-invalid'?: true
  disabled?: boolean
}

const NO_OPTIONS: readonly SelectOption[] = []

/** Lower case without accents, so "cote" finds "Côte d'Ivoire". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** A select whose options can be searched by typing: a button that opens a filtered listbox. */
export function SearchSelect({
  id,
  options,
  value,
  onChange,
  placeholder,
  searchPlaceholder,
  emptyText,
  clearLabel,
  disabled,
  ...aria
}: SearchSelectProps) {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const listId = useId()
  const listRef = useRef<HTMLDivElement>(null)
  const [listWanted, setListWanted] = useState(false)
  const hasValue = value !== undefined
  const all = useMemo(
    () => (typeof options !== 'function' ? options : listWanted || hasValue ? options() : NO_OPTIONS),
    [options, listWanted, hasValue],
  )
  const selected = all.find((o) => o.value === value)

  const shown = useMemo(() => {
    const words = fold(query.trim()).split(/\s+/).filter(Boolean)
    const matches = all.filter((o) => {
      const haystack = fold(`${o.label} ${o.keywords ?? ''} ${o.value}`)
      return words.every((w) => haystack.includes(w))
    })
    return clearLabel && words.length === 0 ? [{ value: '', label: clearLabel }, ...matches] : matches
  }, [all, query, clearLabel])

  const choose = (option: SelectOption | undefined) => {
    if (!option) return
    onChange(option.value === '' ? undefined : option.value)
    setOpen(false)
  }

  // Opens at the chosen option (the salon's country among 250), in the middle of the list: when the
  // list mounts, which the popover's portal does a render after it opens. Scrolls the list only:
  // scrollIntoView would also scroll the page under the popover.
  const listMounted = useCallback((list: HTMLDivElement | null) => {
    listRef.current = list
    const option = list?.querySelector<HTMLElement>('[aria-selected="true"]')
    if (list && option) list.scrollTop = option.offsetTop - (list.clientHeight - option.offsetHeight) / 2
  }, [])

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, index))
    setActive(next)
    listRef.current?.children[next]?.scrollIntoView({ block: 'nearest' })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: shown.length - 1 }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      moveTo(target)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      choose(shown[active])
    }
  }

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) {
          // A list not built yet has no value to open at: the first row is the right one.
          setListWanted(true)
          setQuery('')
          setActive(
            Math.max(
              0,
              shown.findIndex((o) => o.value === (value ?? '')),
            ),
          )
        }
      }}
    >
      <PopoverTrigger asChild>
        <button
          id={id}
          type="button"
          disabled={disabled}
          aria-haspopup="listbox"
          aria-expanded={open}
          className={cn(fieldClasses, 'flex cursor-pointer items-center gap-2 text-left')}
          {...aria}
        >
          {selected?.icon}
          <span className={cn('min-w-0 flex-1 truncate', !selected && 'text-ink-soft')}>
            {selected?.label ?? placeholder}
          </span>
          <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-ink-soft" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-64 p-0">
        <div className="flex items-center gap-2 border-b border-line px-3">
          <Search aria-hidden className="size-4 shrink-0 text-ink-soft" />
          <input
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
            aria-label={searchPlaceholder}
            placeholder={searchPlaceholder}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setActive(0)
            }}
            onKeyDown={onKeyDown}
            className="h-11 w-full bg-transparent text-[0.95rem] outline-none placeholder:text-ink-soft"
          />
        </div>
        <div
          ref={listMounted}
          id={listId}
          role="listbox"
          aria-label={placeholder}
          className="relative max-h-72 overflow-y-auto p-1.5"
        >
          {shown.length === 0 && <p className="px-3 py-6 text-center text-sm text-ink-soft">{emptyText}</p>}
          {shown.map((option, index) => {
            const isSelected = option.value === (value ?? '')
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search input above handles the keyboard (aria-activedescendant)
              <div
                key={option.value || '(none)'}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={isSelected}
                tabIndex={-1}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(option)}
                className={cn(
                  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm',
                  index === active && 'bg-sand',
                  option.value === '' && 'text-ink-soft',
                )}
              >
                {option.icon}
                <span className="min-w-0 flex-1 truncate">{option.label}</span>
                {isSelected && <Check aria-hidden className="size-4 shrink-0 text-primary" />}
              </div>
            )
          })}
        </div>
      </PopoverContent>
    </Popover>
  )
}
