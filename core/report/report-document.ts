import {
  type Block,
  cite,
  code,
  figure,
  type Inline,
  type ListItem,
  type Namer,
  namer,
  paragraph,
  type ReportDocument,
  type Section,
  sentence,
  seqs,
  strong,
  text,
} from './report-blocks.js'
import { luckSection } from './report-luck.js'
import { perTurnSection, storySection } from './report-turns.js'
import { bandWords, chanceText, MOMENT_WORDS, ruleText } from './report-words.js'
import type { ReportModel } from './types.js'

/** The report's document from its model: every section, in order (report-blocks.ts says what a document is). */

function header(model: ReportModel, name: Namer): Block[] {
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

function resultSection(model: ReportModel, name: Namer): Section {
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

function logSection(model: ReportModel, name: Namer): Section {
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

function armiesSection(model: ReportModel, name: Namer): Section {
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

function victorySection(model: ReportModel, name: Namer): Section {
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

const TABLE_VERBS = { ruling: 'ruled', correction: 'corrected', claim: 'claimed' } as const

function appendixSection(model: ReportModel, name: Namer): Section {
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
