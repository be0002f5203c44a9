// @vitest-environment happy-dom

import { setupTexts } from '@app/features/professional/test-harness'
import { de, en, fr, it as italian } from '@app/locales/all'
import { LANGUAGES } from '@common/languages'
// The PDF's copy of these words: a test may reach across, the app itself never does.
import { KIT_TEXTS } from '@server/modules/ambassadors/kit-texts'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { KIT_FAQ, KIT_STEPS, KitFaq, KitSteps, KitSupport } from './kit-content'

const SHOWN = { fr, de, it: italian, en }

beforeAll(setupTexts)
afterEach(cleanup)

describe('the kit', () => {
  it.each(LANGUAGES)('says in %s the same words on screen as in the PDF', (language) => {
    const shown = SHOWN[language].ambassador.kitContent
    const printed = KIT_TEXTS[language]
    expect(printed.steps).toHaveLength(7)
    expect({
      ...printed,
      steps: Object.fromEntries(printed.steps.map((step, index) => [String(index + 1), step])),
      faq: Object.fromEntries(printed.faq.map((item, index) => [String(index + 1), item])),
    }).toEqual(shown)
    expect(Object.keys(shown.steps)).toEqual([...KIT_STEPS])
    expect(Object.keys(shown.faq)).toEqual([...KIT_FAQ])
    expect(printed.support).toContain('support@salonia.app')
  })

  it('lists the 7 steps in order, and the answers in full when printed', () => {
    const texts = en.ambassador.kitContent
    render(
      <>
        <KitSteps />
        <KitFaq expanded />
        <KitSupport />
      </>,
    )
    const steps = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(steps).toHaveLength(7)
    expect(steps[0]?.textContent).toContain(texts.steps['1'].title)
    expect(steps[6]?.textContent).toContain(texts.steps['7'].title)
    expect(screen.getByText(texts.faq['7'].a)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'support@salonia.app' }).getAttribute('href')).toBe(
      'mailto:support@salonia.app',
    )
  })
})
