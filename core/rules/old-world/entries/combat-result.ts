import { defineEntry } from '../../../engine/catalogue.js'
import { bestRankBonus, enemiesEngagedIn, sideUnitStrength } from '../rank-bonus.js'
import { CORE } from './sources.js'

/** The troop types with Massed Infantry (tow:troop-types-in-detail/massed-infantry). */
const MASSED = new Set(['infantry', 'heavy-infantry'])

export const combatResult = defineEntry({
  id: 'combat-result',
  name: 'Combat result',
  kind: 'core',
  source: `${CORE} B.6`,
  anchor: 'tow:the-combat-phase/combat-result-score',
  text:
    'Each side scores the Wounds the enemy lost this Combat phase plus its bonuses; the higher total wins by the ' +
    'difference. A side wiped out loses; equal totals are a draw and nobody tests. Bonuses: rank bonus by troop type ' +
    '(none if Disrupted), standard +1, flank +1, rear +2, high ground +1, Massed Infantry +1, overkill in a ' +
    'challenge (at most +5); no bonus for charging; a musician breaks a tie.',
  clauses: {
    wounds: 'each Wound the enemy lost this round scores 1',
    winner: 'the higher total wins by the difference; equal totals are a draw, with no break test',
    'wiped-out': 'a side with no models left in the combat loses it; there is nothing left to test',
    ranks:
      '+1 a rank behind the first with as many models as its troop type needs (regular infantry, light cavalry and war ' +
      'beasts 5, heavy infantry and heavy cavalry 4, monstrous infantry and cavalry and light chariots 3), at most +2 ' +
      '(infantry) or +1 (cavalry, chariots); only a unit in Combat Order (at least as wide as deep) claims it, and only ' +
      "the side's best unit counts",
    disrupted:
      'a unit fought in its flank or rear by an enemy unit of Unit Strength 5 or more (10 or more against heavy ' +
      'infantry) is Disrupted and claims no rank bonus',
    flank: '+1 for each enemy unit the side fights in its flank',
    rear: '+2 for each enemy unit the side fights in its rear',
    'high-ground': '+1 to a side whose fighting rank is on higher ground, as the players say',
    'massed-infantry':
      '+1 to a side with the higher total Unit Strength that includes regular or heavy infantry (Massed Infantry)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'combat-result',
      clause: 'ranks',
      label: 'rank bonus',
      kind: 'add',
      when: (q) => {
        if (q.stage !== 'score') return null
        const best = bestRankBonus(q)
        return best.bonus > 0 ? true : best.why
      },
      value: (q) => bestRankBonus(q).bonus,
      describe: (q, held) => {
        const best = bestRankBonus(q)
        if (best.bonus === 0) return 'rank bonus'
        const when =
          held.decision('rank-count') === 'combat-result' ? ', ranks counted as the result is worked out' : ''
        return `rank bonus: ${best.why}${when}`
      },
    },
    {
      at: 'combat-result',
      clause: 'flank',
      label: 'flank attack',
      kind: 'add',
      when: (q) => (q.stage === 'score' && enemiesEngagedIn(q.side, 'flank') > 0 ? true : null),
      value: (q) => enemiesEngagedIn(q.side, 'flank'),
      describe: (q) => `flank attack: ${enemiesEngagedIn(q.side, 'flank')} enemy unit(s) fought in the flank`,
    },
    {
      at: 'combat-result',
      clause: 'rear',
      label: 'rear attack',
      kind: 'add',
      when: (q) => (q.stage === 'score' && enemiesEngagedIn(q.side, 'rear') > 0 ? true : null),
      value: (q) => 2 * enemiesEngagedIn(q.side, 'rear'),
      describe: (q) => `rear attack: ${enemiesEngagedIn(q.side, 'rear')} enemy unit(s) fought in the rear`,
    },
    {
      at: 'combat-result',
      clause: 'high-ground',
      label: 'the high ground',
      kind: 'add',
      when: (q) => (q.stage === 'score' && q.side.highGround ? true : null),
      value: 1,
    },
    {
      at: 'combat-result',
      clause: 'massed-infantry',
      label: 'Massed Infantry',
      kind: 'add',
      when: (q) => {
        if (q.stage !== 'score' || !q.side.units.some((u) => MASSED.has(u.troopType))) return null
        const [own, enemy] = [sideUnitStrength(q.side), sideUnitStrength(q.enemy)]
        return own > enemy ? true : `Unit Strength ${own} is not higher than the enemy's ${enemy}`
      },
      value: 1,
      describe: (q) =>
        `Massed Infantry: Unit Strength ${sideUnitStrength(q.side)} against ${sideUnitStrength(q.enemy)}`,
    },
  ],
})
