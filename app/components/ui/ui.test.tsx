// @vitest-environment happy-dom

import en from '@app/locales/en.json'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { useState } from 'react'
import { initReactI18next } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './Dialog'
import { SearchSelect } from './SearchSelect'
import { Switch } from './Switch'
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs'
import { Toaster } from './Toast'
import { TOAST_DURATION_MS, toast } from './toast-store'

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('Toast', () => {
  it('shows at most one toast: a new one replaces the current', () => {
    render(<Toaster />)
    act(() => toast({ title: 'Salon saved' }))
    act(() => toast({ title: 'Hours saved', description: 'Tuesday to Saturday' }))
    expect(screen.queryByText('Salon saved')).toBeNull()
    expect(screen.getByText('Hours saved')).toBeTruthy()
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
  })

  it('goes away after 5 seconds by default', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => toast({ title: 'Copied!' }))
    expect(TOAST_DURATION_MS).toBe(5000)
    act(() => vi.advanceTimersByTime(4900))
    expect(screen.queryByText('Copied!')).not.toBeNull()
    act(() => vi.advanceTimersByTime(200))
    expect(screen.queryByText('Copied!')).toBeNull()
  })

  it('lives as long as it asks (the calendar toasts: 2 s)', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => toast({ title: 'Calendar synced', duration: 2000 }))
    act(() => vi.advanceTimersByTime(2100))
    expect(screen.queryByText('Calendar synced')).toBeNull()
  })

  it('labels its region with the F8 shortcut', () => {
    render(<Toaster />)
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy()
  })
})

describe('Dialog', () => {
  function Profile({ dismissOnOutsideClick }: { dismissOnOutsideClick: boolean }) {
    return (
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent closeLabel="Close" dismissOnOutsideClick={dismissOnOutsideClick}>
          <DialogTitle>Your profile</DialogTitle>
          <DialogDescription>First name and phone</DialogDescription>
        </DialogContent>
      </Dialog>
    )
  }

  it('can refuse to close on a click outside, and still closes with its button', async () => {
    const user = userEvent.setup()
    render(<Profile dismissOnOutsideClick={false} />)
    await user.click(screen.getByText('Open'))
    expect(screen.getByRole('dialog', { name: 'Your profile' })).toBeTruthy()
    fireEvent.pointerDown(document.body)
    expect(screen.queryByRole('dialog')).not.toBeNull()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closes with Escape', async () => {
    const user = userEvent.setup()
    render(<Profile dismissOnOutsideClick />)
    await user.click(screen.getByText('Open'))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('SearchSelect', () => {
  const OPTIONS = [
    { value: 'CI', label: "Côte d'Ivoire" },
    { value: 'FR', label: 'France' },
    { value: 'DE', label: 'Allemagne', keywords: 'Germany' },
  ]
  function Picker({ onChange }: { onChange?: (v: string | undefined) => void }) {
    const [value, setValue] = useState<string>()
    return (
      <SearchSelect
        options={OPTIONS}
        value={value}
        onChange={(v) => {
          setValue(v)
          onChange?.(v)
        }}
        placeholder="Country"
        searchPlaceholder="Search"
        emptyText="Nothing"
        clearLabel="No country"
      />
    )
  }

  it('finds options without accents or by another name, and chooses with the keyboard', async () => {
    const user = userEvent.setup()
    const chosen = vi.fn()
    render(<Picker onChange={chosen} />)
    await user.click(screen.getByRole('button', { name: /Country/ }))
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'cote')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(["Côte d'Ivoire"])
    await user.clear(screen.getByRole('combobox'))
    await user.type(screen.getByRole('combobox'), 'germ')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Allemagne'])
    await user.keyboard('{Enter}')
    expect(chosen).toHaveBeenLastCalledWith('DE')
    expect(screen.getByRole('button', { name: /Allemagne/ })).toBeTruthy()
  })

  it('says when nothing matches and can clear the choice', async () => {
    const user = userEvent.setup()
    const chosen = vi.fn()
    render(<Picker onChange={chosen} />)
    await user.click(screen.getByRole('button', { name: /Country/ }))
    await user.type(screen.getByRole('combobox'), 'zzz')
    expect(screen.getByText('Nothing')).toBeTruthy()
    await user.clear(screen.getByRole('combobox'))
    await user.keyboard('{ArrowDown}{Enter}')
    expect(chosen).toHaveBeenLastCalledWith('CI')
    await user.click(screen.getByRole('button', { name: /Côte/ }))
    await user.click(screen.getByRole('option', { name: 'No country' }))
    expect(chosen).toHaveBeenLastCalledWith(undefined)
  })

  it('builds a list given as a function when it first opens, or when a value is to be shown', async () => {
    const user = userEvent.setup()
    const list = vi.fn(() => OPTIONS)
    const props = { placeholder: 'Country', searchPlaceholder: 'Search', emptyText: 'Nothing', onChange: () => {} }
    const { unmount } = render(<SearchSelect {...props} options={list} value={undefined} />)
    expect(list).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: /Country/ }))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(["Côte d'Ivoire", 'France', 'Allemagne'])
    expect(list).toHaveBeenCalledTimes(1)
    unmount()
    render(<SearchSelect {...props} options={list} value="FR" />)
    expect(screen.getByRole('button', { name: /France/ })).toBeTruthy()
  })
})

describe('Switch and Tabs', () => {
  it('a switch turns on and off', async () => {
    const user = userEvent.setup()
    render(<Switch aria-label="Open on Monday" />)
    const control = screen.getByRole('switch', { name: 'Open on Monday' })
    expect(control.getAttribute('aria-checked')).toBe('false')
    await user.click(control)
    expect(control.getAttribute('aria-checked')).toBe('true')
  })

  it('tabs show one panel at a time', async () => {
    const user = userEvent.setup()
    render(
      <Tabs defaultValue="overview">
        <TabsList aria-label="Dashboard">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="today">Today</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">Salon details</TabsContent>
        <TabsContent value="today">Today's bookings</TabsContent>
      </Tabs>,
    )
    expect(screen.getByRole('tabpanel').textContent).toBe('Salon details')
    await user.click(screen.getByRole('tab', { name: 'Today' }))
    expect(screen.getByRole('tabpanel').textContent).toBe("Today's bookings")
  })
})
