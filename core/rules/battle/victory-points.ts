import { turnsEach } from '../../engine/turn-sequence.js'
import type { CharacterState, UnitState } from '../../engine/types.js'
import type { UnitScore } from '../../engine/victory.js'
import { type Explanation, explain, type RuleRef } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { generalOf } from './leadership.js'

/**
 * How a ruleset counts a unit's victory points (issue 16): each ruleset's own module gives its shares and the rules
 * it cites (classic/victory.ts, old-world/victory.ts); the walk over a unit, its characters, its General and its
 * trophies is shared here.
 */
export interface VictoryConventions {
  /** The share of its points a unit fleeing at the end gives (classic: all; The Old World: half). */
  readonly fleeing: number
  /** A unit badly reduced: at or below (`inclusive`) or below `atMost` of its start, worth `worth` of its points. */
  readonly reduced: {
    readonly atMost: number
    readonly inclusive: boolean
    readonly worth: number
    readonly words: string
  }
  /** The bonus for the enemy General slain or fleeing. */
  readonly general: number
  /** The ruling that sets that bonus, where the ruleset's sources do not (The Old World). */
  readonly generalRuling?: RuleRef
  /** The bonus for each enemy standard captured and held at the end. */
  readonly standard: number
  /** Where no points are given: the ruling that counts 0 and says so. */
  readonly unknownPoints: RuleRef
  /** Where trophies count: the ruling that a captor destroyed holds none. */
  readonly trophiesHeld: RuleRef
}

const percent = (share: number) => `${Math.round(share * 100)}%`

/** A model's or a unit's state at the end, as victory points see it: destroyed, fleeing, reduced, or unscathed. */
type Standing =
  | { readonly kind: 'destroyed' | 'fleeing'; readonly text: string }
  | { readonly kind: 'reduced'; readonly text: string }
  | null

function reducedBy(conventions: VictoryConventions, left: number, start: number): boolean {
  const limit = start * conventions.reduced.atMost
  return conventions.reduced.inclusive ? left <= limit : left < limit
}

function unitStanding(unit: UnitState, conventions: VictoryConventions): Standing {
  if (unit.models === 0) return { kind: 'destroyed', text: `${unit.name} is destroyed` }
  if (unit.fleeing) return { kind: 'fleeing', text: `${unit.name} is fleeing` }
  // A model on its own is counted by its Wounds, a unit by its models (a unit of one troop type: its Unit Strength).
  if (unit.startingModels === 1) {
    const left = unit.profile.W - unit.woundsOnNextModel
    if (left < unit.profile.W && reducedBy(conventions, left, unit.profile.W))
      return { kind: 'reduced', text: `${unit.name} has ${left} of ${unit.profile.W} Wounds left` }
    return null
  }
  if (reducedBy(conventions, unit.models, unit.startingModels))
    return { kind: 'reduced', text: `${unit.name} has ${unit.models} of ${unit.startingModels} models left` }
  return null
}

function characterStanding(unit: UnitState, character: CharacterState, conventions: VictoryConventions): Standing {
  if (character.slain) return { kind: 'destroyed', text: `${character.name} is slain` }
  if (unit.fleeing) return { kind: 'fleeing', text: `${character.name} flees with ${unit.name}` }
  const left = character.profile.W - character.woundsLost
  if (character.woundsLost > 0 && reducedBy(conventions, left, character.profile.W))
    return { kind: 'reduced', text: `${character.name} has ${left} of ${character.profile.W} Wounds left` }
  return null
}

/** What one model or unit's standing is worth: its share of its points, rounded up; 0, explained, when unknown. */
function worth(
  ctx: BattleContext,
  name: string,
  points: number | undefined,
  standing: Standing,
  conventions: VictoryConventions,
  from: readonly number[],
): { vp: number; why: Explanation } | null {
  if (standing === null) return null
  const clause = standing.kind === 'reduced' ? 'reduced' : standing.kind
  const share =
    standing.kind === 'destroyed' ? 1 : standing.kind === 'fleeing' ? conventions.fleeing : conventions.reduced.worth
  const rule = ctx.rule('victory-points', clause)
  const what = standing.kind === 'reduced' ? `${standing.text}, ${conventions.reduced.words}` : standing.text
  if (points === undefined)
    return {
      vp: 0,
      why: explain(`${what}: its points are not in the muster, so it gives 0 (unknown)`, { value: 0, from }, [
        explain(`worth ${percent(share)} of its points`, { rule }),
        explain('no points, no victory points: Arbiter does not guess a cost', { rule: conventions.unknownPoints }),
      ]),
    }
  const vp = Math.ceil(points * share)
  return {
    vp,
    why: explain(`${what}: ${percent(share)} of ${points} points = ${vp}`, { value: vp, rule, from }, [
      explain(`${name} costs ${points} points`, {
        value: points,
        rule: ctx.rule('victory-points', 'points'),
        from: [from[0] as number],
      }),
    ]),
  }
}

/** What a unit gives now: its losses and its characters' to its enemies, its trophies to its own player. */
export function unitVictoryPoints(ctx: BattleContext, unit: UnitState, conventions: VictoryConventions): UnitScore {
  const from = [unit.musteredAt, unit.changedAt]
  const losses: Explanation[] = []
  let lost = 0
  const body = worth(ctx, unit.name, unit.points, unitStanding(unit, conventions), conventions, from)
  if (body) {
    lost += body.vp
    losses.push(body.why)
  }
  for (const character of unit.characters) {
    const counted = worth(
      ctx,
      character.name,
      character.points,
      characterStanding(unit, character, conventions),
      conventions,
      from,
    )
    if (!counted) continue
    lost += counted.vp
    losses.push(
      explain(
        `${character.name} counts apart from ${unit.name}`,
        { value: counted.vp, rule: ctx.rule('victory-points', 'characters') },
        [counted.why],
      ),
    )
  }
  const general = generalBonus(ctx, unit, conventions)
  if (general) {
    lost += conventions.general
    losses.push(general)
  }
  const trophies: Explanation[] = []
  let held = 0
  for (const standard of unit.capturedStandards ?? []) {
    const owner = ctx.game.units[standard]
    const name = owner?.name ?? standard
    if (unit.models === 0) {
      trophies.push(
        explain(`${unit.name} captured ${name}'s standard but is destroyed: it holds it no more`, {
          value: 0,
          rule: conventions.trophiesHeld,
          from,
        }),
      )
      continue
    }
    held += conventions.standard
    trophies.push(
      explain(`${unit.name} holds ${name}'s standard: +${conventions.standard}`, {
        value: conventions.standard,
        rule: ctx.rule('victory-points', 'standards'),
        from,
      }),
    )
  }
  const parts = [...losses, ...trophies]
  const said = [
    ...(losses.length > 0 ? [`gives its enemies ${lost}`] : []),
    ...(trophies.length > 0 ? [`gives ${unit.player} ${held} in trophies`] : []),
  ]
  return {
    lost,
    held,
    scores: parts.length > 0,
    why: explain(`${unit.name} (${unit.player}) ${said.join(' and ') || 'gives no victory points'}`, { from }, parts),
  }
}

/** The bonus the General's unit gives when the General is slain or fleeing (with his unit, or on his own). */
function generalBonus(ctx: BattleContext, unit: UnitState, conventions: VictoryConventions): Explanation | null {
  if (!unit.character && unit.characters.length === 0) return null
  const general = generalOf(ctx, unit.player)
  if (!general || general.unit.id !== unit.id) return null
  const character = general.joined ? unit.characters.find((c) => c.id === general.model.id) : undefined
  const slain = character ? character.slain : unit.models === 0
  if (!slain && !unit.fleeing) return null
  const what = `${general.model.name}, ${unit.player}'s General, ${slain ? 'is slain' : 'is fleeing'}`
  const ruled = conventions.generalRuling ? [explain('the bonus as ruled', { rule: conventions.generalRuling })] : []
  return explain(
    `${what}: +${conventions.general}`,
    { value: conventions.general, rule: ctx.rule('victory-points', 'general'), from: [unit.changedAt] },
    [general.why, ...ruled],
  )
}

/** Players by VP, best first: the leader and the one the margin is measured against. */
export function ranked(vp: Readonly<Record<string, number>>): [string, number][] {
  return Object.entries(vp).sort((a, b) => b[1] - a[1])
}

/** The winner of a concession: the best of the other players. */
export function concessionWinner(vp: Readonly<Record<string, number>>, conceded: string): string {
  return (ranked(vp).find(([player]) => player !== conceded) as [string, number])[0]
}

/** A player's lead in VP over the best of the others (negative when behind). */
export function leadOf(vp: Readonly<Record<string, number>>, player: string): number {
  const others = Object.entries(vp).filter(([id]) => id !== player)
  return (vp[player] ?? 0) - Math.max(...others.map(([, points]) => points))
}

/** Why the game ends where it does and what Arbiter leaves uncounted: the reasons beside every result. */
export function endOfGame(
  ctx: BattleContext,
  conceded: string | null,
  rulings: { readonly gameEnd: RuleRef; readonly notScored: RuleRef },
): Explanation[] {
  const turns = ctx.game.progress?.turns ?? 6
  const when =
    conceded === null
      ? explain(
          `the game was agreed at ${turnsEach(turns)}, and its last turn is played`,
          { value: turns, rule: ctx.rule('victory-points', 'game-length') },
          [
            explain('the last turn is over once its last player has started it and the table says so', {
              rule: rulings.gameEnd,
            }),
          ],
        )
      : explain(`${conceded} concedes in turn ${ctx.game.turn} of ${turns}`, {
          rule: ctx.rule('victory-points', 'concession'),
        })
  return [when, explain('not counted: what the log cannot know', { rule: rulings.notScored })]
}
