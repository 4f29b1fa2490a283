import type { LeadershipTest, ModifierRecord } from '../../engine/effects.js'
import { type BaseValue, type Resolved, resolveModifiers } from '../../engine/modifiers.js'
import { choose } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { characteristic } from './charts.js'
import type { BattleContext } from './context.js'
import { isHidden } from './hidden.js'
import { characterView } from './models.js'
import { barExplanation, forbidding } from './psychology-records.js'

export interface General {
  /** The general's model (a lone character unit, or a joined character seen as one). */
  readonly model: UnitState
  /** The unit he is with (himself, when on his own). */
  readonly unit: UnitState
  readonly joined: boolean
  readonly why: Explanation
}

/**
 * The player's general (seed: General §general): the character with the highest Ld who can be the
 * general; among equals the one the player designated when mustering. Null when the army has none.
 */
export function generalOf(ctx: BattleContext, player: string): General | null {
  const candidates: { model: UnitState; unit: UnitState; joined: boolean; designated: boolean }[] = []
  const barred: Explanation[] = []
  // Most units have no character: asked at every Leadership test, only the units with one are walked.
  for (const unit of ctx.characterUnits()) {
    if (unit.player !== player) continue
    const models = unit.character
      ? [{ model: unit, joined: false, designated: unit.general === true }]
      : unit.characters.map((c) => ({ model: characterView(unit, c), joined: true, designated: c.general }))
    for (const candidate of models) {
      const bar = forbidding(ctx.modifiers, candidate.model, 'lead-army')
      if (bar) barred.push(barExplanation(bar, `${candidate.model.name}: ${bar.label}`))
      else candidates.push({ ...candidate, unit })
    }
  }
  if (candidates.length === 0) return null
  const highest = Math.max(...candidates.map((c) => c.model.profile.Ld))
  const tied = candidates.filter((c) => c.model.profile.Ld === highest)
  const designated = tied.find((c) => c.designated)
  const chosen = designated ?? (tied[0] as (typeof tied)[number])
  const how =
    tied.length === 1
      ? explain(`${chosen.model.name} has the highest Ld (${highest})`, { rule: ctx.rule('general', 'general') })
      : designated
        ? explain(`${tied.length} characters have Ld ${highest}; the player designated ${chosen.model.name}`, {
            rule: ctx.rule('general', 'general'),
            from: [chosen.unit.musteredAt],
          })
        : explain(
            `${tied.length} characters have Ld ${highest} and none was designated: the first mustered, ` +
              `${chosen.model.name} (${ctx.game.ruleset}/variants §general-undesignated)`,
            { rule: ctx.rule('variants', 'general-undesignated') },
          )
  // A designation counts only among the characters with the highest Ld.
  const overruled = candidates
    .filter((c) => c.designated && c.model.profile.Ld < highest)
    .map((c) =>
      explain(`${c.model.name} was designated, but has Ld ${c.model.profile.Ld}, not the highest`, {
        rule: ctx.rule('general', 'general'),
        from: [c.unit.musteredAt],
      }),
    )
  return {
    model: chosen.model,
    unit: chosen.unit,
    joined: chosen.joined,
    why: explain(`${player}'s general: ${chosen.model.name}`, { rule: ctx.rule('general', 'general') }, [
      how,
      ...overruled,
      ...barred,
    ]),
  }
}

/**
 * The Leadership a unit tests on (every Ld test calls this): the best Ld among its models and the
 * characters who joined it (unless a rule forbids using one), or the General's through Inspiring
 * Presence — asked of the table (12", front rank) only when his Ld is higher and he can lend it —
 * then every `leadership` modifier, kept within 0-10.
 */
export function* leadershipFor(
  ctx: BattleContext,
  unit: UnitState,
  test: LeadershipTest,
  enemies: readonly UnitState[] = [],
): Generator<RequestSpec, Resolved & { readonly value: number }, Answer> {
  const own = characteristic(ctx, unit, 'Ld', null, null)
  let base: BaseValue & { value: number } = { value: own.value, text: `${unit.name} Ld`, from: [unit.musteredAt] }
  const details: Explanation[] = own.records.length > 0 ? [own.explanation] : []
  const championRule = ctx.profile.championLeadership
  const champion = unit.command.champion ? unit.championProfile : null
  if (championRule && champion && champion.Ld > base.value)
    base = { value: champion.Ld, text: `${unit.name}'s champion's Ld`, rule: championRule, from: [unit.musteredAt] }
  const hiding = ctx.profile.hiddenModels
  for (const character of unit.characters) {
    if (character.slain || character.profile.Ld <= base.value) continue
    if (hiding && isHidden(character)) {
      details.push(
        explain(
          `${character.name}'s Ld ${character.profile.Ld} is not used: it is hidden, not on the table`,
          {
            rule: hiding.hidden,
          },
          [
            explain(`${ctx.game.ruleset}/variants §concealed-hidden`, {
              rule: hiding.lendsNoLeadership,
            }),
          ],
        ),
      )
      continue
    }
    const model = characterView(unit, character)
    const bar = forbidding(ctx.modifiers, model, 'lend-leadership', unit)
    if (bar) {
      details.push(barExplanation(bar, `${character.name}'s Ld ${character.profile.Ld} is not used: ${bar.label}`))
      continue
    }
    base = {
      value: character.profile.Ld,
      text: `${character.name}'s Ld, the best in the unit`,
      rule: ctx.rule('unit-leadership', 'best'),
      from: [unit.musteredAt],
    }
  }

  const general = generalOf(ctx, unit.player)
  if (general && general.unit.id !== unit.id && general.model.models > 0 && general.model.profile.Ld > base.value) {
    const ld = general.model.profile.Ld
    const name = general.model.name
    const bar = forbidding(ctx.modifiers, general.model, 'lend-leadership', unit)
    const hidden = hiding && general.unit.characters.find((c) => c.id === general.model.id && isHidden(c))
    if (hidden) {
      details.push(
        explain(`General ${name} is hidden, not on the table: no Inspiring Presence`, {
          rule: hiding.hidden,
        }),
      )
    } else if (general.unit.fleeing) {
      details.push(
        explain(`General ${name} (Ld ${ld}) is broken: no Inspiring Presence`, {
          rule: ctx.rule('general', 'inspiring-presence'),
          from: [general.unit.changedAt],
        }),
      )
    } else if (bar) {
      details.push(barExplanation(bar, `General ${name}'s Ld is not used: ${bar.label}`))
    } else {
      const where = ctx.profile.commandRange(ctx, general, unit)
      const answer = yield* choose({
        purpose: 'inspiring-presence',
        chooser: unit.player,
        options: [
          { id: 'yes', text: `yes: ${unit.name} uses the General's Ld ${ld}` },
          { id: 'no', text: `no: ${unit.name} uses its own Ld ${base.value}` },
        ],
        text: `Is General ${name} ${where}? (${unit.name}'s ${test} test)`,
        explanation: explain(
          `${unit.name}'s ${test} test: General ${name} (Ld ${ld}) lends his Ld to friendly units within 12"`,
          { rule: ctx.rule('general', 'inspiring-presence') },
          [general.why],
        ),
      })
      if (answer === 'yes') {
        base = {
          value: ld,
          text: `General ${name}'s Ld: Inspiring Presence (${where}, as the table says)`,
          rule: ctx.rule('general', 'inspiring-presence'),
          from: [ctx.seq],
        }
      } else {
        details.push(
          explain(`General ${name} is not ${where}, as the table says: no Inspiring Presence`, {
            rule: ctx.rule('general', 'inspiring-presence'),
            from: [ctx.seq],
          }),
        )
      }
    }
  }

  base = yield* leadershipInCommandRange(ctx, unit, test, base, general?.model.id ?? null, details)

  const resolved = resolveModifiers(base, ctx.modifiers('leadership', { subject: unit, opponent: enemies, test }), {
    mode: 'value',
    title: 'Leadership {}',
    details,
    bounds: { min: 0, max: 10, rule: ctx.rule('dice', 'characteristic-range'), text: 'Ld runs 0-10' },
  })
  return resolved as Resolved & { readonly value: number }
}

/**
 * Friendly characters other than the General whose Leadership a rule lets a unit draw inside their own Command range
 * (old-world/tree-spirit §exception): the `permission` point asked with action `lend-leadership-in-command-range`,
 * the character's view as subject and the unit as opponent; a record `allowed` lets him lend it. Highest Ld first,
 * the table is asked whether the unit is within his range (its label says how far), until one is.
 */
function* leadershipInCommandRange(
  ctx: BattleContext,
  unit: UnitState,
  test: LeadershipTest,
  base: BaseValue & { value: number },
  generalId: string | null,
  details: Explanation[],
): Generator<RequestSpec, BaseValue & { value: number }, Answer> {
  const lenders: { model: UnitState; allowed: ModifierRecord; with: UnitState }[] = []
  for (const other of ctx.characterUnits()) {
    if (other.player !== unit.player || other.id === unit.id || other.fleeing) continue
    const models = other.character
      ? [other]
      : other.characters.filter((c) => !c.slain && !isHidden(c)).map((c) => characterView(other, c))
    for (const model of models) {
      if (model.id === generalId || model.models === 0 || model.profile.Ld <= base.value) continue
      const allowed = ctx
        .modifiers('permission', { subject: model, opponent: unit, action: 'lend-leadership-in-command-range' })
        .find((record) => record.status === 'applied' && record.value === 'allowed')
      if (allowed) lenders.push({ model, allowed, with: other })
    }
  }
  lenders.sort((a, b) => b.model.profile.Ld - a.model.profile.Ld)
  for (const { model, allowed, with: other } of lenders) {
    const ld = model.profile.Ld
    const where = `within ${ld}" of ${unit.name} (his Command range: his Ld in inches)`
    const why = barExplanation(allowed, `${unit.name} may draw ${model.name}'s Ld ${ld}: ${allowed.label}`)
    const answer = yield* choose({
      purpose: 'command-range',
      chooser: unit.player,
      options: [
        { id: 'yes', text: `yes: ${unit.name} uses ${model.name}'s Ld ${ld}` },
        { id: 'no', text: `no: ${unit.name} uses Ld ${base.value}` },
      ],
      text: `Is ${model.name} ${where}? (${unit.name}'s ${test} test)`,
      explanation: explain(
        `${unit.name}'s ${test} test: ${model.name} (Ld ${ld}) is not fleeing`,
        {
          from: [other.changedAt],
        },
        [why],
      ),
    })
    if (answer === 'yes')
      return {
        value: ld,
        text: `${model.name}'s Ld (${where}, as the table says)`,
        rule: allowed.source,
        from: [ctx.seq],
      }
    details.push(explain(`${model.name} is not ${where}, as the table says`, { rule: allowed.source, from: [ctx.seq] }))
  }
  return base
}
