import type { CombatMoment, TriggerQueryOf } from '../../engine/effects.js'
import type { Resolved } from '../../engine/modifiers.js'
import { parseDiceCount } from '../../engine/params.js'
import { rollDice } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { StepWounds } from '../battle/combat-triggers.js'
import type { BattleContext } from '../battle/context.js'
import { s } from '../battle/counting.js'
import type { Fighter } from '../battle/model-fighting.js'
import { modelView, woundModel, woundsLeftOf } from '../battle/models.js'
import { specialHits, specialMoment } from '../battle/special-blows.js'
import { woundsFromHits } from '../battle/strike.js'
import { oldWorldRule } from './rule.js'

/** The clauses the stomps cite. */
const clauses = {
  inContact: oldWorldRule('stomp-attacks', 'in-contact'),
  afterEverything: oldWorldRule('stomp-attacks', 'after-everything'),
  autoHit: oldWorldRule('stomp-attacks', 'auto-hit'),
  unmodifiedStrength: oldWorldRule('stomp-attacks', 'unmodified-strength'),
  combatResult: oldWorldRule('variants', 'special-blows-combat-result'),
}

/**
 * Stomp Attacks (old-world/stomp-attacks), the entry's step once every other attack of the round is made: the
 * fighter makes the stomps the 'stomp' point gives it with each model still in base contact (`fighting`), hitting
 * automatically at its profile's Strength.
 */
export function* stompAttacks(
  context: BattleContext,
  query: TriggerQueryOf<'model-strikes-last'>,
  blow: string,
): Generator<RequestSpec, StepWounds[], Answer> {
  const { fighter, round } = query
  const attacker = query.subject
  const from = round.from
  const caused: StepWounds[] = []
  const foe = fighter.foe ? modelView(context, fighter.foe) : null
  const target = foe ?? fighter.target
  if (target.models === 0) return caused
  const records = context.modifiers('stomp', { subject: attacker, opponent: target, combat: fighter.moment })
  const stomp = records.find((r) => r.status === 'applied' && r.kind === 'set')
  if (!stomp) return caused
  const models = query.fighting
  const count = parseDiceCount(stomp.value)
  if (models === 0 || count === null) return caused
  const inContact = explain(
    `${models} model${s(models)} of ${attacker.name} in base contact, ${stomp.label} each`,
    { value: models, rule: clauses.inContact, from: [...from] },
    [explain(stomp.label, { rule: stomp.source, value: stomp.value })],
  )
  let hits: number
  let hitsFrom: number[] = [...from]
  let diceWhy: Explanation[] = []
  if ('fixed' in count) hits = models * count.fixed
  else {
    const dice = models * count.dice
    // Each model adds the expression's fixed part to its dice ("D3+1").
    const added = models * count.add
    const answer = yield* rollDice({
      purpose: 'stomp-attacks',
      count: dice,
      sides: count.sides,
      roller: attacker.player,
      text: `${attacker.name}: roll ${dice}D${count.sides} for its Stomp Attacks on ${target.name}`,
      explanation: explain(
        `${attacker.name} stomps once every other attack is made`,
        { rule: clauses.afterEverything, from: [...from] },
        [inContact],
      ),
      odds: { kind: 'total', add: added },
    })
    hits = answer.faces.reduce((total, face) => total + face, 0) + added
    hitsFrom = [answer.seq]
    const plus = added > 0 ? ` + ${added} (+${count.add} a model)` : ''
    diceWhy = [explain(`dice ${answer.faces.join(' + ')}${plus} = ${hits} (${answer.source})`, { from: [answer.seq] })]
  }
  context.emit({
    kind: 'hits',
    text: `${attacker.name} stomps: ${hits} automatic hit${s(hits)} on ${target.name}`,
    values: { attacks: hits, need: null, hits },
    explanation: explain(
      `${hits} Stomp Attack${s(hits)} on ${target.name}: they hit automatically`,
      { value: hits, rule: clauses.autoHit, from: hitsFrom },
      [
        explain('Stomp Attacks are made after every other attack of the round, Initiative 1 included', {
          rule: clauses.afterEverything,
        }),
        inContact,
        ...diceWhy,
        explain('the wounds they cause count toward the combat result', {
          rule: clauses.combatResult,
        }),
      ],
    ),
  })
  const strength = {
    value: attacker.profile.S,
    records: [],
    explanation: explain(`${attacker.name} S ${attacker.profile.S}: its unmodified Strength, no weapon's`, {
      value: attacker.profile.S,
      rule: clauses.unmodifiedStrength,
      from: [attacker.musteredAt],
    }),
  }
  const moment = specialMoment(fighter.moment, attacker, blow)
  const blows = foe
    ? yield* stompOnModel(context, fighter, attacker, foe, moment, hits, strength, hitsFrom)
    : yield* specialHits(context, { attacker, target, combat: moment, hits, strength, from: hitsFrom })
  caused.push({ side: fighter.side, counted: blows.counted, seqs: blows.seqs })
  return caused
}

/** Stomps on the model a fighter duels in a challenge: its own Wounds take them. */
function* stompOnModel(
  ctx: BattleContext,
  fighter: Fighter,
  attacker: UnitState,
  foe: UnitState,
  combat: CombatMoment,
  hits: number,
  strength: Resolved & { readonly value: number },
  from: readonly number[],
): Generator<RequestSpec, { counted: number; seqs: number[] }, Answer> {
  const ref = fighter.foe
  if (!ref) return { counted: 0, seqs: [] }
  const left = woundsLeftOf(foe)
  const result = yield* woundsFromHits(
    ctx,
    { attacker, target: foe, combat, from, strength, remove: (unsaved, why) => woundModel(ctx, ref, unsaved, why) },
    hits,
    hits,
  )
  const counted = Math.min(result.unsaved, left)
  return { counted, seqs: counted > 0 ? [ctx.seq] : [] }
}
