import type { CombatMoment } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import { resolveModifiers } from '../../engine/modifiers.js'
import { choose } from '../../engine/requests.js'
import type {
  Answer,
  ChallengeState,
  CombatState,
  EventOf,
  ModelRef,
  Procedure,
  ProcedureContext,
  RequestSpec,
  UnitState,
} from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { hasModelsLeft, modelAlive, modelName, modelsOf, optionId, refIn, sameModel } from './models.js'

/**
 * Challenges (classic/challenge): a character or champion issues one before the blows of a round; the
 * enemy accepts with one of its own or refuses; the two then fight only each other, and wounds past the
 * slain one count as Overkill.
 */

/** ChallengeIssued: recorded now, answered by the enemy as the combat's next round (or its first) begins. */
export function* challengeIssued(context: ProcedureContext, event: EventOf<'ChallengeIssued'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: ChallengeIssued`
  if (ctx.game.phase !== 'close-combat')
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: challenges are issued in the close-combat phase, not ${ctx.game.phase ?? 'before any phase'} ` +
        `(${ctx.game.ruleset}/challenge §issue)`,
    )
  const { combat: combatId, character, champion } = event.payload
  const unit = ctx.unit(event.payload.unit)
  if (character !== undefined && champion)
    throw new RuleError('rules/bad-model', `${where}: name the champion or a character, not both`)
  const challenger = refIn(unit, champion ? 'champion' : character, where)
  if (!modelAlive(ctx, challenger) || unit.fleeing)
    throw new RuleError('rules/bad-challenge', `${where}: ${modelName(ctx, challenger)} cannot fight`)
  const combat = Object.hasOwn(ctx.game.combats, combatId) ? ctx.game.combats[combatId] : undefined
  const pending = ctx.game.challenges?.[combatId]
  if (pending)
    throw new RuleError(
      'rules/bad-challenge',
      `${where}: combat "${combatId}" already has a challenge by ${modelName(ctx, pending.challenger)} ` +
        `(${ctx.game.ruleset}/challenge §issue)`,
    )
  if (combat) {
    if (combat.ended) throw new RuleError('rules/combat-over', `${where}: combat "${combatId}" is over`)
    if (!combat.sides.some((side) => side.units.some((u) => u.unit === unit.id)))
      throw new RuleError('rules/not-in-combat', `${where}: ${unit.name} is not in combat "${combatId}"`)
    const last = combat.lastFought
    if (last && last.turn === ctx.game.turn && last.player === ctx.game.activePlayer)
      throw new RuleError(
        'rules/combat-fought',
        `${where}: combat "${combatId}" has fought its round in this phase; a challenge comes before the blows ` +
          `(${ctx.game.ruleset}/challenge §issue)`,
      )
  } else {
    const other = Object.values(ctx.game.combats).find(
      (c) => !c.ended && c.sides.some((side) => side.units.some((u) => u.unit === unit.id)),
    )
    if (other) throw new RuleError('rules/already-engaged', `${where}: ${unit.name} is already in combat "${other.id}"`)
  }
  const name = modelName(ctx, challenger)
  ctx.emit({
    kind: 'challenge-issued',
    text: `${name} issues a challenge in combat ${combatId}`,
    values: { combat: combatId, challenger },
    explanation: explain(
      `${name} issues a challenge; the enemy answers before the blows of ${combat ? 'the next round' : 'the first round'}`,
      { rule: ctx.rule('challenge', 'issue'), from: [event.seq] },
      [explain(`${name} may challenge`, { rule: challengerRule(ctx, challenger) })],
    ),
  })
}

function challengerRule(ctx: BattleContext, ref: ModelRef) {
  return ref.kind === 'champion' ? ctx.rule('champion', 'challenges') : ctx.rule('challenge', 'issue')
}

/** A challenge issued before the combat was joined names a unit that must be in it. */
export function checkPendingChallenge(
  ctx: BattleContext,
  combatId: string,
  sides: CombatState['sides'],
  where: string,
): void {
  const challenge = ctx.game.challenges?.[combatId]
  if (challenge?.status !== 'issued') return
  const challenger = challenge.challenger
  if (!sides.some((side) => side.units.some((u) => u.unit === challenger.unit)))
    throw new RuleError(
      'rules/bad-challenge',
      `${where}: ${modelName(ctx, challenge.challenger)} challenged in combat "${combatId}" but its unit is not in it`,
    )
}

/**
 * May this model refuse? A refuser steps back and a trooper of its unit takes its place (classic/variants
 * §challenge-refusal); a character on its own, or one whose unit has no rank and file left, has nobody to step back
 * behind, so it must accept (§lone-challenge).
 */
function canStepBack(ctx: BattleContext, ref: ModelRef): boolean {
  const unit = ctx.unit(ref.unit)
  if (ref.kind === 'lone' || ref.kind === 'mount') return false
  return unit.models > (ref.kind === 'champion' ? 1 : 0)
}

export interface Duel {
  /** The two who fight each other, challenger first; null when no challenge is fought this round. */
  readonly pair: readonly [ModelRef, ModelRef] | null
  /** The model named as the refuser: it does not fight this round. */
  readonly refuser: ModelRef | null
}

const NO_DUEL: Duel = { pair: null, refuser: null }

function inFight(ctx: BattleContext, combat: CombatState, ref: ModelRef): boolean {
  const unit = ctx.unit(ref.unit)
  return (
    modelAlive(ctx, ref) &&
    !unit.fleeing &&
    hasModelsLeft(unit) &&
    combat.sides.some((side) => side.units.some((u) => u.unit === unit.id))
  )
}

/**
 * As a round begins: a challenge fought on goes on while both are in the fight; a new one is answered by
 * the enemy (accept with a named model, or refuse: the challenger names the refuser).
 */
export function* answerChallenge(
  ctx: BattleContext,
  combat: CombatState,
  seq: number,
): Generator<RequestSpec, Duel, Answer> {
  const challenge = ctx.game.challenges?.[combat.id]
  if (!challenge) return NO_DUEL
  if (challenge.status === 'accepted') {
    const pair = [challenge.challenger, challenge.answerer as ModelRef] as const
    const out = pair.find((ref) => !inFight(ctx, combat, ref))
    if (out) {
      endChallenge(ctx, combat.id, `${modelName(ctx, out)} is no longer in the fight`, challenge)
      return NO_DUEL
    }
    return { pair, refuser: null }
  }
  if (challenge.status !== 'issued') return NO_DUEL
  const challenger = challenge.challenger
  if (!inFight(ctx, combat, challenger)) {
    endChallenge(ctx, combat.id, `${modelName(ctx, challenger)} is no longer in the fight`, challenge)
    return NO_DUEL
  }
  const challengerName = modelName(ctx, challenger)
  const challengerPlayer = ctx.unit(challenger.unit).player
  const enemySide = combat.sides.find((side) => side.player !== challengerPlayer)
  const eligible = (enemySide?.units ?? [])
    .map((u) => ctx.unit(u.unit))
    .filter((unit) => !unit.fleeing)
    .flatMap((unit) => modelsOf(unit))
  const issued = explain(`${challengerName} has challenged`, {
    rule: ctx.rule('challenge', 'issue'),
    from: [challenge.issuedAt],
  })
  if (eligible.length === 0) {
    ctx.emit({
      kind: 'challenge-refused',
      text: `nobody can answer ${challengerName}'s challenge`,
      values: { combat: combat.id, refuser: null },
      explanation: explain(
        `${enemySide?.player ?? 'the enemy'} has no character or champion in the combat: the challenge lapses`,
        { rule: ctx.rule('challenge', 'unanswered'), from: [seq] },
        [issued],
      ),
    })
    return NO_DUEL
  }
  const names = new Map(eligible.map((ref) => [optionId(ref), ref]))
  const refusers = eligible.filter((ref) => canStepBack(ctx, ref))
  const mustAccept = explain(
    'none of them has a trooper of its own unit to step back behind (a character on its own), so none may refuse',
    { rule: ctx.rule('variants', 'lone-challenge') },
  )
  const answer = yield* choose({
    purpose: 'challenge-response',
    chooser: enemySide?.player ?? '',
    options: [
      ...eligible.map((ref) => ({ id: optionId(ref), text: `accept with ${modelName(ctx, ref)}` })),
      ...(refusers.length > 0 ? [{ id: 'refuse', text: 'refuse the challenge' }] : []),
    ],
    text:
      refusers.length > 0
        ? `${challengerName} challenges: accept with one of your characters or champions, or refuse`
        : `${challengerName} challenges: accept; none may refuse, having nobody of its unit to step back behind`,
    explanation: explain(`${challengerName} challenges`, { rule: ctx.rule('challenge', 'accept') }, [
      issued,
      ...(refusers.length > 0 ? [] : [mustAccept]),
    ]),
  })
  if (answer !== 'refuse') {
    const by = names.get(answer) as ModelRef
    ctx.emit({
      kind: 'challenge-accepted',
      text: `${modelName(ctx, by)} accepts ${challengerName}'s challenge`,
      values: { combat: combat.id, by },
      explanation: explain(
        `${modelName(ctx, by)} accepts: the two fight only each other`,
        { rule: ctx.rule('challenge', 'accept'), from: [challenge.issuedAt, ctx.seq] },
        [
          explain('nobody else may attack them, nor they anyone else', {
            rule: ctx.rule('challenge', 'fight-each-other'),
          }),
          ...(by.kind === 'champion'
            ? [explain('a champion accepts like a character', { rule: ctx.rule('champion', 'challenges') })]
            : []),
        ],
      ),
    })
    return { pair: [challenger, by], refuser: null }
  }
  let refuser = refusers[0] as ModelRef
  if (refusers.length > 1) {
    const named = yield* choose({
      purpose: 'challenge-refuser',
      chooser: challengerPlayer,
      options: refusers.map((ref) => ({ id: optionId(ref), text: `${modelName(ctx, ref)} refused` })),
      text: `the challenge is refused: name the enemy who refused; it does not fight this round`,
      explanation: explain(`the challenger names the refuser (${ctx.game.ruleset}/variants §challenge-refusal)`, {
        rule: ctx.rule('variants', 'challenge-refusal'),
      }),
    })
    refuser = names.get(named) as ModelRef
  }
  ctx.emit({
    kind: 'challenge-refused',
    text: `the challenge is refused: ${modelName(ctx, refuser)} does not fight this round`,
    values: { combat: combat.id, refuser },
    explanation: explain(
      `${modelName(ctx, refuser)} refused ${challengerName}'s challenge and does not fight this round`,
      { rule: ctx.rule('challenge', 'refuse'), from: [challenge.issuedAt, ctx.seq] },
      [explain('the challenger names the refuser', { rule: ctx.rule('variants', 'challenge-refusal') })],
    ),
  })
  barRefusersLeadership(ctx, refuser)
  return { pair: null, refuser }
}

/**
 * A refusing character's Leadership may not be used that turn (challenge §refuser-leadership): the challenge entry,
 * started on the model, bars it from lending its Ld until the turn ends. A champion's Ld is never lent.
 */
function barRefusersLeadership(ctx: BattleContext, refuser: ModelRef): void {
  if (refuser.kind === 'champion') return
  const id = refuser.kind === 'character' ? refuser.character : refuser.unit
  const name = modelName(ctx, refuser)
  ctx.emit({
    kind: 'effect-started',
    text: `${name}'s Leadership may not be used this turn: it refused a challenge`,
    values: {
      effect: {
        id: `challenge-refused-${ctx.seq}-${id}`,
        entry: 'challenge',
        unit: id,
        params: { refused: true },
        duration: { kind: 'end-of-turn' },
        startedAt: ctx.seq,
      },
    },
    explanation: explain(
      `${name} refused: its Leadership may not be used for any Leadership test until the end of turn ${ctx.game.turn}`,
      { rule: ctx.rule('challenge', 'refuser-leadership'), from: [ctx.seq] },
      [explain('what a refusal costs', { rule: ctx.rule('variants', 'challenge-refusal') })],
    ),
  })
}

function endChallenge(ctx: BattleContext, combat: string, why: string, challenge: ChallengeState): void {
  ctx.emit({
    kind: 'challenge-ended',
    text: `the challenge in combat ${combat} is over: ${why}`,
    values: { combat, why },
    explanation: explain(`the challenge is over: ${why}`, {
      rule: ctx.rule('challenge', 'ends'),
      from: [challenge.issuedAt],
    }),
  })
}

/** After a round: a refused or lapsed challenge is done; a fought one ends when one of the two is out. */
export function closeChallenge(ctx: BattleContext, combat: CombatState, combatOver: boolean): void {
  const challenge = ctx.game.challenges?.[combat.id]
  if (!challenge || challenge.status === 'issued') {
    if (challenge && combatOver) endChallenge(ctx, combat.id, 'the combat is over', challenge)
    return
  }
  if (challenge.status === 'refused') {
    endChallenge(ctx, combat.id, challenge.answerer ? 'the refusal holds for this round' : 'nobody answered', challenge)
    return
  }
  const out = [challenge.challenger, challenge.answerer as ModelRef].find((ref) => !inFight(ctx, combat, ref))
  if (out) endChallenge(ctx, combat.id, `${modelName(ctx, out)} is out of the fight`, challenge)
  else if (combatOver) endChallenge(ctx, combat.id, 'the combat is over', challenge)
}

/** Whether `ref` is one of the duel's pair, and if so its foe. */
export function foeIn(duel: Duel, ref: ModelRef | null): ModelRef | null {
  if (!duel.pair || !ref) return null
  if (sameModel(duel.pair[0], ref)) return duel.pair[1]
  if (sameModel(duel.pair[1], ref)) return duel.pair[0]
  return null
}

/**
 * What a strike in a challenge scores: the wounds that slew up to what the foe had left, then the
 * `overkill` point's records (Overkill, Black Lotus) and their caps.
 */
export function challengeScore(
  ctx: BattleContext,
  striker: UnitState,
  foe: UnitState,
  combat: CombatMoment,
  woundsCaused: number,
  woundsLeft: number,
  slain: boolean,
): { value: number; explanation: Explanation } {
  const resolved = resolveModifiers(
    {
      value: Math.min(woundsCaused, woundsLeft),
      text: `${woundsCaused} unsaved on ${foe.name}, who had ${woundsLeft} Wound${woundsLeft === 1 ? '' : 's'} left`,
      rule: ctx.rule('combat-result', 'wounds'),
      from: [ctx.seq],
    },
    ctx.modifiers('overkill', { subject: striker, opponent: foe, combat, woundsCaused, woundsLeft, slain }),
    {
      mode: 'value',
      title: `${striker.name} in the challenge: {} for combat result`,
      rule: ctx.rule('challenge', 'overkill'),
    },
  )
  return { value: resolved.value ?? 0, explanation: resolved.explanation }
}
