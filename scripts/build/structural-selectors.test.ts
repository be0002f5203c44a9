import { describe, expect, it } from 'vitest'
import { subtreeRestylingSelectors } from './structural-selectors'

describe('subtreeRestylingSelectors', () => {
  it('finds a structural pseudo-class before a combinator', () => {
    const css =
      '@media not all and (width>=40rem){.max-sm\\:x>form>div:last-child>*{flex:1}}.a li:first-child span{color:red}.b:nth-child(2n + 1) + p{margin:0}'
    expect(subtreeRestylingSelectors(css)).toEqual([
      '.max-sm\\:x>form>div:last-child>*',
      '.a li:first-child span',
      '.b:nth-child(2n + 1) + p',
    ])
  })

  it('finds one inside :is() whose compound a combinator follows', () => {
    expect(subtreeRestylingSelectors(':is(.a:last-child) > b{color:red}')).toHaveLength(1)
  })

  it('lets the pseudo-class be on the element styled', () => {
    const css = [
      '.last\\:pb-0:last-child{padding-bottom:0}',
      ':where(.divide-y>:not(:last-child)){border-bottom-width:1px}',
      ':where(.space-y-4 > :not(:last-child)){margin-block-end:1rem}',
      '.empty\\:hidden:empty{display:none}',
      '.x>li:nth-child(2n + 1){color:red}',
      ':is(.a, .b:first-child){color:red}',
      '@keyframes fade{from{opacity:0}to{opacity:1}}',
    ].join('')
    expect(subtreeRestylingSelectors(css)).toEqual([])
  })

  it('ignores class names that only spell a pseudo-class, and comments', () => {
    expect(
      subtreeRestylingSelectors('.max-sm\\:\\[\\&\\>div\\:last-child\\>\\*\\]\\:flex-1{flex:1}/* a:last-child b */'),
    ).toEqual([])
  })
})
