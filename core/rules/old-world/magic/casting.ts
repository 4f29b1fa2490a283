import { type Resolved, resolveModifiers } from '../../../engine/modifiers.js'
import { parseDiceCount } from '../../../engine/params.js'
import { rollDice } from '../../../engine/requests.js'
import type { Answer, EventOf, Procedure, ProcedureContext, RequestSpec } from '../../../engine/types.js'
import { type Explanation, explain } from '../../../explain/explanation.js'
import { s } from '../../battle/counting.js'
import { spellAsAttacker } from '../../battle/magic/wizards.js'
import { woundsFromHits } from '../../battle/strike.js'
import type { OldWorldContext } from '../catalogue.js'
import { type Cast, levelBonus, PHASE_OF, turnMagic, word } from './cast.js'
import { checkCast } from './cast-checks.js'
import { dispel } from './dispel.js'
import { miscast } from './miscast.js'

type Step<T = void> = Generator<RequestSpec, T, Answer>

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
        explain(`old-world/variants §casting-turn: ${ctx.profile.castingTurn.value}`, {
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
    text:
      `${wizard.name}: roll 2D6 + ${bonus.value} to cast ${spell.name} (casting value ${spell.castingValue}+; ` +
      'a double 6 always casts, a double 1 miscasts)',
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
