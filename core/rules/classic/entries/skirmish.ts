import { defineEntry } from '../../../engine/catalogue.js'
import type { QueryOf } from '../../../engine/effects.js'
import type { UnitState } from '../../../engine/types.js'
import { bestRankUnit, type RankRules } from './combat-result.js'
import { SEED } from './sources.js'
import { unitStrengthOf } from './unit-strength.js'

/** "Single models with US 1 count as skirmishers" (clause `single-models`). */
function loneModelOfUnitStrength1(unit: UnitState): boolean {
  return unit.models === 1 && unit.characters.length === 0 && unitStrengthOf(unit) === 1
}

/** A unit that skirmishes: it has this rule, or it is a single model of US 1. */
function skirmishes(unit: UnitState): boolean {
  return unit.rules.some((rule) => rule.id === 'skirmish') || loneModelOfUnitStrength1(unit)
}

/** The rank bonus a side's best unit scores (0 when cancelled), under the rank rules given. */
function rankBonusScored(query: QueryOf<'combat-result'>, disruption: string, rules: RankRules): number {
  const best = bestRankUnit(query, disruption, rules)
  return best && !best.disrupting ? best.bonus : 0
}

const notSkirmishing: RankRules = { claims: (unit) => !skirmishes(unit) }
const neitherClaimsNorDisrupts: RankRules = {
  claims: (unit) => !skirmishes(unit),
  disrupts: (enemy) => !skirmishes(enemy),
}

/** What the side's rank bonus loses because its skirmishers cannot claim one (0 or negative). */
function noRankBonus(query: QueryOf<'combat-result'>, disruption: string): number {
  return rankBonusScored(query, disruption, notSkirmishing) - rankBonusScored(query, disruption, {})
}

/** What the side's rank bonus regains because the enemy's skirmishers in its flank or rear do not cancel it. */
function ranksNotBroken(query: QueryOf<'combat-result'>, disruption: string): number {
  return (
    rankBonusScored(query, disruption, neitherClaimsNorDisrupts) - rankBonusScored(query, disruption, notSkirmishing)
  )
}

const TEXT =
  '- Formation: - Loose formation: this unit does not rank up and always moves in a loose formation. In a legal ' +
  'loose formation models are positioned in a single group and within 1" of at least one other model of the unit. ' +
  'LOS cannot be drawn through this unit (remember that unit and not models block LOS!). - this unit has an AOS of ' +
  '360° - Moving: - cannot be march blocked, i.e. skirmishers are always allowed to march - each model in the unit ' +
  'moves like a single model, i.e. there are no manoeuvres; the unit has to end its movement in a legal loose ' +
  'formation - does not suffer movement penalties for difficult terrain or linear obstacles - Charging: - When this ' +
  'unit charges a non-skirmishing unit, determine for each model if it is within charge distance of the target ' +
  'unit. Models that are within charge distance are placed in BTB with the respective side of the target unit (if ' +
  'possible) and form a front rank. Models that do not reach the target unit (because there is not enough space to ' +
  'get into BTB or they are out of charge distance) are placed behind the front rank where they form rear ranks and ' +
  'what looks like a regular formation. Command group models or characters that have joined the unit may switch ' +
  'places with models in BTB after the charge move is completed. - Non-skirmishing units charging a unit of ' +
  'skirmishers result in both units lining up perpendicular to the charge line (the distance between the centre of ' +
  'the front of the charging unit and the closest model of the target skirmishing unit within AOS), i.e. it is not ' +
  'possible to arbitrarily “wheel into contact" to change the alignment of the units and thereby the direction of ' +
  'a possible flight and pursuit path. - Charges against other skirmishers: Determine for each model if it is ' +
  'within charge distance of the closest model within AOS of the target unit. Models that are within charge ' +
  'distance form a front rank which is touching this closest model and which is aligned perpendicular to a line ' +
  'through the centres of both units (before the charge move). Models that do not reach the target unit form rear ' +
  'ranks as usual. After the charging unit moved, the charged unit then moves as many models as possible into BTB ' +
  'with the front of the charging unit forming their own front rank while the remaining models form rear ranks as ' +
  'usual. - Shooting: - Models in the unit can draw LOS through other models in the unit. - Templates as well as ' +
  'enemies shooting at this unit suffer -1 to their to-hit rolls. - Close combat: - As long as this unit is ' +
  'engaged in close combat it will stay in a ranked up formation with a front, flanks and a rear. - cannot claim ' +
  'rank bonuses for combat result - do not break ranks (independent of their US). - Other: - character models with ' +
  'Type (Inf) may join the unit and move and shoot like the unit - Single models with US 1 count as skirmishers.'

/**
 * Enforced: the -1 to hit for templates and shooters, no rank bonus, no breaking of the enemy's
 * ranks. The formation, 360° arc of sight, movement and charge-geometry clauses are the table's
 * (placing models); the engine takes what they lead to from the declarations (which models
 * shoot, who is in contact and where).
 */
export const skirmish = defineEntry({
  id: 'skirmish',
  name: 'Skirmish',
  kind: 'special-rule',
  source: SEED,
  text: TEXT,
  clauses: {
    'loose-formation':
      'the unit never ranks up: its models stand in one group, each within 1" of another; no LOS through the unit',
    'arc-of-sight': 'the unit sees all around (360°)',
    moving:
      'never march-blocked; each model moves as a single model, without penalty for difficult terrain or obstacles',
    charging: 'charges by and against skirmishers line models up as the seed describes (the table places them)',
    'line-of-sight': "the unit's models see through each other",
    'to-hit': 'templates and enemies shooting at the unit suffer -1 to hit',
    'close-combat-formation': 'engaged, the unit stands ranked up with a front, flanks and a rear',
    'no-rank-bonus': 'the unit cannot claim rank bonuses for combat result',
    'no-break-ranks': 'the unit does not break ranks, whatever its Unit Strength',
    characters: 'infantry characters may join the unit and move and shoot like it',
    'single-models': 'a single model of Unit Strength 1 counts as a skirmisher',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'permission',
      clause: 'moving',
      label: 'skirmishers cannot be march blocked',
      kind: 'set',
      value: 'allowed',
      when: (q) => (q.action === 'march' ? true : null),
    },
    {
      // Held by the target: it hinders whoever shoots at it.
      at: 'to-hit',
      clause: 'to-hit',
      label: 'skirmishers',
      kind: 'add',
      holder: 'opponent',
      when: (q) => (q.shot ? true : null),
      value: 1,
      describe: (q) => `shooting at skirmishers (${q.opponent.name})`,
    },
    {
      // A lone model of US 1 counts as a skirmisher, whether or not its list gives it the rule.
      at: 'to-hit',
      clause: 'single-models',
      label: 'a single model of Unit Strength 1',
      kind: 'add',
      holder: 'opponent',
      always: true,
      when: (q) =>
        q.shot && loneModelOfUnitStrength1(q.opponent) && !q.opponent.rules.some((rule) => rule.id === 'skirmish')
          ? true
          : null,
      value: 1,
      describe: (q) => `${q.opponent.name}: a single model of Unit Strength 1 counts as a skirmisher`,
    },
    {
      // Asked as a character would join the unit (CharacterJoined): the character on its own is the subject.
      at: 'permission',
      clause: 'characters',
      label: 'Skirmish: only characters with Type (Inf) may join the unit',
      kind: 'set',
      holder: 'opponent',
      value: 'forbidden',
      when: (q) => (q.action === 'join' && q.subject.troopType !== 'infantry' ? true : null),
      describe: (q) =>
        `Skirmish: only characters with Type (Inf) may join ${q.opponent?.name} (${q.subject.name} is ${q.subject.troopType})`,
    },
    {
      // The core rank bonus is counted as usual, then this takes back what a skirmisher claimed.
      at: 'combat-result',
      clause: 'no-rank-bonus',
      label: 'skirmishers cannot claim a rank bonus',
      kind: 'add',
      when: (q, held) => (q.stage === 'score' && noRankBonus(q, held.decision('disruption')) !== 0 ? true : null),
      value: (q, held) => noRankBonus(q, held.decision('disruption')),
    },
    {
      // Held by the enemy: its skirmishers in the side's flank or rear leave the side's ranks standing.
      at: 'combat-result',
      clause: 'no-break-ranks',
      label: 'skirmishers do not break ranks',
      kind: 'add',
      holder: 'opponent',
      when: (q, held) => (q.stage === 'score' && ranksNotBroken(q, held.decision('disruption')) !== 0 ? true : null),
      value: (q, held) => ranksNotBroken(q, held.decision('disruption')),
    },
  ],
})
