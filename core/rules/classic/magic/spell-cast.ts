import type { ModifierRecord } from '../../../engine/effects.js'
import { RuleError } from '../../../engine/errors.js'
import { resolveModifiers } from '../../../engine/modifiers.js'
import { choose, rollDice } from '../../../engine/requests.js'
import type {
  Answer,
  EventOf,
  MagicState,
  Procedure,
  ProcedureContext,
  RequestSpec,
  UnitState,
} from '../../../engine/types.js'
import { type Explanation, explain } from '../../../explain/explanation.js'
import { isHidden } from '../../battle/hidden.js'
import { combatOf, findCharacter, type Wizard, wizardsOf } from '../../battle/magic/wizards.js'
import type { ClassicContext } from '../catalogue.js'
import { classicEntries } from '../entries/index.js'
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

/** The first applied `forbidden` record not lifted by an applied `allowed` one. */
export function barredBy(records: readonly ModifierRecord[]): ModifierRecord | null {
  if (records.some((r) => r.status === 'applied' && r.value === 'allowed')) return null
  return records.find((r) => r.status === 'applied' && r.kind === 'set' && r.value === 'forbidden') ?? null
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
  const cast = checkDeclaration(ctx, event)
  const { wizard, spell } = cast
  const powerDice = event.payload.powerDice as number
  const player = wizard.unit.player
  const eighth = ctx.profile.magicDice.value === 'winds-of-magic'

  spendPowerDice(ctx, cast, powerDice, eighth)

  // The casting roll.
  const roll = yield* rollDice({
    purpose: 'casting',
    count: powerDice,
    sides: 6,
    roller: player,
    text: `${wizard.name}: roll ${powerDice} D6 to cast ${spell.name} (casting value ${spell.castingValue}+)`,
    explanation: explain(`${wizard.name} rolls ${powerDice} power dice for ${spell.name}`, {
      rule: ctx.rule('magic', 'cast'),
      from: [event.seq],
    }),
    // Cast: two 6s whatever the total; not on two 1s (7th: a miscast) nor on a natural 2 or less (8th).
    odds: {
      kind: 'total',
      add: eighth ? wizard.level : 0,
      pass: { atLeast: spell.castingValue },
      naturals: [{ face: 6, count: 2, passes: true }, ...(eighth ? [] : [{ face: 1, count: 2, passes: false }])],
      ...(eighth ? { naturalAtMostFails: 2 } : {}),
    },
  })
  const faces = roll.faces
  const dice = faces.reduce((a, b) => a + b, 0)
  const sixes = faces.filter((f) => f === 6).length
  const ones = faces.filter((f) => f === 1).length
  const total = eighth ? dice + wizard.level : dice
  const valueWhy = castingValueWhy(ctx, spell)
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

function castingValueWhy(ctx: ClassicContext, spell: SpellData): Explanation {
  const note =
    spell.id === 'shroud-of-darkness'
      ? [explain('"3/5+": casting value 3', { rule: ctx.rule('variants', 'shroud-casting-value') })]
      : []
  return explain(
    `${spell.name}: casting value ${spell.castingValue}+`,
    { value: spell.castingValue, rule: ctx.rule(spell.id, 'casting-value') },
    note,
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

/** Magic Resistance as dispel dice is the variant's reading of MR: the explanation says so. */
function withVariant(ctx: ClassicContext, why: Explanation): Explanation {
  const note = explain(`Magic Resistance: ${ctx.profile.magicResistance.value}`, {
    rule: ctx.rule('variants', 'magic-resistance'),
  })
  return { ...why, children: [...why.children, note] }
}

/** The player who may dispel: the target's, or, for a spell on the caster's own side, the first other player. */
export function dispellerOf(ctx: Pick<ClassicContext, 'game'>, cast: Pick<Cast, 'wizard' | 'target'>): string | null {
  const caster = cast.wizard.unit.player
  if (cast.target.player !== caster) return cast.target.player
  return ctx.game.players.find((p) => p.id !== caster)?.id ?? null
}

/** The dispel: the opponent chooses how many dispel dice (0: no attempt), Magic Resistance adds dice. */
function* dispel(ctx: ClassicContext, cast: Cast, castingTotal: number): Generator<RequestSpec, boolean, Answer> {
  const { spell, event } = cast
  const dispeller = dispellerOf(ctx, cast)
  if (dispeller === null) return false
  const magic = ctx.game.magic as MagicState
  const pool = magic.dispel[dispeller] ?? 0
  if (pool === 0) {
    ctx.emit({
      kind: 'magic-dice',
      text: `${dispeller} has no dispel dice left: ${spell.name} cannot be dispelled`,
      values: { magic },
      explanation: explain(`${dispeller} has no dispel dice left: ${spell.name} cannot be dispelled`, {
        value: 0,
        rule: ctx.rule('magic', 'dispel'),
        from: [event.seq],
      }),
    })
    return false
  }
  const eighth = ctx.profile.magicDice.value === 'winds-of-magic'
  const mr = magicResistance(ctx, cast, dispeller)
  const extra = mr?.value ?? 0
  const dispelWizard = eighth
    ? (wizardsOf(ctx.game, dispeller)
        .filter((w) => !magic.dispelDone.includes(w.id))
        .sort((a, b) => b.level - a.level)[0] ?? null)
    : null
  const options = [{ id: '0', text: 'no dispel attempt' }]
  for (let n = 1; n <= pool; n++)
    options.push({
      id: String(n),
      text: `${n} dispel di${n === 1 ? 'e' : 'ce'}${extra > 0 ? ` + ${extra} Magic Resistance` : ''}`,
    })
  const why: Explanation[] = [
    explain(`${dispeller} has ${pool} dispel dice; ${spell.name} was cast with ${castingTotal}`, {
      value: pool,
      rule: ctx.rule('magic', 'dispel'),
      from: [event.seq],
    }),
  ]
  if (mr) why.push(withVariant(ctx, mr.explanation))
  const chosen = Number(
    yield* choose({
      purpose: 'dispel-dice',
      options,
      chooser: dispeller,
      text: `${dispeller}: how many dispel dice against ${spell.name} (cast with ${castingTotal})?`,
      explanation: explain(`${dispeller} may dispel ${spell.name}`, { rule: ctx.rule('magic', 'dispel') }, why),
    }),
  )
  if (chosen === 0) return false
  const current = ctx.game.magic as MagicState
  ctx.emit({
    kind: 'magic-dice',
    text: `${dispeller} uses ${chosen} dispel dice: ${pool - chosen} left`,
    values: { magic: { ...current, dispel: { ...current.dispel, [dispeller]: pool - chosen } } },
    explanation: explain(`${dispeller} dispels with ${chosen} of ${pool} dispel dice`, {
      value: chosen,
      rule: ctx.rule('magic', 'dispel'),
    }),
  })
  const count = chosen + extra
  const level = dispelWizard?.level ?? 0
  const roll = yield* rollDice({
    purpose: 'dispel',
    count,
    sides: 6,
    roller: dispeller,
    text: `${dispeller}: roll ${count} D6 to dispel ${spell.name}, ${castingTotal} or more`,
    explanation: explain(
      `${chosen} dispel di${chosen === 1 ? 'e' : 'ce'}${extra > 0 ? ` + ${extra} Magic Resistance` : ''}`,
      { value: count, rule: ctx.rule('magic', 'dispel') },
      mr && extra > 0 ? [withVariant(ctx, mr.explanation)] : [],
    ),
    odds: { kind: 'total', add: level, pass: { atLeast: castingTotal }, ...(eighth ? { naturalAtMostFails: 2 } : {}) },
  })
  const dice = roll.faces.reduce((a, b) => a + b, 0)
  const total = dice + level
  const children: Explanation[] = [
    explain(`dice ${roll.faces.join(', ')} (${roll.source}) = ${dice}`, { value: dice, from: [roll.seq] }),
  ]
  if (mr && extra > 0) children.push(withVariant(ctx, mr.explanation))
  children.push(
    eighth
      ? explain(
          dispelWizard ? `+ ${dispelWizard.name}'s level ${level} = ${total}` : 'no Wizard to dispel: no level added',
          { value: total, rule: ctx.rule('variants', 'magic-dice') },
        )
      : explain('the dispel total is the dice alone', { value: total, rule: ctx.rule('variants', 'magic-dice') }),
  )
  // A natural failure is said (and spends the Wizard's dispels) whatever the total.
  const failedNaturally = eighth && naturalFailure(ctx, dice, dispelWizard, roll.seq, children)
  const dispelled = total >= castingTotal && !failedNaturally
  const text = dispelled
    ? `${spell.name} is dispelled: ${total} against ${castingTotal}`
    : `${spell.name} is not dispelled: ${total} against ${castingTotal}`
  ctx.emit({
    kind: 'dispel-roll',
    text,
    values: { spell: spell.id, faces: [...roll.faces], total, need: castingTotal, dispelled },
    explanation: explain(
      text,
      { value: total, rule: ctx.rule('magic', 'dispel'), from: [event.seq, roll.seq] },
      children,
    ),
  })
  return dispelled
}

function checkDeclaration(ctx: ClassicContext, event: EventOf<'SpellCast'>): Cast {
  const where = `seq ${event.seq}: SpellCast`
  const p = event.payload
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
  const wizard = castingWizard(ctx, p.caster, where, 'magic phase')
  const { name, level } = wizard
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

  // Dice: the pool and the most a Wizard may use.
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

  // The target.
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
      `${where}: ${target.name} is not in ${name}'s front arc, as the players saw it (classic/magic §targeting)`,
    )
  if (spell.type === 'magic-missile') {
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
  // Soul Stealer's point out of range is cast to no effect (its own words); any other target must be in range.
  if (p.distance > spell.range && spell.id !== 'soul-stealer')
    throw new RuleError(
      'rules/out-of-range',
      `${where}: ${target.name} is ${p.distance}" away; ${spell.name}'s range is ${spell.range}" (classic/${spell.id} §range)`,
    )
  if (spell.id === 'soul-stealer' && p.distance <= spell.range) {
    if (p.modelsUnderTemplate === undefined)
      throw new RuleError(
        'rules/bad-target',
        `${where}: say how many models of ${target.name} are under the template (modelsUnderTemplate)`,
      )
    if (p.modelsUnderTemplate > target.models)
      throw new RuleError(
        'rules/too-many-models',
        `${where}: ${p.modelsUnderTemplate} models under the template, but ${target.name} has ${target.models}`,
      )
  }
  return { wizard, spell, target, event }
}

/**
 * The Wizard a SpellCast names, as every ruleset checks it: a character on the table with a Wizard level, of the
 * player whose turn it is (`turn`: what the refusal calls it), not slain, fleeing or hidden. Throws a RuleError.
 */
export function castingWizard(ctx: ProcedureContext, caster: string, where: string, turn: string): Wizard {
  const ruleset = ctx.game.ruleset
  const found = findCharacter(ctx.game, caster)
  if (!found) throw new RuleError('rules/not-a-wizard', `${where}: no character "${caster}" is on the table`)
  const level = found.character ? found.character.wizardLevel : (found.unit.wizardLevel ?? null)
  const name = found.character ? found.character.name : found.unit.name
  if (!level) throw new RuleError('rules/not-a-wizard', `${where}: ${name} is not a Wizard (${ruleset}/magic §cast)`)
  const wizard: Wizard = { id: caster, name, level, unit: found.unit, character: found.character }
  if (wizard.unit.player !== ctx.game.activePlayer)
    throw new RuleError(
      'rules/wrong-side',
      `${where}: ${name} belongs to ${wizard.unit.player}; it is ${ctx.game.activePlayer}'s ${turn}`,
    )
  if (wizard.unit.models === 0 || found.character?.slain)
    throw new RuleError('rules/unit-destroyed', `${where}: ${name} has been slain`)
  if (wizard.unit.fleeing) throw new RuleError('rules/unit-fleeing', `${where}: ${name} is fleeing and cannot cast`)
  if (found.character && isHidden(found.character))
    throw new RuleError(
      'rules/not-permitted',
      `${where}: ${name} is hidden in ${found.unit.name}: until revealed it is not on the table and cannot cast ` +
        `(${ruleset}/concealed §hidden)`,
    )
  return wizard
}

/** Magic Resistance: extra dispel dice when the spell is cast on the dispeller's own unit; null when it is not. */
function magicResistance(ctx: ClassicContext, cast: Cast, dispeller: string) {
  const { spell, target, wizard } = cast
  return target.player === dispeller
    ? resolveModifiers(
        { value: 0, text: 'no Magic Resistance', rule: ctx.rule('magic', 'dispel') },
        ctx.modifiers('dispel-dice', { subject: target, opponent: wizard.unit, spell: spell.id }),
        {
          mode: 'value',
          title: (n) => `${target.name}: ${n} Magic Resistance di${n === 1 ? 'e' : 'ce'}`,
          rule: ctx.rule('magic', 'dispel'),
        },
      )
    : null
}

/**
 * classic-8th's natural 2 or less on the dispel dice: it always fails, and the Wizard whose level was added
 * dispels no more this phase. Says so in `children`; returns whether it failed so.
 */
function naturalFailure(
  ctx: ClassicContext,
  dice: number,
  dispelWizard: Wizard | null,
  rollSeq: number,
  children: Explanation[],
): boolean {
  if (dice > 2) return false
  children.push(explain(`a natural ${dice} always fails`, { rule: ctx.rule('magic', 'dispel') }))
  if (dispelWizard) {
    const now = ctx.game.magic as MagicState
    ctx.emit({
      kind: 'magic-dice',
      text: `${dispelWizard.name} dispels no more this phase`,
      values: { magic: { ...now, dispelDone: [...now.dispelDone, dispelWizard.id] } },
      explanation: explain(`${dispelWizard.name} rolled a natural ${dice}: no more dispels this phase`, {
        rule: ctx.rule('magic', 'dispel'),
        from: [rollSeq],
      }),
    })
  }
  return true
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
