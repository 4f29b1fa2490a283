import type { AttackKind, CombatMoment } from '../../engine/effects.js'
import { type Resolved, resolveModifiers } from '../../engine/modifiers.js'
import { rollAgainst } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain, NOT_EXPLAINED } from '../../explain/explanation.js'
import {
  armourSaveNeed,
  characteristic,
  naturalLimits,
  scoreToRoll,
  toHitNeed,
  toWoundNeed,
  wardSaveNeed,
} from './charts.js'
import type { BattleContext } from './context.js'
import { s } from './counting.js'
import { magicalAttack } from './magical-attack.js'
import { removeRankAndFile } from './models.js'
import { monsterReaction } from './monster-reaction.js'
import { regenerate } from './regeneration.js'
import { rollSevenPlusToWound, sevenPlusToWound } from './to-wound-seven-plus.js'

export interface StrikeInput {
  readonly attacker: UnitState
  readonly target: UnitState
  /** Where the attacker stands in its combat; null for a lone declared attack. */
  readonly combat: CombatMoment | null
  /** Models in base contact, and models making supporting attacks. */
  readonly fighting: number
  readonly supporting: number
  /** The events the strike depends on (the declaration). */
  readonly from: readonly number[]
  /** Why `fighting` is what it is, when casualties reduced it. */
  readonly fightingWhy?: Explanation
  /** The attacks already counted (a model's attacks split between targets); counted here when absent. */
  readonly attacks?: { readonly value: number; readonly explanation: Explanation }
  /**
   * How the unsaved wounds are taken (a champion or a character on its own); when absent, the unit's rank and
   * file, never its champion (classic/champion §attacked-separately, §ranged-protection).
   */
  readonly remove?: (unsaved: number, unsavedWhy: Explanation) => number
}

export interface StrikeResult {
  readonly attacks: number
  readonly hits: number
  readonly wounds: number
  readonly unsaved: number
  readonly removed: number
  /** Wounds Regeneration ignored at once (outside close combat). */
  readonly regenerated?: number
}

/**
 * One unit's close-combat attacks on another, as the rulebook runs them: attacks, to hit on the
 * WS chart, re-rolls, to wound on the S-vs-T chart, natural-6 effects, armour then ward saves,
 * and casualties. Every number comes from the timing points' modifier records.
 */
export function* strike(ctx: BattleContext, input: StrikeInput): Generator<RequestSpec, StrikeResult, Answer> {
  const { attacker, target, combat, from } = input
  const nothing = { attacks: 0, hits: 0, wounds: 0, unsaved: 0, removed: 0 }
  const counted = input.attacks ?? attackCount(ctx, input)
  const attacks = counted.value
  const attacksWhy = counted.explanation
  if (attacks === 0) {
    ctx.emit({
      kind: 'attacks',
      text: `${attacker.name} has no attacks`,
      values: { attacks: 0 },
      explanation: attacksWhy,
    })
    return nothing
  }

  // To hit.
  const toHit = toHitNeed(ctx, attacker, target, combat)
  const hitLimits = naturalLimits(ctx, 'to-hit')
  const hitScore = scoreToRoll(toHit.value, hitLimits)
  const hitNeedWhy = withNotes(toHit.explanation, hitScore.notes)
  const hitRoll = yield* rollAgainst(
    ctx,
    {
      purpose: 'to-hit',
      count: attacks,
      sides: 6,
      need: hitScore.need,
      roller: attacker.player,
      text: `${attacker.name}: roll ${attacks} D6 to hit ${target.name}, ${hitScore.need}+`,
      explanation: explain(`${attacker.name} rolls ${attacks} dice to hit`, { from }, [attacksWhy, hitNeedWhy]),
    },
    hitLimits,
    HIT_WORDS,
    ctx.modifiers('re-roll', { subject: attacker, opponent: target, combat, roll: 'to-hit' }),
    ctx.rule('dice', 're-roll-once'),
  )
  const hits = hitRoll.successes
  ctx.emit({
    kind: 'hits',
    text: `${attacker.name} scores ${hits} hit${s(hits)} of ${attacks}`,
    values: { attacks, need: hitScore.need as number, hits },
    explanation: ctx.explaining
      ? explain(`${hits} hit${s(hits)} on ${target.name}`, { value: hits, from }, [
          attacksWhy,
          hitNeedWhy,
          hitRoll.explanation,
        ])
      : NOT_EXPLAINED,
  })
  if (hits === 0) return { ...nothing, attacks }
  return yield* woundsFromHits(ctx, input, attacks, hits)
}

/** Who was hit by whom: a close-combat strike, or a shot when `combat` is null. */
export type HitsInput = Pick<StrikeInput, 'attacker' | 'target' | 'combat' | 'from' | 'remove'> & {
  /** The hits' Strength when it is not the attacker's own (a missile weapon's S3, a spell's "S4 hits"). */
  readonly strength?: Resolved & { readonly value: number }
  /** What the attack is (close combat when not said): some saves work against some attacks only. */
  readonly attack?: AttackKind
  /** No armour save may be taken (a spell's "no AS"): why. */
  readonly noArmour?: Explanation
  /** The weapon the hits come from, when one is known (a missile weapon): Magical Attacks may name one. */
  readonly weapon?: string
  /** The kind of a special blow outside any combat (a falling model's), where no combat moment says it. */
  readonly special?: string
}

/**
 * What hits do, close combat or ranged alike: to wound on the S-vs-T chart, natural-6 effects,
 * armour then ward saves, and casualties.
 */
export function* woundsFromHits(
  ctx: BattleContext,
  input: HitsInput,
  attacks: number,
  hits: number,
): Generator<RequestSpec, StrikeResult, Answer> {
  const { attacker, target, combat, from } = input
  const nothing = { attacks: 0, hits: 0, wounds: 0, unsaved: 0, removed: 0 }
  // To wound.
  const strength = input.strength ?? characteristic(ctx, attacker, 'S', target, combat)
  // Magical attacks (The Old World): said beside the wounds, and handed to the to-wound and ward-save points.
  const magic = magicalAttack(ctx, attacker, target, combat, input.attack ?? 'close-combat', input.weapon ?? null)
  const toWound = toWoundNeed(ctx, attacker, target, combat, strength, magic.magical)
  const woundLimits = naturalLimits(ctx, 'to-wound')
  const woundScore = scoreToRoll(toWound.value, woundLimits)
  const magicWhy = magic.explanation ? [magic.explanation] : []
  const woundNeedWhy = withNotes(toWound.explanation, woundScore.notes)
  // A score of 7+ is rolled in two where the ruleset has such rolls (classic/variants §killing-blow-seven-plus).
  const sevenPlus = woundScore.need === null ? sevenPlusToWound(ctx, toWound.value) : null
  if (woundScore.need === null && sevenPlus === null) {
    ctx.emit({
      kind: 'wounds',
      text: `${hits} hit${s(hits)} cannot wound ${target.name}`,
      values: { hits, need: null, wounds: 0 },
      explanation: withNotes(woundNeedWhy, magicWhy),
    })
    return { ...nothing, attacks, hits }
  }
  const woundRoll = sevenPlus
    ? yield* rollSevenPlusToWound(
        ctx,
        attacker,
        target,
        hits,
        toWound.value as number,
        sevenPlus.second,
        woundLimits,
        woundNeedWhy,
        from,
      )
    : yield* rollAgainst(
        ctx,
        {
          purpose: 'to-wound',
          count: hits,
          sides: 6,
          need: woundScore.need,
          roller: attacker.player,
          text: `${attacker.name}: roll ${hits} D6 to wound ${target.name}, ${woundScore.need}+`,
          explanation: explain(`${attacker.name} rolls ${hits} dice to wound`, { from }, [woundNeedWhy]),
        },
        woundLimits,
        WOUND_WORDS,
        ctx.modifiers('re-roll', { subject: attacker, opponent: target, combat, roll: 'to-wound' }),
        ctx.rule('dice', 're-roll-once'),
      )
  const wounds = woundRoll.successes
  // Held for the casualties (a later step's): never a request's, so not built where nothing reads it.
  const woundsWhy = ctx.explaining
    ? explain(`${wounds} wound${s(wounds)} on ${target.name}`, { value: wounds }, [
        woundNeedWhy,
        woundRoll.explanation,
        ...magicWhy,
      ])
    : NOT_EXPLAINED
  ctx.emit({
    kind: 'wounds',
    text: `${attacker.name} causes ${wounds} wound${s(wounds)} from ${hits} hit${s(hits)}`,
    values: { hits, need: woundScore.need ?? toWound.value, wounds },
    explanation: woundsWhy,
  })
  if (wounds === 0) return { ...nothing, attacks, hits }

  const { unsaved, saveWhy } = yield* saves(ctx, input, {
    wounds,
    sixes: woundRoll.dice.filter((die) => die.success && die.final === 6).length,
    need: toWound.value ?? woundScore.need ?? 6,
    strength: strength.value,
    magical: magic.magical,
  })
  const unsavedWhy = ctx.explaining
    ? explain(`${unsaved} unsaved wound${s(unsaved)}`, { value: unsaved }, [woundsWhy, ...saveWhy])
    : NOT_EXPLAINED
  const before = { models: target.models, woundsOnNextModel: target.woundsOnNextModel }
  const riderWasSlain = target.riderSlain === true
  const removed = input.remove ? input.remove(unsaved, unsavedWhy) : removeRankAndFile(ctx, target, unsaved, unsavedWhy)
  yield* monsterReaction(ctx, target.id, riderWasSlain)
  // Outside close combat a unit regenerates at once; in close combat, as the ruleset's profile say:
  // at the round's end (classic/regeneration) or here, each wound as it is lost (old-world/regeneration).
  const regeneratesNow = combat === null || ctx.profile.regeneration.value === 'on-wound-counted'
  if (regeneratesNow && !input.remove && unsaved > 0) {
    const regenerated = yield* regenerate(ctx, {
      unit: target,
      opponent: attacker,
      combat,
      wounds: unsaved,
      before,
      from: [...from, ctx.seq],
    })
    // The models that stay removed once Regeneration has stood some back up.
    return { attacks, hits, wounds, unsaved, removed: before.models - target.models, regenerated }
  }
  return { attacks, hits, wounds, unsaved, removed }
}

/**
 * The wounds' saving throws: natural-6 effects on them (Killing Blow, Armour Bane), armour saves, then the best ward
 * save. Returns the wounds left unsaved and the lines that say why.
 */
function* saves(
  ctx: BattleContext,
  input: HitsInput,
  rolled: {
    readonly wounds: number
    /** Natural 6s among the wounds. */
    readonly sixes: number
    /** The to-wound score, for the natural-6 point. */
    readonly need: number
    readonly strength: number
    readonly magical: boolean
  },
): Generator<RequestSpec, { unsaved: number; saveWhy: Explanation[] }, Answer> {
  const { attacker, target, combat } = input
  const { wounds, sixes, need } = rolled
  // Natural 6s to wound may carry effects (Killing Blow: no armour save).
  const sixEffects =
    sixes > 0
      ? ctx.modifiers('natural-6', {
          subject: attacker,
          opponent: target,
          combat,
          roll: 'to-wound',
          need,
        })
      : []
  const ignoresArmour = sixEffects.some((r) => r.status === 'applied' && r.value === 'ignores-armour') ? sixes : 0
  // An `add` on a natural 6 to wound pierces that wound's armour further (old-world/armour-bane): those saves are
  // rolled as their own group, at the worse score.
  const sixPiercing = ignoresArmour > 0 ? [] : sixEffects.filter((r) => r.status === 'applied' && r.kind === 'add')
  const piercedSixes = sixPiercing.length > 0 ? sixes : 0
  const sixNotes = sixEffects.map((r) =>
    explain(`${r.label}: ${sixes} natural 6${sixes === 1 ? '' : 's'} to wound${r.reason ? ` (${r.reason})` : ''}`, {
      rule: r.source,
      status: r.status,
    }),
  )

  // Armour saves.
  const armour = armourSaveNeed(ctx, target, attacker, combat, rolled.strength, [], input.attack, input.special)
  const armourScore = scoreToRoll(armour.value, naturalLimits(ctx, 'armour-save'))
  const armourWhy = withNotes(
    armour.explanation,
    armourScore.need === null
      ? [explain('a save that needs more than 6 cannot be taken', { rule: ctx.rule('armour-save', 'no-save') })]
      : armourScore.notes,
  )
  const savable = input.noArmour ? 0 : wounds - ignoresArmour - piercedSixes
  let failedArmour = wounds
  const saveWhy: Explanation[] = [input.noArmour ?? armourWhy, ...sixNotes]
  if (armourScore.need !== null && savable > 0) {
    const saves = yield* rollSaves(ctx, input, 'armour-save', savable, armourScore.need, [armourWhy, ...sixNotes])
    failedArmour -= saves.successes
    saveWhy.push(saves.explanation)
  }
  if (piercedSixes > 0 && !input.noArmour) {
    const pierced = armourSaveNeed(
      ctx,
      target,
      attacker,
      combat,
      rolled.strength,
      sixPiercing,
      input.attack,
      input.special,
    )
    const piercedScore = scoreToRoll(pierced.value, naturalLimits(ctx, 'armour-save'))
    const piercedWhy = withNotes(pierced.explanation, piercedScore.notes)
    saveWhy.push(piercedWhy)
    if (piercedScore.need !== null) {
      const saves = yield* rollSaves(ctx, input, 'armour-save', piercedSixes, piercedScore.need, [piercedWhy])
      failedArmour -= saves.successes
      saveWhy.push(saves.explanation)
    }
  }

  // Ward saves: the best single ward, never modified by Strength.
  const ward = wardSaveNeed(ctx, target, attacker, combat, input.attack, rolled.magical)
  const wardScore = scoreToRoll(ward.value, naturalLimits(ctx, 'ward-save'))
  let unsaved = failedArmour
  if (wardScore.need !== null && failedArmour > 0) {
    const wardWhy = withNotes(ward.explanation, wardScore.notes)
    const wards = yield* rollSaves(ctx, input, 'ward-save', failedArmour, wardScore.need, [wardWhy])
    unsaved = failedArmour - wards.successes
    saveWhy.push(wardWhy, wards.explanation)
  }
  return { unsaved, saveWhy }
}

/** The attacks `fighting` models (and `supporting` ones) make: A each, with every attacks modifier. */
export function attackCount(
  ctx: BattleContext,
  input: Pick<StrikeInput, 'attacker' | 'target' | 'combat' | 'fighting' | 'supporting' | 'from' | 'fightingWhy'>,
): { readonly value: number; readonly explanation: Explanation } {
  const { attacker, target, combat, from } = input
  const attacksA = characteristic(ctx, attacker, 'A', target, combat)
  const attacksResolved = resolveModifiers(
    {
      value: input.fighting * attacksA.value,
      text: `${input.fighting} model${s(input.fighting)} in base contact x A ${attacksA.value}`,
      rule: ctx.rule('attacks', 'count'),
      from: [...from, attacker.musteredAt],
    },
    ctx.modifiers('attacks', {
      subject: attacker,
      opponent: target,
      combat,
      fighting: input.fighting,
      supporting: input.supporting,
      attacksPerModel: attacksA.value,
    }),
    {
      mode: 'value',
      title: attacksTitle,
      rule: ctx.rule('attacks', 'count'),
      details: input.fightingWhy ? [input.fightingWhy, attacksA.explanation] : [attacksA.explanation],
    },
  )
  return { value: attacksResolved.value ?? 0, explanation: attacksResolved.explanation }
}

/** The target's saves, armour or ward: rolled by its player, re-rolled where a rule says so. */
function rollSaves(
  ctx: BattleContext,
  { attacker, target, combat, from }: HitsInput,
  roll: 'armour-save' | 'ward-save',
  count: number,
  need: number,
  why: Explanation[],
) {
  const what = roll === 'armour-save' ? 'armour' : 'ward'
  return rollAgainst(
    ctx,
    {
      purpose: roll,
      count,
      sides: 6,
      need,
      roller: target.player,
      text: `${target.name}: roll ${count} D6 ${what} saves, ${need}+`,
      explanation: explain(`${target.name} rolls ${count} ${what} saves`, { from }, why),
    },
    naturalLimits(ctx, roll),
    SAVE_WORDS,
    ctx.modifiers('re-roll', { subject: target, opponent: attacker, combat, roll }),
    ctx.rule('dice', 're-roll-once'),
  )
}

const SAVE_WORDS = { success: ['saved', 'saved'], failure: ['not saved', 'not saved'] } as const
const HIT_WORDS = { success: ['hit', 'hits'], failure: ['miss', 'misses'] } as const
const WOUND_WORDS = { success: ['wound', 'wounds'], failure: ['fails', 'fail'] } as const

function withNotes(tree: Explanation, notes: readonly Explanation[]): Explanation {
  if (notes.length === 0) return tree
  return { ...tree, children: [...tree.children, ...notes] }
}

function attacksTitle(value: number | null): string {
  return `${value} attack${s(value ?? 0)}`
}
