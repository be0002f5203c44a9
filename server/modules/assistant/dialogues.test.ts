import { startTestApp, type TestApp } from '@tests/helpers/app'
import { DIALOGUE_FILES, playCase, readCases } from '@tests/helpers/dialogues'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The shared example dialogues, played through the chat API with the checks of the eval runner
 * (tests/fixtures/assistant-dialogues). Each file runs on its own fresh database at its clock.
 */
describe.each(DIALOGUE_FILES)('dialogues of $file', ({ file, now }) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ now })
  })
  afterAll(() => t.close())

  const cases = readCases(new URL(`../../../tests/fixtures/assistant-dialogues/${file}`, import.meta.url))
  it.each(cases.map((c) => [c.id, c] as const))('%s', async (_, dialogue) => {
    expect(await playCase(t.app, dialogue)).toEqual([])
  })
})
