import { RuleError } from '../../../engine/errors.js'
import { type Resolved, resolveModifiers } from '../../../engine/modifiers.js'
import { parseDiceCount } from '../../../engine/params.js'
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
import type { PayloadOf } from '../../../events/event-types.js'
import { type Explanation, explain } from '../../../explain/explanation.js'
import { combatOf, type Wizard, wizardsOf } from '../../battle/magic/wizards.js'
import { characterView, woundModel } from '../../battle/models.js'
import { woundsFromHits } from '../../battle/strike.js'
import { barredBy, castingWizard, dispellerOf } from '../../classic/magic/spell-cast.js'
import { spellAsAttacker } from '../../classic/magic/spells.js'
import type { OldWorldContext } from '../catalogue.js'

type Step<T = void> = Generator<RequestSpec, T, Answer>
type SpellType = NonNullable<PayloadOf<'SpellCast'>['spellType']>

/** The phase each type of spell is cast in (core-mechanics B.1, B.3). */
const PHASE_OF: Readonly<Record<SpellType, string>> = {
  enchantment: 'strategy',
  hex: 'strategy',
  conveyance: 'movement',
  'magic-missile': 'shooting',
  vortex: 'shooting',
  assailment: 'close-combat',
}

/** A spell as the players enter it from their lore: seed 001 names none. */
interface EnteredSpell {
  readonly id: string
  readonly name: string
  readonly type: SpellType
  readonly castingValue: number
  readonly hits: number | string | null
  readonly strength: number | null
}

interface Cast {
  readonly wizard: Wizard
  readonly spell: EnteredSpell
  readonly target: UnitState
  readonly event: EventOf<'SpellCast'>
}

const s = (count: number) => (count === 1 ? '' : 's')
const word = (type: SpellType) => type.replace('-', ' ')

/** What a Wizard adds to 2D6: half its Level, rounded up (old-world/variants §casting-bonus). */
function levelBonus(
  ctx: OldWorldContext,
  wizard: Wizard,
): { readonly value: number; readonly explanation: Explanation } {
  const value = Math.ceil(wizard.level / 2)
  return {
    value,
    explanation: explain(`+ ${value}: half of ${wizard.name}'s Level ${wizard.level}, rounded up`, {
      value,
      rule: ctx.rule('variants', 'casting-bonus'),
    }),
  }
}

/** The Wizard's own model: its own gear (its armour) bars it, not its unit's; a lone Wizard is its unit. */
function wizardModel(wizard: Wizard): UnitState {
  return wizard.character ? characterView(wizard.unit, wizard.character) : wizard.unit
}

/** The turn's casting record: started afresh at the first spell of a side's turn. */
function turnMagic(ctx: OldWorldContext): MagicState {
  const magic = ctx.game.magic
  if (magic && magic.turn === ctx.game.turn && magic.player === ctx.game.activePlayer) return magic
  return {
    turn: ctx.game.turn,
    player: ctx.game.activePlayer ?? '',
    power: 0,
    dispel: {},
    attempted: [],
    done: [],
    dispelDone: [],
    fated: [],
  }
}

/**
 * SpellCast in The Old World (core-mechanics B.3): no dice pools. The casting roll is 2D6 + half the Level against
 * the casting value; a natural double 1 miscasts, a natural double 6 is a Perfect Invocation. The enemy may make
 * one dispel, Wizardly or Fated, that must beat the casting result. The Wizard check, the armour bar (the
 * `permission` point) and the hits of a spell (the strike pipeline) are the classic procedure's own.
 */
export function* oldWorldSpellCast(context: ProcedureContext, event: EventOf<'SpellCast'>): Procedure {
  const ctx = context as OldWorldContext
  const cast = checkCast(ctx, event)
  const { wizard, spell } = cast
  const magic = turnMagic(ctx)
  const tried = magic.attempted.filter((a) => a.startsWith(`${wizard.id}/`)).length + 1
  ctx.emit({
    kind: 'magic-dice',
    text: `${wizard.name} attempts ${spell.name}: spell ${tried} of at most ${wizard.level} this turn`,
    values: { magic: { ...magic, attempted: [...magic.attempted, `${wizard.id}/${spell.id}`] } },
    explanation: explain(
      `${wizard.name} attempts ${spell.name} (${word(spell.type)}, casting value ${spell.castingValue}+): ` +
        `spell ${tried} of ${wizard.level} this turn`,
      { value: tried, rule: ctx.rule('magic', 'spells-per-turn'), from: [event.seq] },
      [
        explain(`a ${word(spell.type)} is cast in the ${PHASE_OF[spell.type]} phase`, {
          rule: ctx.rule('magic', 'phases'),
        }),
        explain('the spell as the players entered it from their lore', { from: [event.seq] }),
        spell.type === 'magic-missile' || spell.type === 'assailment'
          ? explain(`a ${word(spell.type)} hits automatically: ${spell.hits} hits at Strength ${spell.strength}`, {
              rule: ctx.rule('magic', spell.type === 'assailment' ? 'assailment' : 'magic-missile'),
            })
          : explain(`if it is cast, its effect on ${cast.target.name} is its lore's, for the table to apply`, {
              rule: ctx.rule('magic', 'targeting'),
            }),
        explain(`old-world/variants §casting-turn: ${ctx.decision('casting-turn')}`, {
          rule: ctx.rule('variants', 'casting-turn'),
        }),
      ],
    ),
  })

  const bonus = levelBonus(ctx, wizard)
  const roll = yield* rollDice({
    purpose: 'casting',
    count: 2,
    sides: 6,
    roller: wizard.unit.player,
    text: `${wizard.name}: roll 2D6 to cast ${spell.name} (casting value ${spell.castingValue}+)`,
    explanation: explain(`${wizard.name} casts ${spell.name}: 2D6 + half its Level`, {
      rule: ctx.rule('magic', 'casting-roll'),
      from: [event.seq],
    }),
    // A double 1 miscasts (the Miscast table may still cast it: not counted as a pass), a double 6 is cast.
    odds: {
      kind: 'total',
      add: bonus.value,
      pass: { atLeast: spell.castingValue },
      naturals: [
        { face: 1, count: 2, passes: false },
        { face: 6, count: 2, passes: true },
      ],
    },
  })
  const [a, b] = roll.faces as [number, number]
  const total = a + b + bonus.value
  const dice = explain(`dice ${a}, ${b} (${roll.source}) = ${a + b}`, { value: a + b, from: [roll.seq] })
  const value = explain(`${spell.name}: casting value ${spell.castingValue}+`, {
    value: spell.castingValue,
    rule: ctx.rule('magic', 'casting-value'),
    from: [event.seq],
  })
  const children = [dice, bonus.explanation, value]

  if (a === 1 && b === 1) {
    emitCasting(ctx, cast, roll, total, 'miscast', `${spell.name} miscasts: a natural double 1`, [
      ...children,
      explain('a natural double 1 is a Miscast: the spell is not cast unless the Miscast table says so', {
        rule: ctx.rule('magic', 'miscast'),
      }),
    ])
    const line = yield* miscast(ctx, wizard, roll.seq, 'cast')
    if (line === 'cast-at-value') {
      if (yield* dispel(ctx, cast, spell.castingValue, false)) return
      yield* resolveSpell(ctx, cast)
    } else if (line === 'perfect-invocation') {
      yield* dispel(ctx, cast, spell.castingValue, true)
      yield* resolveSpell(ctx, cast)
    }
    return
  }
  if (a === 6 && b === 6) {
    emitCasting(ctx, cast, roll, total, 'perfect-invocation', `${spell.name} is cast with a Perfect Invocation`, [
      ...children,
      explain('a natural double 6 is a Perfect Invocation: cast whatever the casting value, beyond dispelling', {
        rule: ctx.rule('magic', 'perfect-invocation'),
      }),
    ])
    yield* dispel(ctx, cast, total, true)
    yield* resolveSpell(ctx, cast)
    return
  }
  const succeeded = total >= spell.castingValue
  emitCasting(
    ctx,
    cast,
    roll,
    total,
    succeeded ? 'cast' : 'failed',
    `${spell.name} ${succeeded ? 'is cast' : 'fails'}: ${total} against ${spell.castingValue}+`,
    children,
  )
  if (!succeeded) return
  if (yield* dispel(ctx, cast, total, false)) return
  yield* resolveSpell(ctx, cast)
}

function emitCasting(
  ctx: OldWorldContext,
  cast: Cast,
  roll: { readonly faces: readonly number[]; readonly seq: number },
  total: number,
  result: 'cast' | 'failed' | 'miscast' | 'perfect-invocation',
  text: string,
  children: Explanation[],
): void {
  ctx.emit({
    kind: 'casting-roll',
    text,
    values: {
      caster: cast.wizard.id,
      spell: cast.spell.id,
      faces: [...roll.faces],
      total,
      need: cast.spell.castingValue,
      result,
    },
    explanation: explain(
      text,
      { value: total, rule: ctx.rule('magic', 'casting-value'), from: [cast.event.seq, roll.seq] },
      children,
    ),
  })
}

/** Marks a Wizard as casting no more this turn (Miscast results 8-12). */
function endCasting(ctx: OldWorldContext, wizard: Wizard, why: string, from: number): void {
  const magic = turnMagic(ctx)
  if (magic.done.includes(wizard.id)) return
  ctx.emit({
    kind: 'magic-dice',
    text: `${wizard.name} casts no more this turn`,
    values: { magic: { ...magic, done: [...magic.done, wizard.id] } },
    explanation: explain(`${wizard.name} casts no more this turn: ${why}`, {
      rule: ctx.rule('magic', 'miscast-table'),
      from: [from],
    }),
  })
}

type MiscastLine = 'harm' | 'cast-at-value' | 'perfect-invocation'

/**
 * The Miscast table (2D6): 2-7 harm the Wizard (2-6, blasts: the table's template, recorded for the table to
 * resolve; 7, one hit: resolved here); 8-9 cast at its casting value, 10-12 as a Perfect Invocation, and
 * the Wizard casts no more this turn. A dispelling Wizard: old-world/variants §dispel-miscast.
 */
function* miscast(ctx: OldWorldContext, wizard: Wizard, from: number, by: 'cast' | 'dispel'): Step<MiscastLine> {
  const rule = ctx.rule('magic', 'miscast-table')
  const roll = yield* rollDice({
    purpose: 'miscast',
    count: 2,
    sides: 6,
    roller: wizard.unit.player,
    text: `${wizard.name}: roll 2D6 on the Miscast table`,
    explanation: explain(`${wizard.name} has miscast${by === 'dispel' ? ' while dispelling' : ''}`, {
      rule: ctx.rule('magic', by === 'cast' ? 'miscast' : 'dispel-miscast'),
      from: [from],
    }),
    odds: { kind: 'total' },
  })
  const total = roll.faces.reduce((x, y) => x + y, 0)
  const harm =
    total <= 4
      ? `a 5" blast template centred on ${wizard.name}: every model under it takes a Strength 10 hit, AP -4`
      : total <= 6
        ? `a 3" blast template centred on ${wizard.name}: every model under it takes a Strength 6 hit, AP -2`
        : total === 7
          ? `${wizard.name} takes one Strength 4 hit, AP -1`
          : null
  let line: MiscastLine
  let text: string
  const notes: Explanation[] = []
  if (harm !== null) {
    line = 'harm'
    text = `Miscast ${total}: ${harm}${total === 7 ? '' : '; the table resolves it'}`
  } else if (by === 'dispel') {
    line = 'harm'
    text = `Miscast ${total}: the dispel fails; ${wizard.name} has no spell of its own in hand, and casts no more this turn`
    notes.push(
      explain(`old-world/variants §dispel-miscast: ${ctx.decision('dispel-miscast')}`, {
        rule: ctx.rule('variants', 'dispel-miscast'),
      }),
    )
  } else if (total <= 9) {
    line = 'cast-at-value'
    text = `Miscast ${total}: the spell is cast at its casting value, and ${wizard.name} casts no more this turn`
  } else {
    line = 'perfect-invocation'
    text = `Miscast ${total}: the spell is cast as a Perfect Invocation, and ${wizard.name} casts no more this turn`
  }
  ctx.emit({
    kind: 'miscast',
    text,
    values: { caster: wizard.id, roll: total },
    explanation: explain(text, { value: total, rule, from: [roll.seq] }, [
      explain(`dice ${roll.faces.join(', ')} (${roll.source}) = ${total}`, { value: total, from: [roll.seq] }),
      ...notes,
    ]),
  })
  if (total >= 8) endCasting(ctx, wizard, `Miscast ${total}`, roll.seq)
  if (total === 7) yield* miscastHit(ctx, wizard, roll.seq)
  return line
}

/**
 * Miscast 7: one Strength 4 hit on the Wizard, AP -1, through the shared strike pipeline (to wound, its own armour
 * and ward, its own Wounds when it joined a unit). The hit's attacker holds old-world/magic, whose armour-piercing
 * effect acts for that hit alone.
 */
function* miscastHit(ctx: OldWorldContext, wizard: Wizard, from: number): Step {
  const rule = ctx.rule('magic', 'miscast-table')
  const target = wizardModel(wizard)
  const miscast = spellAsAttacker({ wizard, spell: { name: 'miscast' } })
  const attacker: UnitState = { ...miscast, rules: [{ id: 'magic', params: {} }] }
  ctx.emit({
    kind: 'hits',
    text: `Miscast 7: one Strength 4 hit on ${wizard.name}`,
    values: { attacks: 1, need: null, hits: 1 },
    explanation: explain(`Miscast 7: one hit on ${wizard.name}`, { value: 1, rule, from: [from] }),
  })
  const strength = resolveModifiers({ value: 4, text: 'Miscast 7: Strength 4', rule, from: [from] }, [], {
    mode: 'value',
    title: 'Miscast: Strength {}',
  }) as Resolved & { readonly value: number }
  const character = wizard.character
  yield* woundsFromHits(
    ctx,
    {
      attacker,
      target,
      combat: null,
      from: [from],
      strength,
      ...(character
        ? {
            remove: (unsaved: number, why: Explanation) =>
              woundModel(ctx, { kind: 'character', unit: wizard.unit.id, character: character.id }, unsaved, why),
          }
        : {}),
    },
    1,
    1,
  )
}

/**
 * The dispel: the enemy chooses a Wizardly dispel (one of its Wizards in range, as the players measure; not
 * fleeing; engaged only against a spell on its own unit; barred by armour through the `permission` point) or its
 * Fated dispel (once a turn), or none. The dispel must beat `castingResult`; a natural double 6 unbinds. A
 * Perfect Invocation is recorded as beyond dispelling. Returns whether the spell was dispelled.
 */
function* dispel(ctx: OldWorldContext, cast: Cast, castingResult: number, perfect: boolean): Step<boolean> {
  const { spell, wizard, event } = cast
  const dispeller = dispellerOf(ctx, cast)
  if (dispeller === null) return false
  if (perfect) {
    ctx.emit({
      kind: 'dispel-roll',
      text: `${spell.name} cannot be dispelled: a Perfect Invocation`,
      values: { spell: spell.id, faces: [], total: 0, need: castingResult, dispelled: false },
      explanation: explain(`${dispeller} cannot dispel ${spell.name}: it was cast with a Perfect Invocation`, {
        rule: ctx.rule('magic', 'perfect-invocation'),
        from: [event.seq],
      }),
    })
    return false
  }
  const magic = turnMagic(ctx)
  const fatedUsed = (magic.fated ?? []).includes(dispeller)
  const why: Explanation[] = []
  const options = [{ id: 'none', text: 'no dispel' }]
  const wizards = new Map<string, Wizard>()
  for (const w of wizardsOf(ctx.game, dispeller)) {
    const barred = barredBy(
      ctx.modifiers('permission', { subject: wizardModel(w), opponent: wizard.unit, action: 'dispel' }),
    )
    const engaged = combatOf(ctx.game, w.unit.id)
    const reach = w.level <= 2 ? 18 : 24
    if (barred)
      why.push(
        explain(`${w.name} cannot dispel: ${barred.label}`, { rule: barred.source }, [
          explain('a Wizard in armour or with a shield cannot cast or dispel', { rule: ctx.rule('magic', 'armour') }),
        ]),
      )
    else if (w.unit.fleeing)
      why.push(explain(`${w.name} is fleeing: it cannot dispel`, { rule: ctx.rule('magic', 'wizardly-dispel') }))
    else if (engaged && w.unit.id !== cast.target.id)
      why.push(
        explain(`${w.name} is engaged in combat: it dispels only spells on its own unit`, {
          rule: ctx.rule('magic', 'wizardly-dispel'),
        }),
      )
    else {
      wizards.set(w.id, w)
      options.push({
        id: `wizardly:${w.id}`,
        text:
          `Wizardly dispel by ${w.name} (Level ${w.level}: 2D6 + ${Math.ceil(w.level / 2)}), if it is within ` +
          `${reach}" of ${wizard.name} as the players measure`,
      })
    }
  }
  if (fatedUsed)
    why.push(explain(`${dispeller} has made its Fated dispel this turn`, { rule: ctx.rule('magic', 'fated-dispel') }))
  else options.push({ id: 'fated', text: 'Fated dispel: a plain 2D6 (once this turn)' })
  const chosen = yield* choose({
    purpose: 'dispel',
    options,
    chooser: dispeller,
    text: `${dispeller}: dispel ${spell.name} (cast with ${castingResult})? The dispel must beat ${castingResult}`,
    explanation: explain(
      `${dispeller} may dispel ${spell.name}, cast with ${castingResult}`,
      { value: castingResult, rule: ctx.rule('magic', 'dispel'), from: [event.seq] },
      why,
    ),
  })
  if (chosen === 'none') return false
  const by = chosen === 'fated' ? null : (wizards.get(chosen.slice('wizardly:'.length)) ?? null)
  if (chosen === 'fated') {
    const now = turnMagic(ctx)
    ctx.emit({
      kind: 'magic-dice',
      text: `${dispeller} makes its Fated dispel of the turn`,
      values: { magic: { ...now, fated: [...(now.fated ?? []), dispeller] } },
      explanation: explain(`${dispeller} uses its Fated dispel: once a turn`, {
        rule: ctx.rule('magic', 'fated-dispel'),
        from: [ctx.seq],
      }),
    })
  }
  const bonus = by ? levelBonus(ctx, by) : null
  const roll = yield* rollDice({
    purpose: 'dispel',
    count: 2,
    sides: 6,
    roller: dispeller,
    text: `${dispeller}: roll 2D6 ${by ? `+ ${Math.ceil(by.level / 2)} ` : ''}to dispel ${spell.name}, more than ${castingResult}`,
    explanation: explain(
      by ? `${by.name}'s Wizardly dispel: 2D6 + half its Level` : `${dispeller}'s Fated dispel: a plain 2D6`,
      { rule: ctx.rule('magic', by ? 'wizardly-dispel' : 'fated-dispel'), from: [ctx.seq] },
    ),
    // Must beat the casting result; a double 6 unbinds; a double 1 fails a Wizardly dispel.
    odds: {
      kind: 'total',
      add: bonus?.value ?? 0,
      pass: { atLeast: castingResult + 1 },
      naturals: [{ face: 6, count: 2, passes: true }, ...(by ? [{ face: 1, count: 2, passes: false }] : [])],
    },
  })
  const [a, b] = roll.faces as [number, number]
  const total = a + b + (bonus?.value ?? 0)
  const children: Explanation[] = [
    explain(`dice ${a}, ${b} (${roll.source}) = ${a + b}`, { value: a + b, from: [roll.seq] }),
    bonus?.explanation ?? explain('a Fated dispel adds nothing', { value: 0, rule: ctx.rule('magic', 'fated-dispel') }),
  ]
  let dispelled: boolean
  let text: string
  if (a === 6 && b === 6) {
    dispelled = true
    text = `${spell.name} is unbound: a natural double 6`
    children.push(explain('a natural double 6 on a dispel is an Unbinding', { rule: ctx.rule('magic', 'unbinding') }))
  } else if (a === 1 && b === 1 && by) {
    dispelled = false
    text = `${spell.name} is not dispelled: ${by.name} rolls a natural double 1 and miscasts`
    children.push(
      explain('a natural double 1 on a Wizardly dispel: it fails, and the Wizard miscasts', {
        rule: ctx.rule('magic', 'dispel-miscast'),
      }),
    )
  } else {
    dispelled = total > castingResult
    text = dispelled
      ? `${spell.name} is dispelled: ${total} beats ${castingResult}`
      : `${spell.name} is not dispelled: ${total} does not beat ${castingResult}`
    children.push(
      explain(
        total === castingResult ? 'equal is not enough: the dispel must exceed the casting result' : 'must exceed',
        { value: castingResult, rule: ctx.rule('magic', 'dispel-exceed') },
      ),
    )
  }
  ctx.emit({
    kind: 'dispel-roll',
    text,
    values: { spell: spell.id, faces: [a, b], total, need: castingResult + 1, dispelled },
    explanation: explain(
      text,
      { value: total, rule: ctx.rule('magic', 'dispel-exceed'), from: [event.seq, roll.seq] },
      children,
    ),
  })
  if (a === 1 && b === 1 && by) yield* miscast(ctx, by, roll.seq, 'dispel')
  return dispelled
}

/** A spell that got through: a Magic Missile's or Assailment's hits are resolved; any other is the table's to apply. */
function* resolveSpell(ctx: OldWorldContext, cast: Cast): Step {
  const { spell, target, wizard, event } = cast
  // Any other spell's effect is its lore's text, which the table applies (the casting roll's explanation says so).
  if (spell.type !== 'magic-missile' && spell.type !== 'assailment') return
  const hitsRule = ctx.rule('magic', spell.type === 'assailment' ? 'assailment' : 'magic-missile')
  let hits: number
  const from = [event.seq]
  const why: Explanation[] = []
  if (typeof spell.hits === 'number') {
    hits = spell.hits
    why.push(explain(`${hits} hit${s(hits)}, as the spell says`, { value: hits, from: [event.seq] }))
  } else {
    // The declaration's schema lets through dice only ("D6", "2D3+1"): parsed as any rule's dice count.
    const parsed = parseDiceCount(spell.hits)
    const { dice, sides, add } = parsed && 'dice' in parsed ? parsed : { dice: 1, sides: 6, add: 0 }
    const roll = yield* rollDice({
      purpose: 'spell-hits',
      count: dice,
      sides,
      roller: wizard.unit.player,
      text: `${wizard.name}: roll ${spell.hits} for ${spell.name}'s hits on ${target.name}`,
      explanation: explain(`${spell.name}: ${spell.hits} hits`, { rule: hitsRule, from: [event.seq] }),
      odds: { kind: 'total', add },
    })
    hits = roll.faces.reduce((x, y) => x + y, 0) + add
    from.push(roll.seq)
    why.push(explain(`${spell.hits} rolled ${roll.faces.join(', ')}: ${hits}`, { value: hits, from: [roll.seq] }))
  }
  ctx.emit({
    kind: 'hits',
    text: `${spell.name} hits ${target.name} ${hits} time${s(hits)}`,
    values: { attacks: hits, need: null, hits },
    explanation: explain(`${hits} hit${s(hits)} on ${target.name}`, { value: hits, rule: hitsRule, from }, [
      ...why,
      explain(`a ${word(spell.type)} hits automatically`, { rule: hitsRule }),
    ]),
  })
  if (hits === 0) return
  const strength = resolveModifiers(
    { value: spell.strength as number, text: "the spell's own Strength, as the players entered it", rule: hitsRule },
    [],
    { mode: 'value', title: `${spell.name}: Strength {}` },
  ) as Resolved & { readonly value: number }
  yield* woundsFromHits(
    ctx,
    { attacker: spellAsAttacker(cast), target, combat: null, from, attack: 'spell', strength },
    hits,
    hits,
  )
}

/** What the declaration is allowed to be; throws a RuleError naming what is wrong, before anything is recorded. */
function checkCast(ctx: OldWorldContext, event: EventOf<'SpellCast'>): Cast {
  const where = `seq ${event.seq}: SpellCast`
  const p = event.payload
  const open = Object.keys(ctx.game.requests)
  if (open.length > 0)
    throw new RuleError(
      'engine/requests-open',
      `${where}: request ${open.join(', ')} is still open; answer it before the next spell`,
    )
  if (p.powerDice !== undefined)
    throw new RuleError(
      'rules/too-many-dice',
      `${where}: The Old World has no power dice; a spell is cast with 2D6 (old-world/magic §casting-roll)`,
    )
  if (p.spellType === undefined || p.castingValue === undefined)
    throw new RuleError(
      'rules/not-a-spell',
      `${where}: enter the spell from your lore: its type (spellType) and casting value (castingValue)`,
    )
  const type = p.spellType
  const wizard = castingWizard(ctx, p.caster, where, 'turn')
  const phase = PHASE_OF[type]
  if (ctx.game.phase !== phase)
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: a ${word(type)} is cast in the ${phase} phase, not ${ctx.game.phase ?? 'before any phase'} ` +
        '(old-world/magic §phases)',
    )
  const magic = turnMagic(ctx)
  const name = p.spellName ?? p.spell
  if (magic.done.includes(wizard.id))
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${wizard.name} casts no more this turn after its Miscast (old-world/magic §miscast-table)`,
    )
  if (magic.attempted.includes(`${wizard.id}/${p.spell}`))
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${wizard.name} has already attempted ${name} this turn (old-world/magic §once-per-spell)`,
    )
  const tried = magic.attempted.filter((a) => a.startsWith(`${wizard.id}/`)).length
  if (tried >= wizard.level)
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${wizard.name} is Level ${wizard.level} and has attempted ${tried} spell${s(tried)} this turn ` +
        '(old-world/magic §spells-per-turn)',
    )
  const barred = barredBy(ctx.modifiers('permission', { subject: wizardModel(wizard), opponent: null, action: 'cast' }))
  if (barred)
    throw new RuleError(
      'rules/cannot-cast',
      `${where}: ${wizard.name} cannot cast spells: ${barred.label} ` +
        `(${barred.source.ruleset}/${barred.source.id} §${barred.source.clause}; old-world/magic §armour)`,
    )
  const engaged = combatOf(ctx.game, wizard.unit.id)
  if (engaged && type !== 'assailment')
    throw new RuleError(
      'rules/engaged',
      `${where}: ${wizard.name} is engaged in combat and casts only Assailment spells (old-world/magic §engaged)`,
    )

  const target = ctx.unit(p.target)
  if (target.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${target.name} has no models left`)
  const enemy = target.player !== wizard.unit.player
  if (type === 'enchantment' && enemy)
    throw new RuleError('rules/bad-target', `${where}: an Enchantment targets a friendly unit, not ${target.name}`)
  if ((type === 'hex' || type === 'magic-missile' || type === 'assailment') && !enemy)
    throw new RuleError('rules/friendly-target', `${where}: a ${word(type)} targets an enemy unit, not ${target.name}`)
  if (type === 'assailment') {
    if (!engaged || combatOf(ctx.game, target.id) !== engaged)
      throw new RuleError(
        'rules/bad-target',
        `${where}: an Assailment targets an enemy unit ${wizard.name} is engaged with (old-world/magic §assailment)`,
      )
  } else if (target.id !== wizard.unit.id && combatOf(ctx.game, target.id))
    throw new RuleError(
      'rules/bad-target',
      `${where}: ${target.name} is in combat; only an Assailment targets a unit in combat (old-world/magic §targeting)`,
    )
  if (target.id !== wizard.unit.id && !p.inArc)
    throw new RuleError(
      'rules/bad-target',
      `${where}: ${target.name} is not in ${wizard.name}'s vision arc, as the players saw it (old-world/magic §targeting)`,
    )
  if (type === 'magic-missile' && p.lineOfSight !== true)
    throw new RuleError(
      'rules/bad-target',
      `${where}: a Magic Missile needs line of sight: say that ${wizard.name} sees ${target.name} (lineOfSight) ` +
        '(old-world/magic §magic-missile)',
    )
  const hitting = type === 'magic-missile' || type === 'assailment'
  if (hitting && (p.hits === undefined || p.strength === undefined))
    throw new RuleError(
      'rules/not-a-spell',
      `${where}: a ${word(type)} hits: enter its hits (hits: a number or dice such as "D6") and Strength (strength)`,
    )
  if (!hitting && (p.hits !== undefined || p.strength !== undefined))
    throw new RuleError(
      'rules/not-a-spell',
      `${where}: a ${word(type)} makes no hits the engine rolls: its effect is the table's (no hits or strength)`,
    )
  const spell: EnteredSpell = {
    id: p.spell,
    name,
    type,
    castingValue: p.castingValue,
    hits: p.hits ?? null,
    strength: p.strength ?? null,
  }
  return { wizard, spell, target, event }
}
