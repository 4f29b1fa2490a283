import { type Probability, probability, type RollOdds, rollOdds } from '../engine/odds.js'
import { totalVerdict } from '../engine/odds-totals.js'
import { diceToReroll, faceSucceeds } from '../engine/requests.js'
import type { DiceJudging, EachDieJudging } from '../engine/types.js'
import { fractionOf, LuckCounter } from './luck-tally.js'
import { eachDieText, rollKindOf, testText } from './luck-words.js'
import {
  type LuckReport,
  type LuckTally,
  type PlayerLuck,
  type ReportPlayer,
  ROLL_KINDS,
  type RolledRequest,
  type RollKind,
  type RollLuck,
} from './types.js'

/**
 * The luck of the dice (issue 19): every roll the engine asked for, judged against the odds the screen showed before
 * it (the request's `odds`, through core/engine/odds.ts `rollOdds`), re-rolls and natural results included.
 *
 * - A roll judged die by die (to hit, to wound, saves): each die is a trial at the odds' `perDie`; its successes are
 *   judged from the faces as `rollAgainst` judges them, the re-rolled dice replaced in order by the faces of the
 *   re-roll (`re-roll-<purpose>`), and with a 7+ a success counting only if its second die (`<purpose>-7-plus`)
 *   scores too.
 * - A test on a total (Leadership, a charge range, a casting roll): one trial at the odds' `pass`, judged as the odds
 *   judge it (core/engine/odds-totals.ts `totalVerdict`).
 * - A total that is only a count (a flee roll, D3 hits), a request without odds, or one whose dice do not add up
 *   (an open re-roll at the head of the log): not a trial, counted in `uncounted`.
 *
 * A follow-up handed in as a roll of its own (a `re-roll-...` or `...-7-plus` request) is skipped, not counted twice:
 * the report's fold hands it in as a follow-up of its roll (RolledRequest.followUps).
 *
 * The luck is the roller's (a save that holds is the saver's good luck). Deterministic: players in the order given
 * (rollers not among them after, by id), kinds in ROLL_KINDS order, turns ascending, ties broken by seq.
 */
export function luckOf(rolls: readonly RolledRequest[], players: readonly ReportPlayer[]): LuckReport {
  const judge = new RollJudge()
  const counters = new Map<string, PlayerCounters>()
  const countersOf = (player: string) => {
    let found = counters.get(player)
    if (!found) {
      found = { overall: new LuckCounter(), byKind: new Map(), byTurn: new Map() }
      counters.set(player, found)
    }
    return found
  }
  for (const player of players) countersOf(player.id)
  let uncounted = 0
  let luckiest: RollLuck | null = null
  let unluckiest: RollLuck | null = null
  for (const roll of rolls) {
    // A re-roll or a 7+'s second dice handed in on its own: its dice are judged with the roll they follow.
    if (isFollowUp(roll.request?.purpose)) continue
    const judged = judge.judge(roll)
    if (!judged) {
      uncounted += 1
      continue
    }
    const { luck, chance } = judged
    const mine = countersOf(luck.roller)
    const kind = mine.byKind.get(luck.kind) ?? new LuckCounter()
    mine.byKind.set(luck.kind, kind)
    const turn = mine.byTurn.get(luck.turn) ?? new LuckCounter()
    mine.byTurn.set(luck.turn, turn)
    for (const counter of [mine.overall, kind, turn]) counter.add(chance, luck.tally.trials, luck.tally.actual)
    if (luck.tally.direction === 'luckier' && (luckiest === null || rarer(luck, luckiest))) luckiest = luck
    if (luck.tally.direction === 'unluckier' && (unluckiest === null || rarer(luck, unluckiest))) unluckiest = luck
  }
  const named = new Set(players.map((player) => player.id))
  const order = [
    ...named,
    ...[...counters.keys()].filter((id) => !named.has(id)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  ]
  return {
    players: order.map((player) => playerLuck(player, counters.get(player) as PlayerCounters)),
    luckiest,
    unluckiest,
    uncounted,
  }
}

function isFollowUp(purpose: string | undefined): boolean {
  return purpose !== undefined && (purpose.startsWith('re-roll-') || purpose.endsWith('-7-plus'))
}

/** One roll's luck, or null where it is not counted (a count, no odds, dice that do not add up). */
export function rollLuckOf(roll: RolledRequest): RollLuck | null {
  return new RollJudge().judge(roll)?.luck ?? null
}

interface PlayerCounters {
  readonly overall: LuckCounter
  readonly byKind: Map<RollKind, LuckCounter>
  readonly byTurn: Map<number, LuckCounter>
}

function playerLuck(player: string, counters: PlayerCounters): PlayerLuck {
  const turns = [...counters.byTurn.keys()].sort((a, b) => a - b)
  return {
    player,
    overall: counters.overall.tally(),
    byKind: ROLL_KINDS.flatMap((kind) => {
      const counter = counters.byKind.get(kind)
      return counter ? [{ kind, tally: counter.tally() }] : []
    }),
    byTurn: turns.map((turn) => ({ turn, tally: (counters.byTurn.get(turn) as LuckCounter).tally() })),
  }
}

/** `a` is less likely than `b` (its chance smaller, compared exactly), or as likely and rolled first. */
function rarer(a: RollLuck, b: RollLuck): boolean {
  // The numbers decide unless they are too close to (values within 1e-15 of the fractions).
  const gap = a.tally.chance.value - b.tally.chance.value
  if (Math.abs(gap) > 1e-12 * Math.max(a.tally.chance.value, b.tally.chance.value)) return gap < 0
  const x = fractionOf(a.tally.chance)
  const y = fractionOf(b.tally.chance)
  const difference = x.numerator * y.denominator - y.numerator * x.denominator
  return difference < 0n || (difference === 0n && a.seq < b.seq)
}

/**
 * Judges rolls, with the odds of each kind of request worked out once (a game asks for the same few thousands of
 * times) and each roll's tally once per result.
 */
class RollJudge {
  private readonly odds = new Map<string, RollOdds | null>()
  private readonly tallies = new Map<string, LuckTally>()
  private readonly texts = new Map<string, string>()

  /** The roll's luck, and the chance of each of its trials; null where it is not counted. */
  judge(roll: RolledRequest): { luck: RollLuck; chance: Probability } | null {
    const request = roll.request
    if (request?.kind !== 'dice' || !request.odds || !Number.isInteger(request.count)) return null
    const key = oddsKey(request.count, request.sides, request.odds)
    const odds = this.oddsOf(key, request)
    if (!odds || !Array.isArray(roll.faces) || roll.faces.length !== request.count) return null
    const judging = request.odds
    let trials: number
    let chance: Probability
    let actual: number | null
    if (judging.kind === 'each-die' && odds.perDie) {
      trials = request.count
      chance = odds.perDie
      actual = successesOf(roll, judging)
    } else if (judging.kind === 'total' && odds.pass) {
      trials = 1
      chance = odds.pass
      actual = totalVerdict(judging, roll.faces) === 'pass' ? 1 : 0
    } else return null
    if (actual === null) return null
    const textKey = `${request.purpose}|${key}`
    let text = this.texts.get(textKey)
    if (text === undefined) {
      text =
        judging.kind === 'each-die'
          ? eachDieText(request.purpose, request.count, request.sides, judging)
          : testText(request.purpose, request.count, request.sides, judging)
      this.texts.set(textKey, text)
    }
    const tallyKey = `${key}#${actual}`
    let tally = this.tallies.get(tallyKey)
    if (!tally) {
      tally = rollTally(odds, trials, chance, actual)
      this.tallies.set(tallyKey, tally)
    }
    return {
      luck: {
        seq: roll.seq,
        requestId: request.id,
        roller: request.roller,
        kind: rollKindOf(request.purpose),
        turn: roll.turn,
        text,
        tally,
        seqs: [roll.seq, ...roll.followUps.map((followUp) => followUp.seq)],
      },
      chance,
    }
  }

  private oddsOf(key: string, request: RolledRequest['request']): RollOdds | null {
    if (this.odds.has(key)) return this.odds.get(key) as RollOdds | null
    let odds: RollOdds | null
    try {
      odds = rollOdds(request)
    } catch {
      // Odds the engine refuses (a count past MAX_ODDS_DICE, a malformed judging): not a trial, counted as uncounted.
      odds = null
    }
    this.odds.set(key, odds)
    return odds
  }
}

/** What the odds of a request depend on, as a key: built by hand for the many rolls judged die by die. */
function oddsKey(count: number, sides: number, judging: DiceJudging): string {
  if (judging.kind !== 'each-die') return JSON.stringify([count, sides, judging])
  const { need, naturalOneFails, naturalSixSucceeds, reroll, secondNeed } = judging
  return `${count}|${sides}|${need}|${naturalOneFails}|${naturalSixSucceeds}|${reroll}|${secondNeed}`
}

/**
 * The successes of a roll judged die by die, as `rollAgainst` judges them; null when the follow-up dice the judging
 * calls for are missing or do not match (the roll is not complete in the log).
 */
function successesOf(roll: RolledRequest, judging: EachDieJudging): number | null {
  const purpose = roll.request.purpose
  const { need, naturalOneFails, naturalSixSucceeds } = judging
  const succeeds = (face: number, score: number | null) =>
    faceSucceeds(face, score, naturalOneFails, naturalSixSucceeds)
  const successes = roll.faces.map((face) => succeeds(face, need))
  if (judging.reroll) {
    const indexes = diceToReroll(successes, judging.reroll)
    if (indexes.length > 0) {
      const again = roll.followUps.find((followUp) => followUp.purpose === `re-roll-${purpose}`)
      if (!again || again.faces.length !== indexes.length) return null
      indexes.forEach((die, i) => {
        successes[die] = succeeds(again.faces[i] as number, need)
      })
    }
  }
  const first = successes.filter(Boolean).length
  if (judging.secondNeed === undefined || first === 0) return first
  // Each success rolls a second die, in order, which must score `secondNeed` with the same natural results.
  const second = roll.followUps.find((followUp) => followUp.purpose === `${purpose}-7-plus`)
  if (!second || second.faces.length !== first) return null
  const secondNeed = judging.secondNeed
  return second.faces.filter((face) => succeeds(face, secondNeed)).length
}

/**
 * One roll's tally from the engine's own odds: for dice judged one by one, the chance of at least each count
 * (`atLeast`); for a test, its chance to pass. At most k is one less the chance of at least k + 1.
 */
function rollTally(odds: RollOdds, trials: number, chance: Probability, actual: number): LuckTally {
  const perTrial = fractionOf(chance)
  const expected = { numerator: perTrial.numerator * BigInt(trials), denominator: perTrial.denominator }
  const above = BigInt(actual) * expected.denominator - expected.numerator
  const direction = above > 0n ? 'luckier' : above < 0n ? 'unluckier' : 'as-expected'
  const atLeast = (k: number): Probability => {
    if (k <= 0) return { exact: '1', value: 1 }
    if (k > trials) return { exact: '0', value: 0 }
    return odds.kind === 'successes' ? (odds.atLeast[k]?.chance as Probability) : chance
  }
  let tail: Probability
  if (direction === 'unluckier') {
    const above = fractionOf(atLeast(actual + 1))
    tail = probability(above.denominator - above.numerator, above.denominator)
  } else tail = atLeast(actual)
  return {
    trials,
    expected: probability(expected.numerator, expected.denominator).value,
    actual,
    direction,
    chance: tail,
  }
}
