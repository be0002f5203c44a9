import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import { markPure } from './pure-schemas'

const annotate = (code: string) => markPure(code, parseAst(code).body as unknown as Parameters<typeof markPure>[1])

describe('markPure', () => {
  it('makes each top-level constant that runs code a pure call of the same value', () => {
    const code = [
      "import { z } from 'zod'",
      "export const nameSchema = z.string().trim().min(1, 'Écrivez un nom')",
      'const earliest = Date.UTC(2000, 0, 1) - 1',
      'export const bookingSchema = nameSchema.nullable()',
    ].join('\n')
    expect(annotate(code)).toBe(
      [
        "import { z } from 'zod'",
        "export const nameSchema = /* @__PURE__ */ (() => (z.string().trim().min(1, 'Écrivez un nom')))()",
        'const earliest = /* @__PURE__ */ (() => (Date.UTC(2000, 0, 1) - 1))()',
        'export const bookingSchema = /* @__PURE__ */ (() => (nameSchema.nullable()))()',
      ].join('\n'),
    )
  })

  it('leaves literals, functions and what is not a constant as they are', () => {
    const code = [
      'export const MOVE_UNDO_SECONDS = 10',
      'export const text = () => z.string()',
      'export function blockMinutes(time) { return time }',
      'export let counter = make()',
      'export const same = MOVE_UNDO_SECONDS',
    ].join('\n')
    expect(annotate(code)).toBe(code)
  })

  it('keeps what the value means when it runs: the same expression, evaluated where it was', () => {
    const code = 'export const steps = [1, 2].map((n) => n * 2), total = steps.length'
    const module = { exports: {} as Record<string, unknown> }
    const run = new Function(
      'module',
      `${annotate(code).replaceAll('export const', 'const')}; module.exports = { steps, total }`,
    )
    run(module)
    expect(module.exports).toEqual({ steps: [2, 4], total: 2 })
  })
})
