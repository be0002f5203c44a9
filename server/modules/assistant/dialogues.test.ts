import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../tests/helpers/app'
import { playCase, readCases } from '../../../tests/helpers/dialogues'

/**
 * The shared example dialogues, played through the chat API with the checks of the eval runner
 * (tests/fixtures/assistant-dialogues). Each file runs on its own fresh database at its clock.
 */
const FILES = [
  { file: 'examples.jsonl', now: '2026-12-01T08:30:00+01:00' },
  { file: 'sgd-en.jsonl', now: '2027-03-01T08:00:00+01:00' },
  { file: 'more-2026-12.jsonl', now: '2026-12-01T08:30:00+01:00' },
  { file: 'more-2027-03.jsonl', now: '2027-03-01T08:00:00+01:00' },
  // Real customers' messages of issue 13, about 85 per language.
  { file: 'real-fr.jsonl', now: '2026-12-01T08:30:00+01:00' },
  { file: 'real-de.jsonl', now: '2026-12-01T08:30:00+01:00' },
  { file: 'real-it.jsonl', now: '2026-12-01T08:30:00+01:00' },
  { file: 'real-en.jsonl', now: '2026-12-01T08:30:00+01:00' },
]

describe.each(FILES)('dialogues of $file', ({ file, now }) => {
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
