import {
  type Block,
  figure,
  type Inline,
  type Namer,
  paragraph,
  type Section,
  sentence,
  seqs,
  strong,
  text,
} from './report-blocks.js'
import type { Figure, ReportModel, TurnReport } from './types.js'

/** The report's turns: the story turn by turn, and the casualties and victory points per turn with their charts. */

/** Each game turn's models lost per player: the sum of its player turns', with their seqs. */
export function casualtiesByGameTurn(model: ReportModel): { turn: number; lost: Record<string, Figure> }[] {
  const turns = [...new Set(model.turns.map((turn) => turn.turn))].sort((a, b) => a - b)
  return turns.map((turn) => {
    const lost: Record<string, Figure> = {}
    for (const player of model.players) {
      const figures = model.turns
        .filter((report) => report.turn === turn)
        .map((report) => report.casualties[player.id])
        .filter((value): value is Figure => value !== undefined)
      lost[player.id] = {
        value: figures.reduce((sum, value) => sum + value.value, 0),
        seqs: figures.flatMap((value) => value.seqs),
      }
    }
    return { turn, lost }
  })
}

/** The seqs a game turn spans: from its first player turn's start to its last one's end. */
export function gameTurnSpan(model: ReportModel, turn: number): number[] {
  const reports = model.turns.filter((report) => report.turn === turn)
  if (reports.length === 0) return []
  const from = Math.min(...reports.map((report) => report.fromSeq))
  const to = Math.max(...reports.map((report) => report.toSeq))
  return spanSeqs(from, to)
}

/** Every seq from `from` to `to`: a span, which a cite compacts to "seq 12–19". */
export const spanSeqs = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)

function turnSection(model: ReportModel, turn: TurnReport, name: Namer): Section {
  const blocks: Block[] = turn.phases.map(
    (phase): Section => ({
      kind: 'section',
      level: 4,
      title: phase.phase,
      role: 'phase',
      blocks: [{ kind: 'list', items: phase.story.map((said) => ({ content: sentence(said) })) }],
    }),
  )
  if (blocks.length === 0) blocks.push(paragraph(text('Nothing was done in this turn.')))
  const lost = model.players.map((player): Inline[] => {
    const figureOf = turn.casualties[player.id]
    return [text(`${name(player.id)} `), ...(figureOf ? figure(figureOf) : [text('0')])]
  })
  const vp = model.players.map((player) => `${name(player.id)} ${turn.vpAfter[player.id] ?? 0}`)
  blocks.push(
    paragraph(
      strong('Models lost: '),
      ...lost.flatMap((inlines, index) => (index === 0 ? inlines : [text(', '), ...inlines])),
      text('. '),
      strong('Victory points after this turn: '),
      text(`${vp.join(', ')}.`),
    ),
  )
  return {
    kind: 'section',
    level: 3,
    title: `Turn ${turn.turn}: ${name(turn.player)}`,
    seqs: spanSeqs(turn.fromSeq, turn.toSeq),
    role: 'turn',
    blocks,
  }
}

export function storySection(model: ReportModel, name: Namer): Section {
  const blocks: Block[] = model.turns.map((turn) => turnSection(model, turn, name))
  if (blocks.length === 0) blocks.push(paragraph(text('No turn has been played yet.')))
  return { kind: 'section', level: 2, title: 'The story, turn by turn', blocks }
}

export function perTurnSection(model: ReportModel, name: Namer): Section {
  const byTurn = casualtiesByGameTurn(model)
  const players = model.players
  const casualties: Block[] = [
    {
      kind: 'chart',
      chart: 'bar',
      spec: {
        id: 'chart-casualties',
        title: 'Models lost per game turn',
        xLabel: 'Game turn',
        yLabel: 'Models lost',
        categories: byTurn.map(({ turn }) => ({ label: `Turn ${turn}` })),
        series: players.map((player) => ({
          name: name(player.id),
          values: byTurn.map(({ lost }) => lost[player.id]?.value ?? 0),
        })),
        emptyText: 'No turn has been played yet.',
      },
    },
    {
      kind: 'table',
      caption: 'Models lost per game turn',
      head: ['Game turn', ...players.map((player) => name(player.id))],
      numeric: [false, ...players.map(() => true)],
      rows: [
        ...byTurn.map(({ turn, lost }) => [
          [text(`Turn ${turn}`)],
          ...players.map((player) => figure(lost[player.id] ?? { value: 0, seqs: [] })),
        ]),
        [
          [strong('The whole game')],
          ...players.map((player) => [
            strong(String(byTurn.reduce((sum, { lost }) => sum + (lost[player.id]?.value ?? 0), 0))),
          ]),
        ],
      ],
    },
  ]
  const vp: Block[] = [
    {
      kind: 'chart',
      chart: 'line',
      spec: {
        id: 'chart-victory-points',
        title: 'Victory points over the game',
        xLabel: 'Player turn (whose turn it was)',
        yLabel: 'Victory points',
        categories: model.turns.map((turn) => ({ label: name(turn.player), group: `Turn ${turn.turn}` })),
        series: players.map((player) => ({
          name: name(player.id),
          values: model.turns.map((turn) => turn.vpAfter[player.id] ?? 0),
        })),
        emptyText: 'No turn has been played yet.',
      },
    },
    {
      kind: 'table',
      caption: 'Victory points after each player turn',
      head: ['Game turn', 'Player turn of', ...players.map((player) => name(player.id)), 'Seqs'],
      numeric: [false, false, ...players.map(() => true), false],
      rows: model.turns.map((turn) => [
        [text(`Turn ${turn.turn}`)],
        [text(name(turn.player))],
        ...players.map((player) => [text(String(turn.vpAfter[player.id] ?? 0))]),
        [seqs(spanSeqs(turn.fromSeq, turn.toSeq))],
      ]),
    },
  ]
  if (model.turns.length === 0)
    return {
      kind: 'section',
      level: 2,
      title: 'Casualties and victory points per turn',
      blocks: [paragraph(text('No turn has been played yet.'))],
    }
  return {
    kind: 'section',
    level: 2,
    title: 'Casualties and victory points per turn',
    blocks: [
      paragraph(text('Models lost count each wound a single model (a character, a monster) lost as a model lost.')),
      ...casualties,
      ...vp,
    ],
  }
}
