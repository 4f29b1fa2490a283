import { RuleError } from '../../../engine/errors.js'
import { passWords, rollDice } from '../../../engine/requests.js'
import type {
  Answer,
  EventOf,
  MagicState,
  Procedure,
  ProcedureContext,
  RequestSpec,
  TotalJudging,
  UnitState,
} from '../../../engine/types.js'
import { type Explanation, explain } from '../../../explain/explanation.js'
import { barredBy, castingWizard } from '../../battle/magic/casting.js'
import { combatOf, type Wizard } from '../../battle/magic/wizards.js'
import type { ClassicContext } from '../catalogue.js'
import { classicEntries } from '../entries/index.js'
import { dispel } from './dispel.js'
import { resolveSpell, type SpellType } from './spells.js'

type SpellId = 'chill-wind' | 'dominion' | 'doombolt' | 'soul-stealer' | 'shroud-of-darkness'

/** A spell of the catalogue, with what its entry says about casting it. */
export interface SpellData {
  readonly id: SpellId
  readonly name: string
  readonly castingValue: number
  readonly range: number
  readonly type: SpellType
  readonly params: Readonly<Record<string, string | number | boolean>>
}

function spellData(id: string): SpellData | null {
  const entry = classicEntries.find((e) => e.id === id)
  if (entry?.kind !== 'spell') return null
  const params = entry.params ?? {}
  return {
    id: entry.id as SpellId,
    name: entry.name,
    castingValue: Number(params.castingValue),
    range: Number(params.range),
    type: String(params.type) as SpellType,
    params,
  }
}

/**
 * What a spell's entry says as the spell is declared, before any dice (its step at `spell-declared`): what its own
 * words ask of the declaration beyond the checks every spell takes.
 */
export interface SpellDeclaration {
  /** A target point beyond the spell's range is cast to no effect, not refused (Soul Stealer's words). */
  readonly beyondRange?: 'no-effect'
  /** What its casting value rests on besides its entry's clause (Shroud of Darkness's "3/5+"). */
  readonly castingValueNotes?: readonly Explanation[]
}

declare module '../../../engine/effects.js' {
  interface TriggerMoments {
    'spell-declared': {
      readonly query: {
        /** The caster's unit. */
        readonly subject: UnitState
        readonly spell: SpellData
        readonly target: UnitState
        readonly event: EventOf<'SpellCast'>
        /** How a refusal names the declaration (`seq N: SpellCast`). */
        readonly where: string
      }
      readonly result: SpellDeclaration
    }
  }
}

/** The cast in progress: who, what, on whom, and the declaration's seq. */
export interface Cast {
  readonly wizard: Wizard
  readonly spell: SpellData
  readonly target: UnitState
  readonly event: EventOf<'SpellCast'>
}

/**
 * SpellCast: a Wizard of the player whose magic phase it is casts a spell. The power dice are
 * spent and rolled; the casting total is checked against the casting value; the opponent may
 * dispel (Magic Resistance adds dice); a spell that gets through takes effect.
 */
export function* spellCast(context: ProcedureContext, event: EventOf<'SpellCast'>): Procedure {
  const ctx = context as ClassicContext
  const { cast, declared } = yield* checkDeclaration(ctx, event)
  const { wizard, spell } = cast
  const powerDice = event.payload.powerDice as number
  const player = wizard.unit.player
  const eighth = ctx.profile.magicDice.value === 'winds-of-magic'

  spendPowerDice(ctx, cast, powerDice, eighth)

  // The casting roll.
  // Cast: two 6s whatever the total; not on two 1s (7th: a miscast) nor on a natural 2 or less (8th).
  const odds: TotalJudging = {
    kind: 'total',
    add: eighth ? wizard.level : 0,
    pass: { atLeast: spell.castingValue },
    naturals: [{ face: 6, count: 2, passes: true }, ...(eighth ? [] : [{ face: 1, count: 2, passes: false }])],
    ...(eighth ? { naturalAtMostFails: 2 } : {}),
  }
  const roll = yield* rollDice({
    purpose: 'casting',
    count: powerDice,
    sides: 6,
    roller: player,
    text: `${wizard.name}: roll ${powerDice} D6 to cast ${spell.name} (casting value ${spell.castingValue}: ${passWords(odds, powerDice)})`,
    explanation: explain(`${wizard.name} rolls ${powerDice} power dice for ${spell.name}`, {
      rule: ctx.rule('magic', 'cast'),
      from: [event.seq],
    }),
    odds,
  })
  const faces = roll.faces
  const dice = faces.reduce((a, b) => a + b, 0)
  const sixes = faces.filter((f) => f === 6).length
  const ones = faces.filter((f) => f === 1).length
  const total = eighth ? dice + wizard.level : dice
  const valueWhy = castingValueWhy(ctx, spell, declared)
  const children: Explanation[] = [
    explain(`dice ${faces.join(', ')} (${roll.source}) = ${dice}`, { value: dice, from: [roll.seq] }),
  ]
  if (eighth)
    children.push(
      explain(`+ Wizard level ${wizard.level} = ${total}`, { value: total, rule: ctx.rule('magic', 'cast') }),
    )
  children.push(valueWhy)
  const irresistible = sixes >= 2
  const miscast = eighth ? irresistible : ones >= 2
  let result: 'cast' | 'failed' | 'irresistible' | 'miscast' | 'irresistible-miscast'
  if (irresistible) {
    result = miscast ? 'irresistible-miscast' : 'irresistible'
    children.push(
      explain(`${sixes} 6s: Irresistible Force, the spell cannot be dispelled`, {
        rule: ctx.rule('magic', 'irresistible'),
      }),
    )
  } else if (miscast) result = 'miscast'
  else if (eighth && dice <= 2) {
    result = 'failed'
    children.push(explain(`a natural ${dice} always fails`, { rule: ctx.rule('magic', 'natural-2') }))
  } else result = total >= spell.castingValue ? 'cast' : 'failed'
  if (miscast)
    children.push(
      explain(
        eighth
          ? 'Irresistible Force brings a miscast once the spell is resolved'
          : `${ones} 1s: a miscast${irresistible ? '; with two 6s the spell is still cast irresistibly' : ': the spell fails'}`,
        { rule: ctx.rule('magic', 'miscast') },
        [explain(`classic/variants §miscast: ${ctx.profile.miscast.value}`, { rule: ctx.rule('variants', 'miscast') })],
      ),
    )
  const gotThrough = result !== 'failed' && result !== 'miscast'
  const verdict = gotThrough
    ? `${spell.name} is cast${irresistible ? ' with Irresistible Force' : ''}: ${total} against ${spell.castingValue}+`
    : result === 'miscast'
      ? `${spell.name} miscasts: ${total} against ${spell.castingValue}+`
      : `${spell.name} fails: ${total} against ${spell.castingValue}+`
  ctx.emit({
    kind: 'casting-roll',
    text: verdict,
    values: { caster: wizard.id, spell: spell.id, faces: [...faces], total, need: spell.castingValue, result },
    explanation: explain(verdict, { value: total, rule: ctx.rule('magic', 'cast'), from: [event.seq, roll.seq] }, [
      ...children,
      explain(eighth ? 'the casting total adds the Wizard level' : 'the casting total is the dice alone', {
        rule: ctx.rule('variants', 'magic-dice'),
      }),
    ]),
  })

  // A miscast (7th), or a failure under the 8th rules, ends the Wizard's casting this phase.
  if (result === 'miscast' || (result === 'failed' && eighth)) endCasting(ctx, wizard, result, roll.seq)
  if (result === 'miscast') {
    yield* miscastRoll(ctx, wizard, roll.seq)
    return
  }
  if (!gotThrough) return

  if (!irresistible) {
    const dispelled = yield* dispel(ctx, cast, total)
    if (dispelled) return
  }
  yield* resolveSpell(ctx, cast)
  if (result === 'irresistible-miscast') {
    if (!eighth) endCasting(ctx, wizard, result, roll.seq)
    yield* miscastRoll(ctx, wizard, roll.seq)
  }
}

/** The casting value, citing the spell's clause, with what its entry said it rests on as it was declared. */
function castingValueWhy(ctx: ClassicContext, spell: SpellData, declared: SpellDeclaration): Explanation {
  return explain(
    `${spell.name}: casting value ${spell.castingValue}+`,
    { value: spell.castingValue, rule: ctx.rule(spell.id, 'casting-value') },
    [...(declared.castingValueNotes ?? [])],
  )
}

function endCasting(ctx: ClassicContext, wizard: Wizard, result: string, seq: number): void {
  const magic = ctx.game.magic as MagicState
  if (magic.done.includes(wizard.id)) return
  ctx.emit({
    kind: 'magic-dice',
    text: `${wizard.name} casts no more this phase`,
    values: { magic: { ...magic, done: [...magic.done, wizard.id] } },
    explanation: explain(
      `${wizard.name} casts no more this phase (${result === 'failed' ? 'a failed cast' : 'a miscast'})`,
      { rule: ctx.rule('magic', result === 'failed' ? 'natural-2' : 'miscast'), from: [seq] },
      [explain(`classic/variants §miscast: ${ctx.profile.miscast.value}`, { rule: ctx.rule('variants', 'miscast') })],
    ),
  })
}

/** The miscast roll: recorded; what it does the table applies from its own rulebook (not captured). */
function* miscastRoll(ctx: ClassicContext, wizard: Wizard, from: number): Generator<RequestSpec, void, Answer> {
  const roll = yield* rollDice({
    purpose: 'miscast',
    count: 2,
    sides: 6,
    roller: wizard.unit.player,
    text: `${wizard.name}: roll 2D6 on the miscast table`,
    explanation: explain(`${wizard.name} has miscast`, { rule: ctx.rule('magic', 'miscast'), from: [from] }),
    odds: { kind: 'total' },
  })
  const total = roll.faces.reduce((a, b) => a + b, 0)
  ctx.emit({
    kind: 'miscast',
    text: `${wizard.name} rolls ${total} on the miscast table: apply it from the table's rulebook`,
    values: { caster: wizard.id, roll: total },
    explanation: explain(
      `miscast roll ${total} for ${wizard.name}: the table applies its result`,
      { value: total, rule: ctx.rule('magic', 'miscast'), from: [roll.seq] },
      [
        explain(`the miscast table is not captured: classic/variants §miscast (${ctx.profile.miscast.value})`, {
          rule: ctx.rule('variants', 'miscast'),
        }),
      ],
    ),
  })
}

/** A SpellCast as the classic rules check it: the moment, the Wizard, the spell, the power dice, the target. */
function* checkDeclaration(
  ctx: ClassicContext,
  event: EventOf<'SpellCast'>,
): Generator<RequestSpec, { readonly cast: Cast; readonly declared: SpellDeclaration }, Answer> {
  const where = `seq ${event.seq}: SpellCast`
  const magic = checkMoment(ctx, where)
  const wizard = castingWizard(ctx, event.payload.caster, where, 'magic phase')
  const spell = checkSpell(ctx, event.payload, where, wizard, magic)
  checkPowerDice(ctx, event.payload, where, wizard, magic)
  const target = checkTarget(ctx, event.payload, where, wizard, spell)
  // What the spell's own words ask of the declaration: its entry's step says (Soul Stealer's template).
  let declared: SpellDeclaration = {}
  for (const step of ctx.triggered('spell-declared', { subject: wizard.unit, spell, target, event, where }))
    declared = { ...declared, ...(yield* step.run()) }
  checkRange(event.payload, where, spell, target, declared)
  return { cast: { wizard, spell, target, event }, declared }
}

type SpellCastPayload = EventOf<'SpellCast'>['payload']

/** Spells are cast in a magic phase whose Winds of Magic were gathered, with no request left open. */
function checkMoment(ctx: ClassicContext, where: string): MagicState {
  if (ctx.game.phase !== 'magic')
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: spells are cast in the magic phase, not ${ctx.game.phase ?? 'before any phase'} (classic/turn-sequence §phases)`,
    )
  const open = Object.keys(ctx.game.requests)
  if (open.length > 0)
    throw new RuleError(
      'engine/requests-open',
      `${where}: request ${open.join(', ')} is still open; answer it before the next spell`,
    )
  const magic = ctx.game.magic
  if (!magic || magic.turn !== ctx.game.turn || magic.player !== ctx.game.activePlayer)
    throw new RuleError('rules/cannot-cast', `${where}: no Winds of Magic have been gathered this magic phase`)
  return magic
}

/** The spell named: a spell of the catalogue the Wizard has not yet attempted, and may cast now. */
function checkSpell(
  ctx: ClassicContext,
  p: SpellCastPayload,
  where: string,
  wizard: Wizard,
  magic: MagicState,
): SpellData {
  const entered = (['spellName', 'spellType', 'castingValue', 'hits', 'strength'] as const).filter(
    (field) => p[field] !== undefined,
  )
  if (entered.length > 0)
    throw new RuleError(
      'rules/not-a-spell',
      `${where}: ${entered.join(', ')}: a classic spell is its catalogue entry; only The Old World enters its spells`,
    )
  const spell = spellData(p.spell)
  if (!spell) throw new RuleError('rules/not-a-spell', `${where}: "${p.spell}" is not a spell of the classic catalogue`)
  const { name } = wizard
  if (magic.done.includes(wizard.id))
    throw new RuleError('rules/cannot-cast', `${where}: ${name} can cast no more this phase (classic/magic §miscast)`)
  if (magic.attempted.includes(`${wizard.id}/${spell.id}`))
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${name} has already attempted ${spell.name} this phase (classic/magic §once-per-spell)`,
    )
  const barred = barredBy(ctx.modifiers('permission', { subject: wizard.unit, opponent: null, action: 'cast' }))
  if (barred)
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${wizard.unit.name} cannot cast spells: ${barred.label} ` +
        `(${barred.source.ruleset}/${barred.source.id} §${barred.source.clause})`,
    )
  return spell
}

/** The power dice: said, in the pool, and no more than the most a Wizard may use. */
function checkPowerDice(
  ctx: ClassicContext,
  p: SpellCastPayload,
  where: string,
  wizard: Wizard,
  magic: MagicState,
): void {
  const { name, level } = wizard
  const eighth = ctx.profile.magicDice.value === 'winds-of-magic'
  const most = eighth ? 6 : level + 1
  if (p.powerDice === undefined)
    throw new RuleError(
      'rules/too-many-dice',
      `${where}: say how many power dice ${name} casts with (powerDice) (classic/magic §power-dice)`,
    )
  if (p.powerDice > magic.power)
    throw new RuleError(
      'rules/too-many-dice',
      `${where}: ${p.powerDice} power dice, but ${magic.power} are left in the pool (classic/magic §power-dice)`,
    )
  if (p.powerDice > most)
    throw new RuleError(
      'rules/too-many-dice',
      `${where}: ${name} may cast with at most ${most} dice (${eighth ? '8th: 6' : `level ${level} + 1`}), not ${p.powerDice} ` +
        `(classic/magic §max-dice, classic/variants §magic-dice)`,
    )
}

/** The target: a unit with models left, on the side the spell's type names, in the Wizard's arc. */
function checkTarget(
  ctx: ClassicContext,
  p: SpellCastPayload,
  where: string,
  wizard: Wizard,
  spell: SpellData,
): UnitState {
  const target = ctx.unit(p.target)
  if (target.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${target.name} has no models left`)
  const enemy = target.player !== wizard.unit.player
  if (spell.type === 'augment' && enemy)
    throw new RuleError(
      'rules/bad-target',
      `${where}: ${spell.name} is an augment: it targets a friendly unit, not ${target.name}`,
    )
  if (spell.type !== 'augment' && !enemy)
    throw new RuleError('rules/friendly-target', `${where}: ${spell.name} targets an enemy unit, not ${target.name}`)
  if ((spell.type === 'magic-missile' || spell.type === 'direct-damage') && combatOf(ctx.game, target.id))
    throw new RuleError(
      'rules/bad-target',
      `${where}: ${target.name} is in combat; a ${spell.type.replace('-', ' ')} cannot target it (classic/magic §targeting)`,
    )
  if (target.id !== wizard.unit.id && !p.inArc)
    throw new RuleError(
      'rules/bad-target',
      `${where}: ${target.name} is not in ${wizard.name}'s front arc, as the players saw it (classic/magic §targeting)`,
    )
  if (spell.type === 'magic-missile') checkMagicMissile(ctx, p, where, wizard, target)
  return target
}

/** A magic missile: its Wizard out of combat, and seeing its target as the players saw it. */
function checkMagicMissile(
  ctx: ClassicContext,
  p: SpellCastPayload,
  where: string,
  wizard: Wizard,
  target: UnitState,
): void {
  const { name } = wizard
  if (combatOf(ctx.game, wizard.unit.id))
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${name} is in combat and cannot cast a magic missile (classic/magic §magic-missile)`,
    )
  if (p.lineOfSight === undefined)
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: a magic missile needs line of sight: say whether ${name} sees ${target.name} (lineOfSight)`,
    )
  if (!p.lineOfSight)
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${name} does not see ${target.name}, as the players saw it (classic/magic §magic-missile)`,
    )
}

/** The target in the spell's range, unless its entry said a point beyond it is cast to no effect. */
function checkRange(
  p: SpellCastPayload,
  where: string,
  spell: SpellData,
  target: UnitState,
  declared: SpellDeclaration,
): void {
  if (p.distance > spell.range && declared.beyondRange !== 'no-effect')
    throw new RuleError(
      'rules/out-of-range',
      `${where}: ${target.name} is ${p.distance}" away; ${spell.name}'s range is ${spell.range}" (classic/${spell.id} §range)`,
    )
}

/** The power dice the cast spends, said with the most a cast may use. */
function spendPowerDice(ctx: ClassicContext, cast: Cast, powerDice: number, eighth: boolean): void {
  const { wizard, spell, event } = cast
  const magic = ctx.game.magic as MagicState
  ctx.emit({
    kind: 'magic-dice',
    text: `${wizard.name} uses ${powerDice} power dice: ${magic.power - powerDice} left`,
    values: {
      magic: {
        ...magic,
        power: magic.power - powerDice,
        attempted: [...magic.attempted, `${wizard.id}/${spell.id}`],
      },
    },
    explanation: explain(
      `${wizard.name} casts ${spell.name} with ${powerDice} of ${magic.power} power dice`,
      { value: powerDice, rule: ctx.rule('magic', 'max-dice'), from: [event.seq] },
      [
        explain(eighth ? 'at most 6 dice a cast' : `at most ${wizard.level + 1} dice: level ${wizard.level} + 1`, {
          value: eighth ? 6 : wizard.level + 1,
          rule: ctx.rule('variants', 'magic-dice'),
        }),
      ],
    ),
  })
}
