// @vitest-environment happy-dom

import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LinkedText } from './LinkedText'

afterEach(cleanup)

describe("a message's addresses", () => {
  it('become links to tap, the words around them unchanged', () => {
    const { container } = render(
      <p>
        <LinkedText text={"Réglez l'acompte ici : https://book.salonia.app/api/r/abc_1-2/pay.\nÀ bientôt !"} />
      </p>,
    )
    const link = screen.getByRole('link', { name: 'https://book.salonia.app/api/r/abc_1-2/pay' })
    expect(link.getAttribute('href')).toBe('https://book.salonia.app/api/r/abc_1-2/pay')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(container.textContent).toBe(
      "Réglez l'acompte ici : https://book.salonia.app/api/r/abc_1-2/pay.\nÀ bientôt !",
    )
  })

  it('leave other schemes as text', () => {
    render(
      <p>
        <LinkedText text="javascript:alert(1) et ftp://x.example" />
      </p>,
    )
    expect(screen.queryByRole('link')).toBeNull()
  })
})
