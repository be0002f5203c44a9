// @vitest-environment happy-dom

import en from '@app/locales/en.json'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { useState } from 'react'
import { initReactI18next } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfirmDialog, DialogForm, type DialogFormProps, FormDialog } from './FormDialog'
import { Field, Input } from './Input'
import { Toaster } from './Toast'
import { toast } from './toast-store'

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } })
})
afterEach(cleanup)

/** A salon's name in a dialog, opened by a button, the way the dashboards use it. */
function RenameSalon(props: Partial<DialogFormProps>) {
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('Salon Lumière')
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename
      </button>
      <FormDialog open={open} onOpenChange={setOpen} title="Rename the salon" description="As customers see it">
        <DialogForm onSubmit={() => {}} submitLabel="Save" pendingLabel="Saving…" {...props}>
          <Field id="salon-name" label="Name">
            {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
          </Field>
        </DialogForm>
      </FormDialog>
    </>
  )
}

async function openRename(props: Partial<DialogFormProps> = {}) {
  const user = userEvent.setup()
  render(<RenameSalon {...props} />)
  await user.click(screen.getByRole('button', { name: 'Rename' }))
  return { user, dialog: screen.getByRole('dialog', { name: 'Rename the salon' }) }
}

describe('FormDialog with a DialogForm', () => {
  it('is named by its title, described by its description, and starts in its first field', async () => {
    const { dialog } = await openRename()
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('As customers see it').id)
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'))
  })

  it('closes its error toast once a field changes: the refusal it reported is being corrected', async () => {
    render(<Toaster />)
    const { user, dialog } = await openRename()
    act(() => toast({ title: 'Name already taken', tone: 'destructive' }))
    expect(screen.getByText('Name already taken')).toBeTruthy()
    await user.type(within(dialog).getByLabelText('Name'), 'y')
    expect(screen.queryByText('Name already taken')).toBeNull()

    // A success is no stale error: it stays.
    act(() => toast({ title: 'Saved', tone: 'success' }))
    await user.type(within(dialog).getByLabelText('Name'), 'z')
    expect(screen.getByText('Saved')).toBeTruthy()
  })

  it('submits with the button or with Enter in a field, and leaves the closing to its owner', async () => {
    const onSubmit = vi.fn()
    const { user, dialog } = await openRename({ onSubmit })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await user.type(within(dialog).getByLabelText('Name'), ' & Co{Enter}')
    expect(onSubmit).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('closes on "Cancel" and gives the focus back to the button that opened it', async () => {
    const { user, dialog } = await openRename()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename' })))
  })

  it('closes with Escape, and with its close button', async () => {
    const { user } = await openRename()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename' })))
    await user.click(screen.getByRole('button', { name: 'Rename' }))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('while pending: says so on the action, disables both buttons, and submits nothing more', async () => {
    const onSubmit = vi.fn()
    const { user, dialog } = await openRename({ onSubmit, pending: true })
    const action = within(dialog).getByRole('button', { name: 'Saving…' })
    expect(action.hasAttribute('disabled')).toBe(true)
    expect(action.getAttribute('aria-busy')).toBe('true')
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true)
    await user.type(within(dialog).getByLabelText('Name'), '{Enter}')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('does not submit while its action is disabled', async () => {
    const onSubmit = vi.fn()
    const { user, dialog } = await openRename({ onSubmit, submitDisabled: true })
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true)
    await user.type(within(dialog).getByLabelText('Name'), '{Enter}')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it("announces the server's refusal above the buttons", async () => {
    const { dialog } = await openRename({ error: 'This name is taken' })
    expect(within(dialog).getByRole('alert').textContent).toBe('This name is taken')
  })

  it('shows a secondary action beside the others', async () => {
    const remove = vi.fn()
    const { user, dialog } = await openRename({
      secondaryAction: (
        <button type="button" onClick={remove}>
          Delete the salon
        </button>
      ),
    })
    await user.click(within(dialog).getByRole('button', { name: 'Delete the salon' }))
    expect(remove).toHaveBeenCalledOnce()
  })
})

describe('ConfirmDialog', () => {
  function RevokeCode({ pending = false, onConfirm = () => {} }: { pending?: boolean; onConfirm?: () => void }) {
    const [open, setOpen] = useState(false)
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Revoke
        </button>
        <ConfirmDialog
          open={open}
          onClose={() => setOpen(false)}
          onConfirm={onConfirm}
          title="Revoke this code?"
          description="It will no longer be accepted."
          submitLabel="Revoke"
          pendingLabel="Revoking…"
          pending={pending}
        />
      </>
    )
  }

  it('asks as an alert dialog, and runs the action on confirmation', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    render(<RevokeCode onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    const question = screen.getByRole('alertdialog', { name: 'Revoke this code?' })
    await user.click(within(question).getByRole('button', { name: 'Revoke' }))
    expect(onConfirm).toHaveBeenCalledOnce()
  })

  it('closes on "Cancel" or Escape, but not while the action runs', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<RevokeCode />)
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    rerender(<RevokeCode pending />)
    await user.keyboard('{Escape}')
    const question = screen.getByRole('alertdialog')
    expect(within(question).getByRole('button', { name: 'Revoking…' }).hasAttribute('disabled')).toBe(true)
    expect(within(question).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true)
    rerender(<RevokeCode />)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})
