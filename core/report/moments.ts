import { standingOf, woundsLeft } from './armies.js'
import type { ReportReplay } from './replay.js'
import type { KeyMoment, KeyMomentKind, LuckReport, RollLuck } from './types.js'
import { listed, type Named, type Names, seqList } from './words.js'

/**
 * The key moments of a game: the largest combat result, each unit destroyed, each General's fate, each standard
 * captured, and the luckiest and unluckiest rolls, in the order they happened.
 */

const ORDER: readonly KeyMomentKind[] = [
  'largest-combat-result',
  'unit-destroyed',
  'general',
  'standard-captured',
  'luckiest-roll',
  'unluckiest-roll',
]

function generalMoment(replay: ReportReplay, general: Named): KeyMoment {
  const { names, game } = replay
  const title = `${names.player(general.player)}'s General, ${general.name},`
  const lost = replay.lost.find((entry) => entry.id === general.id)
  const standing = standingOf(game, general.id)
  const alive = standing !== null && (standing.kind === 'unit' ? standing.unit.models > 0 : !standing.character.slain)
  if (lost && !alive)
    return {
      kind: 'general',
      turn: lost.turn,
      sentence: { text: `${title} was slain${lost.how}.`, seqs: seqList([general.seq, lost.seq]) },
    }
  const ended = game.result !== undefined
  const wounds = woundsLeft(standing)
  const hurt = wounds && wounds.left < wounds.of ? ` with ${wounds.left} of ${wounds.of} Wounds left` : ' unscathed'
  const said = standing?.unit.fleeing
    ? `was fleeing ${ended ? 'at the end' : 'now'}`
    : `${ended ? 'survived the battle' : 'is still fighting'}${hurt}`
  const seqs =
    standing && standing.unit.changedAt > general.seq ? [general.seq, standing.unit.changedAt] : [general.seq]
  return { kind: 'general', turn: game.turn, sentence: { text: `${title} ${said}.`, seqs: seqList(seqs) } }
}

/** "2.5", "6.67", "3": an expectation to two places. */
function decimal(value: number): string {
  return String(Math.round(value * 100) / 100)
}

function rollMoment(kind: 'luckiest-roll' | 'unluckiest-roll', roll: RollLuck, names: Names): KeyMoment {
  const { tally } = roll
  const which = kind === 'luckiest-roll' ? 'luckiest' : 'unluckiest'
  const text =
    `The ${which} roll: ${names.player(roll.roller)}'s ${roll.text} (turn ${roll.turn}), ` +
    `${tally.actual} where ${decimal(tally.expected)} ${tally.expected === 1 ? 'was' : 'were'} expected.`
  return { kind, turn: roll.turn, sentence: { text, seqs: seqList(roll.seqs) }, chance: tally.chance }
}

function largestMoment(replay: ReportReplay): KeyMoment | null {
  const largest = replay.largest
  if (!largest || largest.values.winner === null || largest.values.difference === 0) return null
  const { names } = replay
  const { winner, scores, difference, round } = largest.values
  const ordered = Object.entries(scores).sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
  const sides = largest.sides.map((side) => listed(side.units.map((u) => names.the(u))))
  const text =
    `The largest combat result: ${names.player(winner)} won ${ordered.map(([, s]) => s).join(' to ')} (by ${difference}) ` +
    `in round ${round} of ${sides.join(' against ')}.`
  return { kind: 'largest-combat-result', turn: largest.turn, sentence: { text, seqs: [largest.seq] } }
}

export function keyMoments(replay: ReportReplay, luck: LuckReport): KeyMoment[] {
  const { names } = replay
  // Each moment with the seq it happened at, to tell them in order (a General who lived: at the head).
  const keyed: [number, KeyMoment][] = []
  const moments = { push: (moment: KeyMoment, at = moment.sentence.seqs.at(-1) ?? 0) => keyed.push([at, moment]) }
  const largest = largestMoment(replay)
  if (largest) moments.push(largest)
  for (const lost of replay.lost) {
    if (!lost.unit) continue
    const named = names.of(lost.id)
    const what = named?.character ? 'slain' : 'destroyed'
    const text = `${names.The(lost.id)} ${names.were(lost.id)} ${what}${lost.how}.`
    moments.push({ kind: 'unit-destroyed', turn: lost.turn, sentence: { text, seqs: [lost.seq] } })
  }
  for (const muster of replay.musters) {
    const id = replay.generals[muster.player]
    const general = id ? muster.named.find((named) => named.id === id) : undefined
    if (!general) continue
    const moment = generalMoment(replay, general)
    const slain = replay.lost.find((entry) => entry.id === general.id && moment.sentence.seqs.includes(entry.seq))
    moments.push(moment, slain ? slain.seq : replay.game.seq)
  }
  for (const taken of replay.standards) {
    const { standard, by } = taken.values
    const text = `${names.The(by)} captured ${names.theirs(standard)} standard.`
    moments.push({ kind: 'standard-captured', turn: taken.turn, sentence: { text, seqs: [taken.seq] } })
  }
  if (luck.luckiest) moments.push(rollMoment('luckiest-roll', luck.luckiest, names))
  if (luck.unluckiest) moments.push(rollMoment('unluckiest-roll', luck.unluckiest, names))
  return keyed
    .sort(([a, x], [b, y]) => a - b || ORDER.indexOf(x.kind) - ORDER.indexOf(y.kind))
    .map(([, moment]) => moment)
}
