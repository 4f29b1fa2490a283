import { rollDice } from '../../../engine/requests.js'
import type { Answer, EventOf, MagicState, RequestSpec } from '../../../engine/types.js'
import { type Explanation, explain } from '../../../explain/explanation.js'
import { type Wizard, wizardsOf } from '../../battle/magic/wizards.js'
import type { ClassicContext } from '../catalogue.js'

/** A pool never holds more than 12 dice under the 8th rules (core-mechanics A.3). */
const POOL_LIMIT = 12

function levels(wizards: readonly Wizard[]): string {
  return wizards.map((w) => `${w.name} level ${w.level}`).join(', ') || 'no Wizard'
}

/** The dice pools of a magic phase as they are gathered: the casting player's power dice, each other player's dispel dice. */
interface Pools {
  power: number
  readonly dispel: Record<string, number>
  readonly children: Explanation[]
}

/**
 * The Winds of Magic, at the start of each magic phase: the casting player's power dice and the
 * other players' dispel dice, worked out from their Wizards (7th, classic) or rolled (8th).
 */
export function* windsOfMagic(
  ctx: ClassicContext,
  event: EventOf<'PhaseStarted'>,
): Generator<RequestSpec, void, Answer> {
  const player = ctx.game.activePlayer
  if (player === null) return
  const others = ctx.game.players.map((p) => p.id).filter((id) => id !== player)
  const { power, dispel, children } =
    ctx.profile.magicDice.value === 'per-wizard'
      ? perWizardPools(ctx, event, player, others)
      : yield* rolledPools(ctx, event, player, others)
  const magic: MagicState = {
    turn: ctx.game.turn,
    player,
    power,
    dispel,
    attempted: [],
    done: [],
    dispelDone: [],
  }
  const summary = others.map((o) => `${o} ${dispel[o]} dispel`).join(', ')
  ctx.emit({
    kind: 'magic-dice',
    text: `Winds of Magic: ${player} ${power} power dice; ${summary}`,
    values: { magic },
    explanation: explain(
      `Winds of Magic (${ctx.profile.magicDice.value}): ${player} has ${power} power dice; ${summary}`,
      { value: power, rule: ctx.rule('variants', 'magic-dice'), from: [event.seq] },
      children,
    ),
  })
}

/** 7th (classic): 2 power dice plus the Wizards' levels; 2 dispel dice plus 1 per level 1-2 and 2 per level 3-4 Wizard. */
function perWizardPools(
  ctx: ClassicContext,
  event: EventOf<'PhaseStarted'>,
  player: string,
  others: readonly string[],
): Pools {
  const casting = wizardsOf(ctx.game, player)
  const power = 2 + casting.reduce((sum, w) => sum + w.level, 0)
  const dispel: Record<string, number> = {}
  const children = [
    explain(`${player}: ${power} power dice = 2 + Wizard levels (${levels(casting)})`, {
      value: power,
      rule: ctx.rule('magic', 'power-dice'),
      from: [event.seq, ...casting.map((w) => w.unit.musteredAt)],
    }),
  ]
  for (const other of others) {
    const wizards = wizardsOf(ctx.game, other)
    const dice = 2 + wizards.reduce((sum, w) => sum + (w.level <= 2 ? 1 : 2), 0)
    dispel[other] = dice
    children.push(
      explain(`${other}: ${dice} dispel dice = 2 + 1 per level 1-2 and 2 per level 3-4 Wizard (${levels(wizards)})`, {
        value: dice,
        rule: ctx.rule('magic', 'dispel-dice'),
        from: [event.seq, ...wizards.map((w) => w.unit.musteredAt)],
      }),
    )
  }
  return { power, dispel, children }
}

/** 8th: 2D6 for the Winds, power dice the total and dispel dice the higher die; then every side channels. */
function* rolledPools(
  ctx: ClassicContext,
  event: EventOf<'PhaseStarted'>,
  player: string,
  others: readonly string[],
): Generator<RequestSpec, Pools, Answer> {
  const winds = yield* rollDice({
    purpose: 'winds-of-magic',
    count: 2,
    sides: 6,
    roller: player,
    text: `${player}: roll 2D6 for the Winds of Magic`,
    explanation: explain('the Winds of Magic: power dice = the total, dispel dice = the higher die', {
      rule: ctx.rule('magic', 'winds'),
      from: [event.seq],
    }),
    odds: { kind: 'total' },
  })
  const [a, b] = winds.faces as [number, number]
  const pools: Pools = { power: a + b, dispel: {}, children: [] }
  pools.children.push(
    explain(`${player}: ${pools.power} power dice (${a} + ${b})`, {
      value: pools.power,
      rule: ctx.rule('magic', 'winds'),
      from: [winds.seq],
    }),
  )
  for (const other of others) {
    pools.dispel[other] = Math.max(a, b)
    pools.children.push(
      explain(`${other}: ${Math.max(a, b)} dispel dice (the higher die)`, {
        value: Math.max(a, b),
        rule: ctx.rule('magic', 'winds'),
        from: [winds.seq],
      }),
    )
  }
  for (const side of [player, ...others]) yield* channel(ctx, event, player, side, pools)
  pools.power = Math.min(POOL_LIMIT, pools.power)
  return pools
}

/** Channelling: every Wizard of `side` rolls a D6; each 6 adds a die to its side's pool, which holds 12 at most. */
function* channel(
  ctx: ClassicContext,
  event: EventOf<'PhaseStarted'>,
  player: string,
  side: string,
  pools: Pools,
): Generator<RequestSpec, void, Answer> {
  const wizards = wizardsOf(ctx.game, side)
  if (wizards.length === 0) return
  const roll = yield* rollDice({
    purpose: 'channel',
    count: wizards.length,
    sides: 6,
    need: 6,
    roller: side,
    text: `${side}: roll ${wizards.length} D6 to channel (${wizards.map((w) => w.name).join(', ')}), 6+`,
    explanation: explain("each Wizard channels: a 6 adds one die to its side's pool", {
      rule: ctx.rule('magic', 'channel'),
      from: [event.seq],
    }),
    odds: { kind: 'each-die', need: 6, naturalOneFails: false, naturalSixSucceeds: false, reroll: null },
  })
  const sixes = roll.faces.filter((face) => face === 6).length
  const before = side === player ? pools.power : (pools.dispel[side] ?? 0)
  const after = Math.min(POOL_LIMIT, before + sixes)
  if (side === player) pools.power = after
  else pools.dispel[side] = after
  pools.children.push(
    explain(
      `${side} channels ${sixes} (${roll.faces.join(', ')}): ${before} -> ${after}` +
        (before + sixes > POOL_LIMIT ? ' (a pool holds 12)' : ''),
      { value: after, rule: ctx.rule('magic', 'channel'), from: [roll.seq] },
    ),
  )
}
