import { resolveModifiers } from '../../../engine/modifiers.js'
import { choose, passWords, rollDice } from '../../../engine/requests.js'
import type { Answer, MagicState, RequestSpec, TotalJudging } from '../../../engine/types.js'
import { type Explanation, explain } from '../../../explain/explanation.js'
import { dispellerOf } from '../../battle/magic/casting.js'
import { type Wizard, wizardsOf } from '../../battle/magic/wizards.js'
import type { ClassicContext } from '../catalogue.js'
import type { Cast } from './spell-cast.js'

/** Magic Resistance as dispel dice is the variant's reading of MR: the explanation says so. */
function withVariant(ctx: ClassicContext, why: Explanation): Explanation {
  const note = explain(`Magic Resistance: ${ctx.profile.magicResistance.value}`, {
    rule: ctx.rule('variants', 'magic-resistance'),
  })
  return { ...why, children: [...why.children, note] }
}

/** The dispel: the opponent chooses how many dispel dice (0: no attempt), Magic Resistance adds dice. */
export function* dispel(
  ctx: ClassicContext,
  cast: Cast,
  castingTotal: number,
): Generator<RequestSpec, boolean, Answer> {
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
  const odds: TotalJudging = {
    kind: 'total',
    add: level,
    pass: { atLeast: castingTotal },
    ...(eighth ? { naturalAtMostFails: 2 } : {}),
  }
  const roll = yield* rollDice({
    purpose: 'dispel',
    count,
    sides: 6,
    roller: dispeller,
    text: `${dispeller}: roll ${count} D6 to dispel ${spell.name}: ${passWords(odds, count)}`,
    explanation: explain(
      `${chosen} dispel di${chosen === 1 ? 'e' : 'ce'}${extra > 0 ? ` + ${extra} Magic Resistance` : ''}`,
      { value: count, rule: ctx.rule('magic', 'dispel') },
      mr && extra > 0 ? [withVariant(ctx, mr.explanation)] : [],
    ),
    odds,
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
