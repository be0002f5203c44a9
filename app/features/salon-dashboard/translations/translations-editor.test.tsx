// @vitest-environment happy-dom

import { fr } from '@app/locales/all'
import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { OwnerService } from '@common/schemas/catalog'
import type { Salon } from '@common/schemas/salon'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TranslationsCard } from './TranslationsCard'

/**
 * The translations editor of the dashboard (issue 39, point 7): each service's name and description
 * and the practical information in the three languages the salon does not write in, the glossary's
 * name as a suggestion, saved per service and per language.
 */
const texts = fr.translationsEditor
const NB = '\u00a0'
/** A text as Testing Library reads the page's (French non-breaking spaces and line breaks as plain spaces). */
const plain = (text: string) => text.replace(/\s+/g, ' ')

const SALON = {
  salonId: 'SAL001',
  name: 'Salon Lumière',
  country: 'FR',
  practicalInfo: 'Paiement par carte ou en espèces.',
  practicalInfoTranslations: { de: 'Zahlung mit Karte oder bar.' },
} as Salon

const service = (id: string, name: string, extra: Partial<OwnerService> = {}): OwnerService => ({
  id,
  salonId: 'SAL001',
  name,
  description: '',
  duration: 45,
  processing: null,
  cleanup: 0,
  price: 4500,
  priceAmount: '45.00',
  currency: 'EUR',
  isActive: true,
  position: 1,
  translations: {},
  descriptionTranslations: {},
  nameLanguage: 'fr',
  ownerTranslations: {},
  suggestedTranslations: {},
  ...extra,
})
const COUPE = service('00000000-0000-4000-8000-000000000001', 'Coupe femme', {
  description: 'Shampooing, coupe et coiffage',
  translations: { de: 'Damenhaarschnitt', it: 'Taglio donna', en: "Women's haircut" },
  suggestedTranslations: { de: 'Damenhaarschnitt', it: 'Taglio donna', en: "Women's haircut" },
})
const SOIN = service('00000000-0000-4000-8000-000000000002', 'Soin kératine', {
  description: 'Lissage brésilien',
  translations: { en: 'Keratin treatment' },
  ownerTranslations: { en: 'Keratin treatment' },
  descriptionTranslations: { en: 'Brazilian smoothing' },
  isActive: false,
})

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function serve(routes: Record<string, (body: unknown) => Response>) {
  const calls: { method: string; url: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ method, url: String(input), body })
      const route = routes[`${method} ${String(input)}`]
      return route ? route(body) : json({ code: 'not_found', message: 'Not found' }, 404)
    }),
  )
  return calls
}

const reading = (salon: Salon = SALON, services: OwnerService[] = [COUPE, SOIN]) => ({
  'GET /api/salons/SAL001': () => json(salon),
  'GET /api/salons/SAL001/services': () => json(services),
})
const patches = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PATCH').map(({ url, body }) => ({ url, body }))

/** The card rendered, its editor opened, the German tab shown (the first of three). */
async function openEditor() {
  const user = userEvent.setup()
  renderWithQueries(<TranslationsCard salonId="SAL001" />)
  await user.click(await screen.findByRole('button', { name: texts.open }))
  // The editor's code is a chunk of its own: its first load may take a moment.
  await screen.findByRole('tablist', { name: texts.languagesLabel }, { timeout: 10_000 })
  return user
}

/** A service's block in the tab shown, found by its heading (the salon's own name). */
const block = (name: string) => screen.getByRole('region', { name })

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the translations editor', () => {
  it('says what is left to translate per language, and offers the three languages the salon does not write in', async () => {
    serve(reading())
    const user = userEvent.setup()
    renderWithQueries(<TranslationsCard salonId="SAL001" />)
    // German: Coupe's description (Soin, deactivated, waits); Italian: the same and the practical
    // information; English: likewise.
    const summary = await screen.findByRole('list', { name: texts.summaryLabel })
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `allemand · ${texts.missingOne}`,
      `italien · ${texts.missingMany.replace('{{count}}', '2')}`,
      `anglais · ${texts.missingMany.replace('{{count}}', '2')}`,
    ])
    const opener = screen.getByRole('button', { name: texts.open })
    expect(opener.getAttribute('aria-expanded')).toBe('false')
    await user.click(opener)
    const tabs = within(
      await screen.findByRole('tablist', { name: texts.languagesLabel }, { timeout: 10_000 }),
    ).getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent?.replace(/\d.*$/, ''))).toEqual(['allemand', 'italien', 'anglais'])
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('button', { name: texts.close }).getAttribute('aria-expanded')).toBe('true')
  })

  it('shows the salon’s text as the reference, takes the glossary’s name in one tap, and saves the service’s German texts', async () => {
    let saved = COUPE
    const calls = serve({
      ...reading(),
      // Read again after the save: what was saved.
      'GET /api/salons/SAL001/services': () => json([saved, SOIN]),
      [`PATCH /api/salons/SAL001/services/${COUPE.id}`]: (body) => {
        const { translations, descriptionTranslations } = body as {
          translations: { de: string }
          descriptionTranslations: { de: string }
        }
        saved = {
          ...COUPE,
          ownerTranslations: translations,
          translations: { ...COUPE.translations, ...translations },
          descriptionTranslations,
        }
        return json(saved)
      },
    })
    const user = await openEditor()
    const coupe = block('Coupe femme')
    // The reference, read-only: the French name and description, no field.
    expect(coupe.textContent).toContain('Shampooing, coupe et coiffage')
    const name = within(coupe).getByLabelText('Nom en allemand') as HTMLInputElement
    expect(name.value).toBe('')
    expect(name.placeholder).toBe('Damenhaarschnitt')
    expect(within(coupe).getByText(plain(texts.nameHintGlossary))).toBeTruthy()
    expect(
      (within(coupe).getByRole('button', { name: `Enregistrer «${NB}Coupe femme${NB}»` }) as HTMLButtonElement)
        .disabled,
    ).toBe(true)

    await user.click(
      within(coupe).getByRole('button', { name: `Utiliser la suggestion du glossaire «${NB}Damenhaarschnitt${NB}»` }),
    )
    expect(name.value).toBe('Damenhaarschnitt')
    expect(document.activeElement).toBe(name)
    await user.type(within(coupe).getByLabelText('Description en allemand'), 'Waschen, Schneiden, Föhnen')
    expect(within(coupe).getByText(texts.unsaved)).toBeTruthy()
    await user.click(within(coupe).getByRole('button', { name: `Enregistrer «${NB}Coupe femme${NB}»` }))

    await waitFor(() => expect(within(block('Coupe femme')).getByText(texts.saved)).toBeTruthy())
    expect(patches(calls)).toEqual([
      {
        url: `/api/salons/SAL001/services/${COUPE.id}`,
        body: {
          translations: { de: 'Damenhaarschnitt' },
          descriptionTranslations: { de: 'Waschen, Schneiden, Föhnen' },
        },
      },
    ])
    expect(await screen.findByText(texts.savedToast)).toBeTruthy()
    // What is saved shows, and the owner's name now comes before the glossary's.
    expect((within(block('Coupe femme')).getByLabelText('Nom en allemand') as HTMLInputElement).value).toBe(
      'Damenhaarschnitt',
    )
    expect(within(block('Coupe femme')).getByText(plain(texts.nameHintOwner))).toBeTruthy()
  })

  it('sends an emptied name as null, for the glossary’s to come back, and only the texts that changed', async () => {
    const calls = serve({
      ...reading(),
      [`PATCH /api/salons/SAL001/services/${SOIN.id}`]: () => json(SOIN),
    })
    const user = await openEditor()
    await user.click(screen.getByRole('tab', { name: /anglais/ }))
    const soin = block('Soin kératine')
    expect(within(soin).getByText(texts.inactive)).toBeTruthy()
    const name = within(soin).getByLabelText('Nom en anglais') as HTMLInputElement
    expect(name.value).toBe('Keratin treatment')
    // No glossary entry: an emptied name falls back to the salon's own, and says so.
    await user.clear(name)
    expect(within(soin).getByText(plain(texts.nameHintNone.replace('{{name}}', 'Soin kératine')))).toBeTruthy()
    await user.click(within(soin).getByRole('button', { name: `Enregistrer «${NB}Soin kératine${NB}»` }))
    await waitFor(() => expect(patches(calls)).toHaveLength(1))
    expect(patches(calls)[0]?.body).toEqual({ translations: { en: null } })
  })

  it('keeps what was typed in one language while the owner looks at another, and marks its tab unsaved', async () => {
    serve(reading())
    const user = await openEditor()
    await user.type(within(block('Coupe femme')).getByLabelText('Description en allemand'), 'Schnitt')
    const german = screen.getByRole('tab', { name: /allemand/ })
    expect(german.textContent).toContain(texts.unsaved)
    // The keyboard moves between languages, as in any tab list.
    german.focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: /italien/ }).getAttribute('aria-selected')).toBe('true')
    expect((within(block('Coupe femme')).getByLabelText('Description en italien') as HTMLTextAreaElement).value).toBe(
      '',
    )
    await user.click(german)
    expect((within(block('Coupe femme')).getByLabelText('Description en allemand') as HTMLTextAreaElement).value).toBe(
      'Schnitt',
    )
  })

  it('puts the server’s refusal under the field it concerns, and says it was not saved', async () => {
    serve({
      ...reading(),
      [`PATCH /api/salons/SAL001/services/${COUPE.id}`]: () =>
        json(
          {
            code: 'request.invalid',
            message: 'Invalid request',
            issues: [
              {
                path: 'body.descriptionTranslations.de',
                message: 'Contains a character that is not allowed (a NUL byte or a broken Unicode character)',
              },
            ],
          },
          400,
        ),
    })
    const user = await openEditor()
    const description = within(block('Coupe femme')).getByLabelText('Description en allemand')
    await user.type(description, 'Farbe')
    await user.click(within(block('Coupe femme')).getByRole('button', { name: `Enregistrer «${NB}Coupe femme${NB}»` }))
    expect(await within(block('Coupe femme')).findByRole('alert')).toBeTruthy()
    expect(description.getAttribute('aria-invalid')).toBe('true')
    expect(await screen.findByText(texts.saveError)).toBeTruthy()
    // Still typed, still unsaved.
    expect((description as HTMLTextAreaElement).value).toBe('Farbe')
    expect(within(block('Coupe femme')).getByText(texts.unsaved)).toBeTruthy()
  })

  it('translates the practical information beside the salon’s text, saved with the salon', async () => {
    const calls = serve({
      ...reading(),
      'PATCH /api/salons/SAL001': (body) =>
        json({
          ...SALON,
          practicalInfoTranslations: {
            ...SALON.practicalInfoTranslations,
            ...(body as { practicalInfoTranslations: object }).practicalInfoTranslations,
          },
        }),
    })
    const user = await openEditor()
    await user.click(screen.getByRole('tab', { name: /italien/ }))
    const practical = block(texts.practical.title)
    expect(practical.textContent).toContain('Paiement par carte ou en espèces.')
    await user.type(within(practical).getByLabelText('Informations pratiques en italien'), ' Carta o contanti. ')
    await user.click(
      within(practical).getByRole('button', { name: 'Enregistrer les informations pratiques en italien' }),
    )
    await waitFor(() => expect(within(block(texts.practical.title)).getByText(texts.saved)).toBeTruthy())
    expect(patches(calls)).toEqual([
      { url: '/api/salons/SAL001', body: { practicalInfoTranslations: { it: 'Carta o contanti.' } } },
    ])
  })

  it('points to the salon’s details when there is no practical information to translate', async () => {
    serve(reading({ ...SALON, practicalInfo: null, practicalInfoTranslations: {} }))
    await openEditor()
    expect(within(block(texts.practical.title)).getByText(plain(texts.practical.none))).toBeTruthy()
    expect(within(block(texts.practical.title)).queryByRole('textbox')).toBeNull()
  })
})
