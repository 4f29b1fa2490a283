import { fixed } from './markup.js'
import {
  type Block,
  cite,
  type ListItem,
  type Namer,
  paragraph,
  type Rich,
  type Section,
  seqs,
  strong,
  text,
} from './report-blocks.js'
import { gameTurnSpan } from './report-turns.js'
import { chanceText, KIND_WORDS, tallyChanceText } from './report-words.js'
import type { LuckTally, ReportModel, RollLuck } from './types.js'

/** The luck of the dice: each player's over the game, by kind of roll and by turn, and the luckiest and unluckiest roll. */

const directionWords = (tally: LuckTally) => (tally.direction === 'as-expected' ? 'as expected' : tally.direction)

function tallyCells(tally: LuckTally): Rich[] {
  return [
    [text(String(tally.trials))],
    [text(fixed(tally.expected, 2))],
    [text(String(tally.actual))],
    [text(directionWords(tally))],
    [text(tallyChanceText(tally))],
  ]
}
const TALLY_HEAD = ['Trials', 'Expected', 'Actual', 'Luck', 'Chance']
const TALLY_NUMERIC = [true, true, true, false, false]

function rollItem(label: string, roll: RollLuck, name: Namer): ListItem {
  const { tally } = roll
  const how = tally.direction === 'unluckier' ? 'as badly or worse' : 'as well or better'
  return {
    content: [
      strong(`${label}: `),
      text(
        `${name(roll.roller)}, turn ${roll.turn}, ${roll.text} (${KIND_WORDS[roll.kind]}): ${tally.actual} of ${tally.trials}` +
          ` succeeded, ${fixed(tally.expected, 2)} expected; the chance of doing ${how}: ${chanceText(tally.chance)}`,
      ),
      cite(roll.seqs),
    ],
  }
}

export function luckSection(model: ReportModel, name: Namer): Section {
  const { luck } = model
  const blocks: Block[] = [
    paragraph(
      text(
        'Each die that succeeds or fails (to hit, to wound, a save) and each test passed or failed (Leadership, a charge) ' +
          'is one trial, as likely as the odds shown before the roll said, re-rolls and natural results included. ' +
          'Expected: the successes to expect. The chance: of doing at least that well when luckier than expected, ' +
          'at most that badly when unluckier.',
      ),
    ),
  ]
  if (luck.players.length === 0) blocks.push(paragraph(text('No roll has been counted yet.')))
  else
    blocks.push({
      kind: 'table',
      caption: 'Each player over the game',
      head: ['Player', ...TALLY_HEAD],
      numeric: [false, ...TALLY_NUMERIC],
      rows: luck.players.map((player) => [[text(name(player.player))], ...tallyCells(player.overall)]),
    })
  luck.players.forEach((player, index) => {
    const colour = Math.max(
      0,
      model.players.findIndex((named) => named.id === player.player),
    )
    blocks.push({
      kind: 'section',
      level: 3,
      title: `The dice of ${name(player.player)}`,
      blocks: [
        {
          kind: 'chart',
          chart: 'bar',
          spec: {
            id: `chart-luck-${index + 1}`,
            title: `Successes expected and rolled: ${name(player.player)}`,
            xLabel: 'Kind of roll',
            yLabel: 'Successes',
            categories: player.byKind.map(({ kind }) => ({ label: KIND_WORDS[kind] })),
            series: [
              { name: 'expected', values: player.byKind.map(({ tally }) => tally.expected), colour: 'muted' },
              { name: 'rolled', values: player.byKind.map(({ tally }) => tally.actual), colour },
            ],
            decimals: 1,
            emptyText: 'No roll counted.',
          },
        },
        {
          kind: 'table',
          caption: `${name(player.player)}: by kind of roll`,
          head: ['Kind of roll', ...TALLY_HEAD],
          numeric: [false, ...TALLY_NUMERIC],
          rows: player.byKind.map(({ kind, tally }) => [[text(KIND_WORDS[kind])], ...tallyCells(tally)]),
        },
        {
          kind: 'table',
          caption: `${name(player.player)}: by game turn`,
          head: ['Game turn', ...TALLY_HEAD, 'Seqs'],
          numeric: [false, ...TALLY_NUMERIC, false],
          rows: player.byTurn.map(({ turn, tally }) => {
            return [[text(`Turn ${turn}`)], ...tallyCells(tally), [seqs(gameTurnSpan(model, turn))]]
          }),
        },
      ],
    })
  })
  const extremes: ListItem[] = []
  if (luck.luckiest) extremes.push(rollItem('The luckiest roll', luck.luckiest, name))
  if (luck.unluckiest) extremes.push(rollItem('The unluckiest roll', luck.unluckiest, name))
  blocks.push({
    kind: 'section',
    level: 3,
    title: 'The luckiest and the unluckiest roll',
    blocks: [
      extremes.length === 0 ? paragraph(text('No roll has been counted yet.')) : { kind: 'list', items: extremes },
      paragraph(
        text(
          luck.uncounted === 0
            ? luck.players.length === 0
              ? 'No roll has been made yet.'
              : 'Every roll is counted.'
            : `${luck.uncounted} roll${luck.uncounted === 1 ? ' is' : 's are'} not counted: ` +
                'what they total is only a count (a flee distance, a number of hits), neither a success nor a failure.',
        ),
      ),
    ],
  })
  return { kind: 'section', level: 2, title: 'The luck of the dice', blocks }
}
