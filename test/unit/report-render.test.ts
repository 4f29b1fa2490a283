import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { renderHtml } from '../../core/report/html.js'
import { escapeMarkdown, renderMarkdown } from '../../core/report/markdown.js'
import { readReportMeta, reportMetaOf } from '../../core/report/meta.js'
import { chanceText, seqText } from '../../core/report/report-words.js'
import type { ReportModel } from '../../core/report/types.js'
import { fixtureReportModel, TRICKY_NAME } from '../fixtures/report-model.js'

/**
 * The battle report's renderers (issue 19 §3) over a hand-made model touching every section: the Markdown and the
 * HTML equal files read by eye once (test/fixtures/report/), carry their stamp, escape the players' names, and say
 * the same sections in the same order.
 */

const golden = (name: string) =>
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'report', name), 'utf8')

/** The level-2 headings, in order: Markdown's `## ` lines, HTML's <h2>s. */
const markdownSections = (text: string) => [...text.matchAll(/^## (.*)$/gm)].map((match) => match[1])
const htmlSections = (text: string) => [...text.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match) => match[1])

const SECTIONS = [
  'The game',
  'The result',
  'The log',
  'The armies',
  'Victory points',
  'Key moments',
  'The story, turn by turn',
  'Casualties and victory points per turn',
  'The luck of the dice',
  'Appendix: rulings, corrections and claims',
]

describe('the battle report written from a hand-made model', () => {
  it('in Markdown equals the file read by eye, its stamp on the first line', () => {
    const text = renderMarkdown(fixtureReportModel)
    expect(text).toBe(golden('fixture-report.md'))
    expect(text.split('\n')[0]).toMatch(/^<!-- arbiter-report \{.*\} -->$/)
    expect(readReportMeta(text)).toEqual(reportMetaOf(fixtureReportModel, 'md'))
  })

  it('in HTML equals the file read by eye, its stamp a <meta> in the head', () => {
    const text = renderHtml(fixtureReportModel)
    expect(text).toBe(golden('fixture-report.html'))
    const head = text.slice(0, text.indexOf('</head>'))
    expect(head).toContain('<meta charset="utf-8">')
    expect(head).toMatch(/<meta name="arbiter-report" content="[^"]*">/)
    expect(readReportMeta(text)).toEqual(reportMetaOf(fixtureReportModel, 'html'))
  })

  it('says the same sections in the same order in both formats', () => {
    expect(markdownSections(renderMarkdown(fixtureReportModel))).toEqual(SECTIONS)
    expect(htmlSections(renderHtml(fixtureReportModel))).toEqual(SECTIONS)
  })

  it('shows a player\'s <&"> name as text in both, never as markup', () => {
    const html = renderHtml(fixtureReportModel)
    expect(html).not.toContain('<Raiders>')
    expect(html).not.toContain('<Morathi>')
    expect(html).toContain('Malekith&#39;s &lt;Raiders&gt; &amp; &quot;Friends&quot;')
    const markdown = renderMarkdown(fixtureReportModel)
    expect(markdown).not.toContain('<Raiders>')
    expect(markdown).toContain(escapeMarkdown(TRICKY_NAME))
    expect(escapeMarkdown(TRICKY_NAME)).toBe('Malekith\'s \\<Raiders\\> \\& "Friends"')
  })

  it('a name that would break a Markdown table or steer the terminal is escaped, and a bidi override shown', () => {
    expect(escapeMarkdown('A | B *bold* [link](x) `code`')).toBe('A \\| B \\*bold\\* \\[link\\](x) \\`code\\`')
    expect(escapeMarkdown('Evil\u202eRaiders')).toBe('Evil\\\\u202eRaiders')
    const renamed: ReportModel = {
      ...fixtureReportModel,
      players: [
        { id: 'druchii', name: 'Pipe | Bidi\u202e' },
        fixtureReportModel.players[1] as ReportModel['players'][0],
      ],
    }
    const html = renderHtml(renamed)
    expect(html).not.toContain('\u202e')
    expect(html).toContain('Pipe | Bidi\\u202e')
    expect(renderMarkdown(renamed)).toContain('| Pipe \\| Bidi\\\\u202e |')
  })

  it('a name that would start a list in Markdown does not', () => {
    const renamed: ReportModel = {
      ...fixtureReportModel,
      result: { ...fixtureReportModel.result, reason: 'concession', conceded: 'orcs' },
      players: [fixtureReportModel.players[0] as ReportModel['players'][0], { id: 'orcs', name: '1. Orcs' }],
    }
    expect(renderMarkdown(renamed)).toContain('\n1\\. Orcs conceded the game.')
    const dashed = { ...renamed, players: [renamed.players[0], { id: 'orcs', name: '- Orcs' }] } as ReportModel
    expect(renderMarkdown(dashed)).toContain('\n\\- Orcs conceded the game.')
  })

  it('asks for nothing from anywhere: no script, no link, no source, no url(), no import', () => {
    const html = renderHtml(fixtureReportModel)
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\shref=|url\(|@import/i)
    // The only address in it is SVG's namespace, which is a name, never fetched.
    expect([...html.matchAll(/https?:\/\/[^"'\s)]*/g)].map((match) => match[0])).toEqual(
      Array(4).fill('http://www.w3.org/2000/svg'),
    )
  })

  it('is the same bytes for the same model, whatever object holds it', () => {
    const copy = structuredClone(fixtureReportModel) as ReportModel
    expect(renderMarkdown(copy)).toBe(renderMarkdown(fixtureReportModel))
    expect(renderHtml(copy)).toBe(renderHtml(fixtureReportModel))
  })

  it('writes a game with no turn, army or roll yet without a chart of nothing', () => {
    const empty: ReportModel = {
      ...fixtureReportModel,
      armies: [],
      turns: [],
      keyMoments: [],
      turnsPlayed: 0,
      result: { ...fixtureReportModel.result, ended: false, reason: null, winner: null, band: null, lines: [] },
      luck: { players: [], luckiest: null, unluckiest: null, uncounted: 0 },
      appendix: { rulings: [], corrections: [], claims: [] },
    }
    const markdown = renderMarkdown(empty)
    expect(markdown).toContain('The game goes on: every figure in this report is so far')
    expect(markdown).toContain('No army was mustered.')
    expect(markdown).toContain('No turn has been played yet.')
    expect(markdown).toContain('No roll has been counted yet.')
    expect(markdownSections(markdown)).toEqual(SECTIONS)
    expect(markdown).not.toMatch(/\| Game turn \|/)
    const noKinds: ReportModel = {
      ...fixtureReportModel,
      luck: {
        ...fixtureReportModel.luck,
        players: fixtureReportModel.luck.players.map((player) => ({ ...player, byKind: [] })),
      },
    }
    expect(renderMarkdown(noKinds)).toContain('**Orc warband: by kind of roll:** none.')
    expect(renderHtml(empty)).not.toContain('<svg ')
  })
})

describe('seqs and chances in words', () => {
  it('lists seqs in order, once each, and compacts runs of three or more', () => {
    expect(seqText([14, 12])).toBe('seq 12, 14')
    expect(seqText([19, 12, 13, 14, 15, 16, 17, 18, 30, 31, 12])).toBe('seq 12–19, 30, 31')
    expect(seqText([])).toBe('')
  })

  it('gives a chance with fixed decimals, never rounded to 0% or 100% when it is not, and 1 in N when small', () => {
    const chance = (value: number) => chanceText({ exact: '', value })
    expect(chance(0.5)).toBe('50%')
    expect(chance(11 / 27)).toBe('40.7%')
    expect(chance(64 / 729)).toBe('8.8% (1 in 11)')
    expect(chance(1 / 250)).toBe('0.4% (1 in 250)')
    expect(chance(0.004 / 100)).toBe('under 0.01% (1 in 25000)')
    expect(chance(0.9995)).toBe('99.95%')
    expect(chance(0.999999)).toBe('over 99.99%')
    expect(chance(0)).toBe('0%')
    expect(chance(1)).toBe('100%')
  })
})
