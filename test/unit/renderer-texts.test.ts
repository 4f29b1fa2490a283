import { describe, expect, it } from 'vitest'
import { explain } from '../../core/explain/explanation.js'
import { namesIn, valueShown } from '../../renderer/texts.js'

describe('the renderer reads explanations as sentences', () => {
  it('a yes/no is a word, never "= true"', () => {
    expect(valueShown(explain('passes its Fear test', { value: true }))).toBe('— yes')
    expect(valueShown(explain('passes its Fear test', { value: false }))).toBe('— no')
  })

  it('dice the sentence already reads out are not said again as a raw list', () => {
    expect(valueShown(explain('dice 4, 4, 5 (app) against 5+', { value: '4,4,5' }))).toBeNull()
    expect(valueShown(explain('dice for request 6.1', { value: '4,4,5' }))).toBe(': 4, 4, 5')
  })

  it('a number the text states is not repeated; one it does not is given', () => {
    expect(valueShown(explain('S 3 vs T 4: 5+', { value: 5 }))).toBeNull()
    expect(valueShown(explain('shield (needs -1): 6+ -> 5+', { value: -1 }))).toBeNull()
    expect(valueShown(explain('standard (+1): 5 -> 6', { value: 1 }))).toBeNull()
    expect(valueShown(explain('Orc Boyz is caught and destroyed', { value: 20 }))).toBe('→ 20')
    // "15" does not say 5.
    expect(valueShown(explain('15 attacks', { value: 5 }))).toBe('→ 5')
  })

  it('a line that is not counted scores nothing', () => {
    expect(
      valueShown(explain('flank attack: no unit fights in an enemy flank', { value: 1, status: 'ignored' })),
    ).toBeNull()
    expect(valueShown(explain('charged this turn', { value: true, status: 'ignored' }))).toBeNull()
  })

  it('player ids read as names, variant ids as their names; slugs and rule references are left alone', () => {
    const names = namesIn({
      players: [
        { id: 'druchii', name: 'Druchii raiders' },
        { id: 'orcs', name: 'Orc warband' },
      ],
      variants: [{ id: 'classic', name: 'Classic (seed as written)' }],
    })
    expect(names('druchii: 6; orcs: 5')).toBe('Druchii raiders: 6; Orc warband: 5')
    expect(names('game created: Classic, variant classic, catalogue 12ab')).toBe(
      'game created: Classic, variant Classic (seed as written), catalogue 12ab',
    )
    expect(names('orcs-and-goblins (classic/orcs §x)')).toBe('orcs-and-goblins (classic/orcs §x)')
    expect(namesIn({ players: [{ id: 'Empire', name: 'Empire' }] })('Empire wins')).toBe('Empire wins')
  })
})
