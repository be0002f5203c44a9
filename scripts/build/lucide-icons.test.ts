import { describe, expect, it } from 'vitest'
import { parseBarrel, readIconFiles, rewriteImport } from './lucide-icons'

const ICONS = parseBarrel(
  [
    "export { default as Clock3, default as Clock3Icon, default as LucideClock3 } from './icons/clock-3.mjs';",
    "export { default as X, default as XIcon, default as LucideX } from './icons/x.mjs';",
    "export { default as createLucideIcon } from './createLucideIcon.mjs';",
  ].join('\n'),
)

describe('lucide icons, one module each', () => {
  it("reads each icon's names and file from the package's barrel", () => {
    expect(ICONS.get('Clock3')).toBe('clock-3')
    expect(ICONS.get('LucideX')).toBe('x')
    expect(ICONS.has('createLucideIcon')).toBe(false)
    // The installed package: thousands of icons, found by their names.
    expect(readIconFiles().get('ArrowRight')).toBe('arrow-right')
  })

  it('imports each icon from its own module, under the name the code uses', () => {
    const statement = "import { Clock3, X as Close } from 'lucide-react'"
    expect(rewriteImport(statement, ' Clock3, X as Close ', ICONS)).toBe(
      "import Clock3 from 'lucide-react/icons/clock-3'; import Close from 'lucide-react/icons/x';",
    )
  })

  it('keeps types and other exports on the barrel, types alone as an import that is erased', () => {
    expect(rewriteImport("import { X, type LucideIcon } from 'lucide-react'", 'X, type LucideIcon', ICONS)).toBe(
      "import type { LucideIcon } from 'lucide-react'; import X from 'lucide-react/icons/x';",
    )
    expect(
      rewriteImport(
        "import { createLucideIcon, type LucideIcon } from 'lucide-react'",
        'createLucideIcon, type LucideIcon',
        ICONS,
      ),
    ).toBe("import { createLucideIcon, type LucideIcon } from 'lucide-react';")
  })

  it('keeps the statement on as many lines as it had', () => {
    const statement = "import {\n  Clock3,\n  X,\n} from 'lucide-react'"
    expect(rewriteImport(statement, '\n  Clock3,\n  X,\n', ICONS).split('\n')).toHaveLength(4)
  })
})
