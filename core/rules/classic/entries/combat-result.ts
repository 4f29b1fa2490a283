import { defineEntry } from '../../../engine/catalogue.js'
import type { QueryOf, SideTally } from '../../../engine/effects.js'
import type { UnitState } from '../../../engine/types.js'
import { classicRankWidth, rankWidthWords } from '../rank-width.js'
import { CORE } from './sources.js'
import { unitStrengthOf } from './unit-strength.js'

/** A side's total Unit Strength in the combat. */
function sideStrength(side: SideTally): number {
  return side.units.reduce((sum, unit) => sum + unitStrengthOf(unit), 0)
}

/** The enemy units that fight a unit in its flank or rear. */
function flankers(query: QueryOf<'combat-result'>, unitId: string) {
  return query.enemy.units.filter(
    (enemy) =>
      query.enemy.targets[enemy.id] === unitId && query.enemy.facings[enemy.id] !== 'front' && enemy.models > 0,
  )
}

/** Which units may claim a rank bonus, and which enemies may cancel one (Skirmish: neither). */
export interface RankRules {
  readonly claims?: (unit: UnitState) => boolean
  readonly disrupts?: (enemy: UnitState) => boolean
}

/** A unit's rank bonus, or why it has none: +1 a rank of five behind the front, at most +3. */
function rankBonus(
  query: QueryOf<'combat-result'>,
  side: SideTally,
  unitId: string,
  disruption: string,
  rules: RankRules = {},
) {
  const ranks = side.ranks[unitId] ?? 0
  const bonus = Math.min(3, Math.max(0, ranks - 1))
  const disrupting = flankers(query, unitId).find(
    (enemy) =>
      (rules.disrupts?.(enemy) ?? true) &&
      (disruption === 'unit-strength-5' ? unitStrengthOf(enemy) >= 5 : (query.enemy.ranks[enemy.id] ?? 0) >= 2),
  )
  return { bonus, disrupting }
}

export const combatResult = defineEntry({
  id: 'combat-result',
  name: 'Combat result',
  kind: 'core',
  source: `${CORE} A.6, A.10`,
  anchor: '7e:close-combat/combat-result-bonuses',
  text:
    'Each side scores the unsaved wounds it caused this round plus its bonuses; the higher total wins by the difference. ' +
    'Bonuses: +1 a rank of five or more behind the front (units at least five wide, at most +3, the best unit of the ' +
    'side), cancelled by an enemy in the flank or rear; +1 flank, +2 rear; +1 for outnumbering (classic); +1 for ' +
    'charging (8th).',
  clauses: {
    wounds: 'each unsaved wound caused this round scores 1 (classic/variants §excess-wounds)',
    ranks:
      '+1 for each rank of five or more models behind the front rank, at most +3; the unit must be five or more wide',
    disruption: 'an enemy fighting the unit in its flank or rear cancels its rank bonus (classic/variants §disruption)',
    flank: '+1 when a unit of the side fights an enemy in its flank',
    rear: '+2 when a unit of the side fights an enemy in its rear',
    outnumber:
      '+1 to the side whose units in the combat have the higher total Unit Strength (classic/variants §outnumber)',
    charge: '+1 to a side that charged this turn (classic/variants §charge-bonus)',
    'high-ground': '+1 to a side fighting from higher ground, as the players say (classic/variants §high-ground)',
    winner: 'the higher total wins by the difference; equal totals are a draw',
    'wiped-out': 'a side with no models left in the combat loses it; there is nothing left to test',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'combat-result',
      clause: 'ranks',
      label: 'rank bonus',
      kind: 'add',
      when: (q, held) => {
        if (q.stage !== 'score') return null
        const disruption = held.decision('disruption')
        const best = bestRankUnit(q, disruption)
        if (!best) return 'no unit is five or more wide with a second rank of five'
        if (best.disrupting)
          return `${best.unit} is fought in the flank or rear by ${best.disrupting} (classic/variants §disruption)`
        return true
      },
      value: (q, held) => bestRankUnit(q, held.decision('disruption'))?.bonus ?? 0,
      describe: (q, held) => {
        const best = bestRankUnit(q, held.decision('disruption'), {}, held.decision('rank-width'))
        if (!best) return 'rank bonus'
        const when = held.decision('rank-count') === 'round-start' ? ' as the round began' : ''
        return `rank bonus: ${best.unit}, ${best.ranks} ranks of ${rankWidthWords(best.width)}${when}`
      },
    },
    {
      at: 'combat-result',
      clause: 'flank',
      label: 'flank attack',
      kind: 'add',
      when: (q) => {
        if (q.stage !== 'score') return null
        return Object.values(q.side.facings).includes('flank') ? true : 'no unit of the side fights in an enemy flank'
      },
      value: 1,
    },
    {
      at: 'combat-result',
      clause: 'rear',
      label: 'rear attack',
      kind: 'add',
      when: (q) => {
        if (q.stage !== 'score') return null
        return Object.values(q.side.facings).includes('rear') ? true : 'no unit of the side fights in an enemy rear'
      },
      value: 2,
    },
    {
      at: 'combat-result',
      clause: 'outnumber',
      label: 'outnumbering',
      kind: 'add',
      when: (q, held) => {
        if (q.stage !== 'score') return null
        const [own, enemy] = [sideStrength(q.side), sideStrength(q.enemy)]
        if (own <= enemy) return "not more than the enemy's"
        return held.decision('outnumber') === 'plus-one'
          ? true
          : '8th gives no bonus for it (classic/variants §outnumber)'
      },
      value: 1,
      describe: (q) => `outnumbering: Unit Strength ${sideStrength(q.side)} against ${sideStrength(q.enemy)}`,
    },
    {
      at: 'combat-result',
      clause: 'high-ground',
      label: 'higher ground',
      kind: 'add',
      when: (q, held) => {
        if (q.stage !== 'score' || !q.side.highGround) return null
        return held.decision('high-ground') === 'plus-one'
          ? true
          : '8th gives no bonus for it (classic/variants §high-ground)'
      },
      value: 1,
    },
    {
      at: 'combat-result',
      clause: 'charge',
      label: 'charged this turn',
      kind: 'add',
      when: (q, held) => {
        if (q.stage !== 'score') return null
        // A unit's charge counts in its own first round: round 1, or the round it joined a combat under way.
        const charged = q.combat.sides
          .find((side) => side.player === q.side.player)
          ?.units.some((unit) => unit.charged && q.combat.round === (unit.firstRound ?? 1))
        if (!charged) return null
        return held.decision('charge-bonus') === 'combat-result'
          ? true
          : 'the chargers struck first instead (classic/variants §charge-bonus)'
      },
      value: 1,
    },
  ],
})

/** The side's unit with the best rank bonus (the one that counts), with what might cancel it. */
export function bestRankUnit(
  query: QueryOf<'combat-result'>,
  disruption: string,
  rules: RankRules = {},
  rankWidth = 'five',
) {
  let best: { unit: string; width: number; ranks: number; bonus: number; disrupting: string | null } | null = null
  for (const unit of query.side.units) {
    if (unit.models === 0 || !(rules.claims?.(unit) ?? true)) continue
    const { bonus, disrupting } = rankBonus(query, query.side, unit.id, disruption, rules)
    if (bonus === 0) continue
    const candidate = {
      unit: unit.name,
      width: classicRankWidth(unit, rankWidth),
      ranks: query.side.ranks[unit.id] ?? 0,
      bonus,
      disrupting: disrupting?.name ?? null,
    }
    // An undisrupted unit beats a disrupted one; then the higher bonus.
    const rank = (c: typeof candidate) => (c.disrupting ? 0 : 10) + c.bonus
    if (!best || rank(candidate) > rank(best)) best = candidate
  }
  return best
}
