// @vitest-environment happy-dom

import { type FakeAnswer, fakeServer, renderAt, setupTexts } from '@app/features/professional/test-harness'
import { en } from '@app/locales/all'
import type { Referral } from '@common/schemas/ambassador'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CONVERTED, OWNED, PENDING } from '../test-fixtures'
import { ReferralStatusBadge } from './ReferralCard'
import { ReferralsTab } from './ReferralsTab'

const texts = en.ambassador
const activation = en.activation
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')
const editLabel = (salon: string) => fill(texts.referrals.editEmail, { salon })

beforeAll(setupTexts)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const listOf = (...referrals: Referral[]): FakeAnswer => ({ json: { success: true, referrals } })
const cardOf = (salonName: string) => screen.getByRole('heading', { name: salonName }).closest('li') as HTMLElement

function showReferrals(routes: Parameters<typeof fakeServer>[0]) {
  const calls = fakeServer(routes)
  renderAt('/ambassador/dashboard', <ReferralsTab />)
  return calls
}

describe('the referral cards', () => {
  it('show a pending salon with its details and "activate"', async () => {
    showReferrals({ 'GET /api/ambassador/referrals': listOf(PENDING) })
    await screen.findByRole('heading', { name: PENDING.salonName })
    const card = within(cardOf(PENDING.salonName))
    expect(card.getByText(texts.referrals.status.pending)).toBeTruthy()
    expect(card.getByText('contact@belle-epoque.fr')).toBeTruthy()
    expect(card.getByText('+33 1 23 45 67 89')).toBeTruthy()
    expect(card.getByText('5 rue du Bac, 75007 Paris')).toBeTruthy()
    expect(card.getByText('France')).toBeTruthy()
    // The interface language's numeric date: dd/MM/yyyy in English (en-GB) as in French.
    expect(card.getByText('28/11/2026')).toBeTruthy()
    expect(card.getByRole('button', { name: texts.referrals.activate })).toBeTruthy()
    expect(card.queryByText(texts.referrals.salonId)).toBeNull()
  })

  it('show a converted salon with its ID and authorised e-mail, editable until the owner signs in', async () => {
    showReferrals({ 'GET /api/ambassador/referrals': listOf(CONVERTED, OWNED) })
    await screen.findByRole('heading', { name: CONVERTED.salonName })

    const converted = within(cardOf(CONVERTED.salonName))
    expect(converted.getByText(texts.referrals.status.converted)).toBeTruthy()
    expect(converted.getByText('SAL002')).toBeTruthy()
    expect(converted.getByText('alpenrose.salon@gmail.com')).toBeTruthy()
    expect(converted.queryByText('+33', { exact: false })).toBeNull()
    const pencil = converted.getByRole('button', { name: editLabel('Salon Alpenrose') })
    expect(pencil.hasAttribute('disabled')).toBe(false)
    expect(
      converted.getByRole('button', { name: fill(activation.resendFor, { salon: 'Salon Alpenrose' }) }),
    ).toBeTruthy()
    expect(converted.queryByRole('button', { name: texts.referrals.activate })).toBeNull()

    const owned = within(cardOf(OWNED.salonName))
    const locked = owned.getByRole('button', { name: editLabel('Barbiere Da Marco') })
    expect(locked.hasAttribute('disabled')).toBe(true)
    expect(owned.getByText(texts.referrals.ownerSignedIn)).toBeTruthy()
    // The owner's now: nothing to resend either.
    expect(owned.queryByText(activation.resend)).toBeNull()
  })

  it('offer "activate" for a salon an administrator marked contacted: it is still waiting', async () => {
    showReferrals({ 'GET /api/ambassador/referrals': listOf({ ...PENDING, status: 'contacted' }) })
    await screen.findByRole('heading', { name: PENDING.salonName })
    const card = within(cardOf(PENDING.salonName))
    expect(card.getByText(texts.referrals.status.contacted)).toBeTruthy()
    expect(card.getByRole('button', { name: texts.referrals.activate })).toBeTruthy()
  })

  it('label an unknown status as pending', () => {
    render(<ReferralStatusBadge status="archived" />)
    expect(screen.getByText(texts.referrals.status.pending)).toBeTruthy()
  })

  it('say when there is none yet, or why they could not be read', async () => {
    showReferrals({ 'GET /api/ambassador/referrals': listOf() })
    expect(await screen.findByText(texts.referrals.empty)).toBeTruthy()
    cleanup()

    showReferrals({ 'GET /api/ambassador/referrals': { status: 500, json: { message: 'Internal error' } } })
    expect(await screen.findByText(texts.referrals.loadFailed)).toBeTruthy()
    cleanup()

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    renderAt('/ambassador/dashboard', <ReferralsTab />)
    expect(await screen.findByText(texts.referrals.loadError)).toBeTruthy()
  })
})

describe('the activation dialog', () => {
  it('activates only with an e-mail typed, then says the salon ID and reads the list again', async () => {
    const user = userEvent.setup()
    let activated = false
    const calls = showReferrals({
      'GET /api/ambassador/referrals': () =>
        listOf(
          activated
            ? { ...PENDING, status: 'converted', salonId: 'SAL004', authorizedGoogleEmail: 'x@gmail.com' }
            : PENDING,
        ),
      'GET /api/ambassador/dashboard': { status: 401, json: {} },
      'POST /api/ambassador/activate-referral': () => {
        activated = true
        return { json: { success: true, message: 'Activated', salonId: 'SAL004', sentTo: PENDING.contactEmail } }
      },
    })
    await user.click(await screen.findByRole('button', { name: texts.referrals.activate }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText(PENDING.salonName)).toBeTruthy()
    expect(dialog.getByText(PENDING.contactEmail)).toBeTruthy()
    const submit = dialog.getByRole('button', { name: texts.activate.submit })
    expect(submit.hasAttribute('disabled')).toBe(true)

    await user.type(dialog.getByLabelText(texts.activate.emailLabel, { exact: false }), '  belle.epoque@gmail.com ')
    expect(submit.hasAttribute('disabled')).toBe(false)
    await user.click(submit)

    expect(await screen.findByText(texts.activate.success)).toBeTruthy()
    expect(
      screen.getByText(fill(texts.activate.successText, { salonId: 'SAL004', email: 'contact@belle-epoque.fr' })),
    ).toBeTruthy()
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      referralId: PENDING._id,
      authorizedEmail: 'belle.epoque@gmail.com',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Read again: the card is now converted, with its new salon ID.
    expect(await within(cardOf(PENDING.salonName)).findByText('SAL004')).toBeTruthy()
  })

  it('says a known refusal in the interface language, and starts empty when opened again', async () => {
    const user = userEvent.setup()
    showReferrals({
      'GET /api/ambassador/referrals': listOf(PENDING),
      'POST /api/ambassador/activate-referral': {
        status: 409,
        json: { code: 'referrals.already_converted', message: 'This salon is already activated (SAL002).' },
      },
    })
    await user.click(await screen.findByRole('button', { name: texts.referrals.activate }))
    await user.type(screen.getByLabelText(texts.activate.emailLabel, { exact: false }), 'belle.epoque@gmail.com')
    await user.click(screen.getByRole('button', { name: texts.activate.submit }))
    expect(await screen.findByText(activation.refusals.alreadyConverted)).toBeTruthy()
    expect(screen.queryByText(/already activated \(SAL002\)/)).toBeNull()

    await user.click(screen.getByRole('button', { name: en.common.cancel }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(screen.getByRole('button', { name: texts.referrals.activate }))
    expect((screen.getByLabelText(texts.activate.emailLabel, { exact: false }) as HTMLInputElement).value).toBe('')
  })

  it('says so when the address is not an e-mail, without calling the server', async () => {
    const user = userEvent.setup()
    const calls = showReferrals({ 'GET /api/ambassador/referrals': listOf(PENDING) })
    await user.click(await screen.findByRole('button', { name: texts.referrals.activate }))
    await user.type(screen.getByLabelText(texts.activate.emailLabel, { exact: false }), 'not-an-address')
    await user.click(screen.getByRole('button', { name: texts.activate.submit }))
    expect(await screen.findByText(texts.emailInvalid)).toBeTruthy()
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
  })
})

describe('the authorised e-mail dialog', () => {
  it('changes only to a new address, then says the activation e-mail goes again, where and with which account', async () => {
    const user = userEvent.setup()
    const calls = showReferrals({
      'GET /api/ambassador/referrals': listOf(CONVERTED),
      'PUT /api/ambassador/update-authorized-email': {
        json: {
          success: true,
          salonId: 'SAL002',
          sentTo: CONVERTED.contactEmail,
          authorizedEmail: 'inhaberin.alpenrose@gmail.com',
        },
      },
    })
    await user.click(await screen.findByRole('button', { name: editLabel('Salon Alpenrose') }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('SAL002')).toBeTruthy()
    expect(dialog.getByText('alpenrose.salon@gmail.com')).toBeTruthy()
    const submit = dialog.getByRole('button', { name: texts.editEmail.submit })
    const field = dialog.getByLabelText(texts.editEmail.newLabel, { exact: false })
    expect(submit.hasAttribute('disabled')).toBe(true)

    await user.type(field, 'Alpenrose.Salon@gmail.com')
    expect(submit.hasAttribute('disabled')).toBe(true)
    expect(dialog.getByText(texts.editEmail.unchanged)).toBeTruthy()

    await user.clear(field)
    await user.type(field, 'inhaberin.alpenrose@gmail.com')
    expect(submit.hasAttribute('disabled')).toBe(false)
    await user.click(submit)
    expect(await screen.findByText(texts.editEmail.success)).toBeTruthy()
    expect(
      screen.getByText(
        fill(activation.emailChangedText, {
          salonId: 'SAL002',
          email: 'inhaberin.alpenrose@gmail.com',
          sentTo: 'hallo@alpenrose.de',
        }),
      ),
    ).toBeTruthy()
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      salonId: 'SAL002',
      newAuthorizedEmail: 'inhaberin.alpenrose@gmail.com',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('says a refusal without a known code in our own words, never the server’s English', async () => {
    const user = userEvent.setup()
    showReferrals({
      'GET /api/ambassador/referrals': listOf({ ...CONVERTED, authorizedGoogleEmail: null }),
      'PUT /api/ambassador/update-authorized-email': {
        status: 409,
        json: { code: 'salons.something_new', message: 'Something the screen has no words for.' },
      },
    })
    await user.click(await screen.findByRole('button', { name: /Change the authorised email/ }))
    expect(within(screen.getByRole('dialog')).getByText(texts.referrals.notSet)).toBeTruthy()
    await user.type(screen.getByLabelText(texts.editEmail.newLabel, { exact: false }), 'someone@gmail.com')
    await user.click(screen.getByRole('button', { name: texts.editEmail.submit }))
    expect(await screen.findByText(texts.editEmail.failed)).toBeTruthy()
    expect(screen.queryByText('Something the screen has no words for.')).toBeNull()
  })
})

describe('resending the activation e-mail', () => {
  it('sends it again and says where it went and which account it names', async () => {
    const user = userEvent.setup()
    const calls = showReferrals({
      'GET /api/ambassador/referrals': listOf(CONVERTED),
      'POST /api/ambassador/resend-activation-email': {
        json: {
          success: true,
          salonId: 'SAL002',
          sentTo: 'hallo@alpenrose.de',
          authorizedEmail: 'alpenrose.salon@gmail.com',
        },
      },
    })
    await user.click(
      await screen.findByRole('button', { name: fill(activation.resendFor, { salon: 'Salon Alpenrose' }) }),
    )
    expect(await screen.findByText(activation.resent)).toBeTruthy()
    expect(
      screen.getByText(
        fill(activation.resentText, {
          sentTo: 'hallo@alpenrose.de',
          salonId: 'SAL002',
          email: 'alpenrose.salon@gmail.com',
        }),
      ),
    ).toBeTruthy()
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ salonId: 'SAL002' })
  })

  it('says in the interface language that the owner signed in meanwhile, and reads the list again', async () => {
    const user = userEvent.setup()
    let reads = 0
    showReferrals({
      'GET /api/ambassador/referrals': () => {
        reads++
        return listOf(reads === 1 ? CONVERTED : { ...CONVERTED, canEditAuthorizedEmail: false })
      },
      'POST /api/ambassador/resend-activation-email': {
        status: 409,
        json: { code: 'referrals.owner_signed_in', message: "The salon's owner has signed in." },
      },
    })
    await user.click(
      await screen.findByRole('button', { name: fill(activation.resendFor, { salon: 'Salon Alpenrose' }) }),
    )
    expect(await screen.findAllByText(activation.refusals.ownerSignedIn)).not.toHaveLength(0)
    expect(screen.queryByText("The salon's owner has signed in.")).toBeNull()
    // Read again: the card now says the salon is the owner's, and offers no resend.
    await waitFor(() => expect(screen.queryByText(activation.resend)).toBeNull())
    expect(within(cardOf(CONVERTED.salonName)).getByText(texts.referrals.ownerSignedIn)).toBeTruthy()
  })
})
