import { describe, expect, it } from 'vitest'
import { QUICK_REPLIES_MAX, quickRepliesOf } from './instagram-quick-replies'

describe("quick replies from the assistant's suggestions", () => {
  it('shows the words themselves when they fit a title, and carries them as the payload', () => {
    expect(quickRepliesOf([{ label: 'Oui, je réserve', says: 'oui' }])).toEqual([{ title: 'oui', payload: 'oui' }])
  })

  it('shows the short label when the words are longer than 20 characters, and still carries the words', () => {
    const [reply] = quickRepliesOf([{ label: 'ven. 4 déc. · 14:30', says: 'vendredi 4 décembre à 14:30' }])
    expect(reply).toEqual({ title: 'ven. 4 déc. · 14:30', payload: 'vendredi 4 décembre à 14:30' })
  })

  it('cuts a long label on a character with an ellipsis, and keeps at most 13', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      label: `Soin Olaplex intensif n°${i} 💇‍♀️`,
      says: `Soin Olaplex intensif n°${i}`,
    }))
    const replies = quickRepliesOf(many)
    expect(replies).toHaveLength(QUICK_REPLIES_MAX)
    for (const reply of replies) {
      expect(Array.from(reply.title)).toHaveLength(20)
      expect(reply.title.endsWith('…')).toBe(true)
    }
    expect(quickRepliesOf(undefined)).toEqual([])
  })
})
