import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const combatResult = defineEntry({
  id: 'combat-result',
  name: 'Combat result',
  kind: 'core',
  source: `${CORE} B.6`,
  anchor: 'tow:the-combat-phase/combat-result-score',
  text:
    'Each side scores the Wounds the enemy lost this Combat phase plus its bonuses; the higher total wins by the ' +
    'difference. A side wiped out loses; equal totals are a draw and nobody tests.',
  clauses: {
    wounds: 'each Wound the enemy lost this round scores 1',
    winner: 'the higher total wins by the difference; equal totals are a draw, with no break test',
    'wiped-out': 'a side with no models left in the combat loses it; there is nothing left to test',
  },
  enforcement: 'enforced',
})
