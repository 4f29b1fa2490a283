import type { Probability } from '../engine/odds.js'
import type { RuleRef } from '../explain/explanation.js'
import { fixed } from './markup.js'
import type { ChartSpec } from './svg-chart.js'
import type {
  Figure,
  KeyMomentKind,
  LuckTally,
  ReportModel,
  RollKind,
  RollLuck,
  Sentence,
  TurnReport,
} from './types.js'

/**
 * The battle report as a document — sections, paragraphs, lists, tables, charts — made once from the model, so the
 * Markdown and the HTML say the same things in the same order (markdown.ts and html.ts only write it out).
 * Each figure and sentence carries its seqs (and the rules it cites) as a `cite`.
 */

export type Inline =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'strong'; readonly text: string }
  | { readonly kind: 'code'; readonly text: string }
  /** Where it comes from: "(seq 12, 14; classic/rout §a)"; nothing when both are empty. */
  | { readonly kind: 'cite'; readonly seqs: readonly number[]; readonly rules: readonly RuleRef[] }
  /** Seqs on their own, in a column of them: "seq 12, 14". */
  | { readonly kind: 'seqs'; readonly seqs: readonly number[] }

export type Rich = readonly Inline[]

export interface ListItem {
  readonly content: Rich
  readonly sub?: readonly Rich[]
}

export type Block =
  | { readonly kind: 'paragraph'; readonly content: Rich }
  | { readonly kind: 'list'; readonly items: readonly ListItem[] }
  | {
      readonly kind: 'table'
      readonly caption: string
      readonly head: readonly string[]
      /** Columns of figures, aligned right. */
      readonly numeric: readonly boolean[]
      readonly rows: readonly (readonly Rich[])[]
    }
  /** A chart (HTML draws it; Markdown leaves it out, the table beside it holds the same figures). */
  | { readonly kind: 'chart'; readonly chart: 'bar' | 'line'; readonly spec: ChartSpec }
  | Section

export interface Section {
  readonly kind: 'section'
  readonly level: 2 | 3 | 4
  readonly title: string
  /** The seqs the whole section tells of (a turn's), shown by its heading. */
  readonly seqs?: readonly number[]
  /** What it is, for the page's layout and print rules: a player turn is kept with its heading. */
  readonly role?: 'turn' | 'phase'
  readonly blocks: readonly Block[]
}

export interface ReportDocument {
  readonly title: string
  readonly blocks: readonly Section[]
}

const text = (value: string): Inline => ({ kind: 'text', text: value })
const strong = (value: string): Inline => ({ kind: 'strong', text: value })
const code = (value: string): Inline => ({ kind: 'code', text: value })
const cite = (seqs: readonly number[], rules: readonly RuleRef[] = []): Inline => ({ kind: 'cite', seqs, rules })
const seqs = (values: readonly number[]): Inline => ({ kind: 'seqs', seqs: values })
const paragraph = (...content: Inline[]): Block => ({ kind: 'paragraph', content })
const sentence = (said: Sentence): Inline[] => [text(said.text), cite(said.seqs, said.rules ?? [])]
const figure = (value: Figure, decimals = 0): Inline[] => [text(fixed(value.value, decimals)), cite(value.seqs)]

/** Seqs in order, once each, runs of three or more compacted: "seq 12, 14, 20–27". */
export function seqText(seqs: readonly number[]): string {
  const sorted = [...new Set(seqs)].sort((a, b) => a - b)
  const parts: string[] = []
  for (let start = 0; start < sorted.length; ) {
    let end = start
    while (end + 1 < sorted.length && (sorted[end + 1] as number) === (sorted[end] as number) + 1) end++
    if (end - start >= 2) parts.push(`${sorted[start]}–${sorted[end]}`)
    else for (let index = start; index <= end; index++) parts.push(String(sorted[index]))
    start = end + 1
  }
  return parts.length === 0 ? '' : `seq ${parts.join(', ')}`
}

/** A rule as the engine's explanations cite it: `classic/rout §break-test`. */
export const ruleText = (rule: RuleRef): string => `${rule.ruleset}/${rule.id} §${rule.clause}`

/** The words inside a cite's parentheses, or '' when it cites nothing. */
export function citeText(seqs: readonly number[], rules: readonly RuleRef[]): string {
  return [seqText(seqs), ...rules.map(ruleText)].filter((part) => part !== '').join('; ')
}

/** A chance in percent, fixed decimals; never rounded to 0% or 100% when it is not; "1 in N" for a small one. */
export function chanceText(chance: Probability): string {
  const { value } = chance
  if (value <= 0) return '0%'
  if (value >= 1) return '100%'
  const percent = value * 100
  const decimals = percent >= 1 && percent <= 99 ? 1 : 2
  let shown = `${fixed(percent, decimals)}%`
  if (percent < 0.01) shown = 'under 0.01%'
  else if (percent > 99.99) shown = 'over 99.99%'
  return value < 0.1 ? `${shown} (1 in ${Math.round(1 / value)})` : shown
}

const KIND_WORDS: Readonly<Record<RollKind, string>> = {
  'to-hit': 'to hit',
  'to-wound': 'to wound',
  save: 'saves',
  leadership: 'Leadership tests',
  charge: 'charge ranges',
  casting: 'casting',
  dispel: 'dispelling',
  other: 'other rolls',
}

const MOMENT_WORDS: Readonly<Record<KeyMomentKind, string>> = {
  'largest-combat-result': 'The largest combat result',
  'unit-destroyed': 'A unit destroyed',
  general: "The General's fate",
  'standard-captured': 'A standard captured',
  'luckiest-roll': 'The luckiest roll',
  'unluckiest-roll': 'The unluckiest roll',
}

/** A tally's chance, in words: "at least 9: 12.4%" (luckier or as expected) or "at most 3: 8.1%" (unluckier). */
export function tallyChanceText(tally: LuckTally): string {
  const side = tally.direction === 'unluckier' ? 'at most' : 'at least'
  return `${side} ${tally.actual}: ${chanceText(tally.chance)}`
}

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
function gameTurnSpan(model: ReportModel, turn: number): number[] {
  const reports = model.turns.filter((report) => report.turn === turn)
  if (reports.length === 0) return []
  const from = Math.min(...reports.map((report) => report.fromSeq))
  const to = Math.max(...reports.map((report) => report.toSeq))
  return [from, to]
}

/** Every seq from `from` to `to`: a span, which a cite compacts to "seq 12–19". */
const spanSeqs = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)

/** A name for each player id (the id itself for one the model does not name). */
function namer(model: ReportModel): (id: string | null) => string {
  const names = new Map(model.players.map((player) => [player.id, player.name]))
  return (id) => (id === null ? 'nobody' : (names.get(id) ?? id))
}

const bandWords = (band: string) => band.replaceAll('-', ' ')

function header(model: ReportModel, name: (id: string | null) => string): Block[] {
  const { ruleset } = model
  return [
    {
      kind: 'list',
      items: [
        {
          content: [
            strong('Ruleset: '),
            text(`${ruleset.name}: `),
            code(ruleset.id),
            text(', variant '),
            code(ruleset.variant),
          ],
        },
        { content: [strong('Players: '), text(model.players.map((player) => name(player.id)).join(', '))] },
        {
          content: [
            strong('Turns: '),
            text(`${model.turnsPlayed} game turn${model.turnsPlayed === 1 ? '' : 's'} played of ${model.turnsAgreed}`),
          ],
        },
      ],
    },
  ]
}

function resultSection(model: ReportModel, name: (id: string | null) => string): Section {
  const { result } = model
  const how: Inline[] = []
  if (!result.ended) how.push(text('The game goes on: every figure in this report is so far, at the head of its log.'))
  else if (result.reason === 'concession') how.push(text(`${name(result.conceded)} conceded the game.`))
  else how.push(text('The game ended after its last turn.'))
  if (result.band !== null)
    how.push(
      text(
        result.winner === null
          ? ` The result: a ${bandWords(result.band)}.`
          : ` The result: a ${bandWords(result.band)} for ${name(result.winner)}, by ${result.margin} VP.`,
      ),
    )
  return {
    kind: 'section',
    level: 2,
    title: 'The result',
    blocks: [
      paragraph(strong(result.summary.text), cite(result.summary.seqs, result.summary.rules ?? [])),
      paragraph(...how),
      {
        kind: 'table',
        caption: 'Victory points',
        head: ['Player', 'Victory points'],
        numeric: [false, true],
        rows: model.players.map((player) => {
          const vp = result.vp[player.id]
          return [[text(name(player.id))], vp ? figure(vp) : [text('0')]]
        }),
      },
    ],
  }
}

function logSection(model: ReportModel, name: (id: string | null) => string): Section {
  const { log } = model
  const signatures = log.signatures.map(
    (signature): ListItem => ({
      content: [
        strong(name(signature.player)),
        text(
          ` signed through seq ${signature.seq} ` +
            `(${signature.end === 'game' ? 'the end of the game' : `the end of turn ${signature.turn}`}), head `,
        ),
        code(signature.head),
      ],
    }),
  )
  return {
    kind: 'section',
    level: 2,
    title: 'The log',
    blocks: [
      paragraph(text('This report tells the game of the log below. Whoever holds that log can check that it does.')),
      {
        kind: 'list',
        items: [
          { content: [strong('Game: '), code(log.gameId)] },
          { content: [strong('Head: '), text(`seq ${log.headSeq}, hash `), code(log.headHash)] },
          { content: [strong('Signatures: '), text(log.signed)], sub: signatures.map((item) => item.content) },
        ],
      },
      paragraph(
        text("To check it, with the game's exported log (LOG.jsonl) and this file (THIS-FILE): "),
        code('arbiter verify --report THIS-FILE LOG.jsonl'),
        text('. It writes the report again from the log and says whether the two match.'),
      ),
    ],
  }
}

function armiesSection(model: ReportModel, name: (id: string | null) => string): Section {
  const blocks: Block[] = model.armies.map((army): Section => {
    const unitName = new Map(army.units.map((unit) => [unit.id, unit.name]))
    const blocks: Block[] = [
      {
        kind: 'table',
        caption: 'Units and characters',
        head: ['Unit', 'Kind', 'Models at the start', 'Models left', 'Points', 'Fate', 'Seqs'],
        numeric: [false, false, true, true, true, false, false],
        rows: army.units.map((unit) => [
          [
            text(
              unit.joinedTo === null
                ? unit.name
                : `${unit.name} (with ${unitName.get(unit.joinedTo) ?? unit.joinedTo})`,
            ),
          ],
          [text(unit.kind)],
          [text(String(unit.startingModels))],
          [text(String(unit.modelsLeft))],
          [text(unit.points === null ? '—' : String(unit.points))],
          [text(unit.fate)],
          [seqs(unit.seqs)],
        ]),
      },
    ]
    if (army.unpriced.length > 0)
      blocks.push(
        paragraph(
          text(
            `The list gave no points for ${army.unpriced.map((id) => unitName.get(id) ?? id).join(', ')}; ` +
              'they count 0 in the total.',
          ),
        ),
      )
    return {
      kind: 'section',
      level: 3,
      title: `The army of ${name(army.player)}: ${army.points} points`,
      seqs: [army.seq],
      blocks,
    }
  })
  if (blocks.length === 0) blocks.push(paragraph(text('No army was mustered.')))
  return { kind: 'section', level: 2, title: 'The armies', blocks }
}

function victorySection(model: ReportModel, name: (id: string | null) => string): Section {
  const { result } = model
  const totals = model.players.map((player): Inline[] => {
    const vp = result.vp[player.id]
    return [strong(name(player.id)), text(`: ${vp?.value ?? 0} VP`), cite(vp?.seqs ?? [])]
  })
  const blocks: Block[] = [{ kind: 'list', items: totals.map((content) => ({ content })) }]
  blocks.push(
    result.lines.length === 0
      ? paragraph(
          text(
            Object.values(result.vp).some((vp) => vp.value !== 0)
              ? 'The lines they were scored by are not given.'
              : 'No victory points were scored.',
          ),
        )
      : {
          kind: 'table',
          caption: 'How they were scored',
          head: ['Scored by', 'Unit', 'VP', 'Why'],
          numeric: [false, false, true, false],
          rows: result.lines.map((line) => [
            [text(name(line.player))],
            [text(line.unit)],
            [text(String(line.vp))],
            sentence(line.why),
          ]),
        },
  )
  return { kind: 'section', level: 2, title: 'Victory points', blocks }
}

function momentsSection(model: ReportModel): Section {
  const items = model.keyMoments.map(
    (moment): ListItem => ({
      content: [
        strong(`${MOMENT_WORDS[moment.kind]} (turn ${moment.turn}): `),
        ...sentence(moment.sentence),
        ...(moment.chance
          ? [
              text(
                ` The chance of doing ${moment.kind === 'unluckiest-roll' ? 'as badly or worse' : 'as well or better'}: ` +
                  `${chanceText(moment.chance)}.`,
              ),
            ]
          : []),
      ],
    }),
  )
  return {
    kind: 'section',
    level: 2,
    title: 'Key moments',
    blocks: [items.length === 0 ? paragraph(text('No key moments yet.')) : { kind: 'list', items }],
  }
}

function turnSection(model: ReportModel, turn: TurnReport, name: (id: string | null) => string): Section {
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

function storySection(model: ReportModel, name: (id: string | null) => string): Section {
  const blocks: Block[] = model.turns.map((turn) => turnSection(model, turn, name))
  if (blocks.length === 0) blocks.push(paragraph(text('No turn has been played yet.')))
  return { kind: 'section', level: 2, title: 'The story, turn by turn', blocks }
}

function perTurnSection(model: ReportModel, name: (id: string | null) => string): Section {
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

function rollItem(label: string, roll: RollLuck, name: (id: string | null) => string): ListItem {
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

function luckSection(model: ReportModel, name: (id: string | null) => string): Section {
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
            const [from, to] = gameTurnSpan(model, turn)
            const span = from === undefined || to === undefined ? [] : spanSeqs(from, to)
            return [[text(`Turn ${turn}`)], ...tallyCells(tally), [seqs(span)]]
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

const TABLE_VERBS = { ruling: 'ruled', correction: 'corrected', claim: 'claimed' } as const

function appendixSection(model: ReportModel, name: (id: string | null) => string): Section {
  const part = (title: string, entries: ReportModel['appendix']['rulings']): Section => ({
    kind: 'section',
    level: 3,
    title,
    blocks: [
      entries.length === 0
        ? paragraph(text('None.'))
        : {
            kind: 'list',
            items: entries.map(
              (entry): ListItem => ({
                content: [
                  strong(`Seq ${entry.seq}, by ${name(entry.by)}: `),
                  text(`the table ${TABLE_VERBS[entry.kind]}: ${entry.table}`),
                  ...(entry.rules === null ? [] : [text(`; the rules give: ${entry.rules}`)]),
                  text(
                    entry.changedGame
                      ? `. It changed the game: ${entry.changes.join('; ')}.`
                      : '. It did not change the game.',
                  ),
                  cite(entry.seqs),
                ],
                sub: entry.cited.map((rule) => [
                  text('Cites '),
                  strong(`${ruleText(rule)} (${rule.name})`),
                  text(`: ${rule.text}`),
                ]),
              }),
            ),
          },
    ],
  })
  const { appendix } = model
  return {
    kind: 'section',
    level: 2,
    title: 'Appendix: rulings, corrections and claims',
    blocks: [
      part('Rulings', appendix.rulings),
      part('Corrections', appendix.corrections),
      part('Claims', appendix.claims),
    ],
  }
}

/** A table with no row says so in a line instead of standing as a header over nothing. */
function sayEmptyTables(section: Section): Section {
  const blocks = section.blocks.map((block): Block => {
    if (block.kind === 'section') return sayEmptyTables(block)
    if (block.kind === 'table' && block.rows.length === 0) return paragraph(strong(`${block.caption}:`), text(' none.'))
    return block
  })
  return { ...section, blocks }
}

/** The report's document: the same sections, in the same order, for every format. */
export function reportDocument(model: ReportModel): ReportDocument {
  const name = namer(model)
  const sections: Section[] = [
    { kind: 'section', level: 2, title: 'The game', blocks: header(model, name) },
    resultSection(model, name),
    logSection(model, name),
    armiesSection(model, name),
    victorySection(model, name),
    momentsSection(model),
    storySection(model, name),
    perTurnSection(model, name),
    luckSection(model, name),
    appendixSection(model, name),
  ]
  return { title: model.title, blocks: sections.map(sayEmptyTables) }
}
