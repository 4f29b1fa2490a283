import { choose, rollDice } from '../../../engine/requests.js'
import type { Answer, RequestSpec } from '../../../engine/types.js'
import { type Explanation, explain } from '../../../explain/explanation.js'
import { barredBy, dispellerOf } from '../../battle/magic/casting.js'
import { combatOf, type Wizard, wizardsOf } from '../../battle/magic/wizards.js'
import type { OldWorldContext } from '../catalogue.js'
import { type Cast, levelBonus, turnMagic, wizardModel } from './cast.js'
import { miscast } from './miscast.js'

type Step<T = void> = Generator<RequestSpec, T, Answer>

/**
 * The dispel: the enemy chooses a Wizardly dispel (one of its Wizards in range, as the players measure; not
 * fleeing; engaged only against a spell on its own unit; barred by armour through the `permission` point) or its
 * Fated dispel (once a turn), or none. The dispel must beat `castingResult`; a natural double 6 unbinds. A
 * Perfect Invocation is recorded as beyond dispelling. Returns whether the spell was dispelled.
 */
export function* dispel(ctx: OldWorldContext, cast: Cast, castingResult: number, perfect: boolean): Step<boolean> {
  const { spell, event } = cast
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
  const { options, wizards, why } = dispelOptions(ctx, cast, dispeller)
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
    text:
      `${dispeller}: roll 2D6 ${bonus ? `+ ${bonus.value} ` : ''}to dispel ${spell.name}, more than ${castingResult} ` +
      `(a double 6 always dispels${by ? ', a double 1 fails and miscasts' : ''})`,
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
  const { dispelled, text } = dispelVerdict(ctx, spell.name, [a, b], by, total, castingResult, children)
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

/** Who may dispel: each Wizard of the enemy that is not barred, fleeing or engaged elsewhere; the Fated dispel once. */
function dispelOptions(ctx: OldWorldContext, cast: Cast, dispeller: string) {
  const { wizard } = cast
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
  return { options, wizards, why }
}

/** The dispel's verdict: an Unbinding on a double 6, a Wizard's miscast on a double 1, else it must beat the cast. */
function dispelVerdict(
  ctx: OldWorldContext,
  spellName: string,
  [a, b]: readonly [number, number],
  by: Wizard | null,
  total: number,
  castingResult: number,
  children: Explanation[],
): { dispelled: boolean; text: string } {
  let dispelled: boolean
  let text: string
  if (a === 6 && b === 6) {
    dispelled = true
    text = `${spellName} is unbound: a natural double 6`
    children.push(explain('a natural double 6 on a dispel is an Unbinding', { rule: ctx.rule('magic', 'unbinding') }))
  } else if (a === 1 && b === 1 && by) {
    dispelled = false
    text = `${spellName} is not dispelled: ${by.name} rolls a natural double 1 and miscasts`
    children.push(
      explain('a natural double 1 on a Wizardly dispel: it fails, and the Wizard miscasts', {
        rule: ctx.rule('magic', 'dispel-miscast'),
      }),
    )
  } else {
    dispelled = total > castingResult
    text = dispelled
      ? `${spellName} is dispelled: ${total} beats ${castingResult}`
      : `${spellName} is not dispelled: ${total} does not beat ${castingResult}`
    children.push(
      explain(
        total === castingResult ? 'equal is not enough: the dispel must exceed the casting result' : 'must exceed',
        { value: castingResult, rule: ctx.rule('magic', 'dispel-exceed') },
      ),
    )
  }
  return { dispelled, text }
}
