import { slug } from '../engine/params.js'
import { escapeMarkup } from './markup.js'
import { reportMetaLine, reportMetaOf } from './meta.js'
import type { Block, Inline, Rich, Section } from './report-blocks.js'
import { REPORT_CSS } from './report-css.js'
import { reportDocument } from './report-document.js'
import { citeText, seqText } from './report-words.js'
import { barChart, lineChart } from './svg-chart.js'
import { REPORT_VERSION, type ReportModel } from './types.js'

/**
 * The battle report as one self-contained HTML page: inline CSS (report-css.ts) and inline SVG charts, no script
 * and nothing fetched from anywhere; every text from the model escaped. The stamp is a <meta> in its head.
 */

function inline(part: Inline): string {
  switch (part.kind) {
    case 'text':
      return escapeMarkup(part.text)
    case 'strong':
      return `<strong>${escapeMarkup(part.text)}</strong>`
    case 'code':
      return `<code>${escapeMarkup(part.text)}</code>`
    case 'seqs':
      return `<span class="seqs">${seqRuns(escapeMarkup(seqText(part.seqs)))}</span>`
    case 'cite': {
      const cited = citeText(part.seqs, part.rules)
      return cited === '' ? '' : ` <span class="cite">(${seqRuns(escapeMarkup(cited))})</span>`
    }
  }
}

/** A run of seqs ("12–19") kept on one line: a table cell breaks between seqs, never inside a run. */
const seqRuns = (escaped: string) => escaped.replace(/(seq )?\d+–\d+/g, (run) => `<span class="run">${run}</span>`)

const rich = (content: Rich) => content.map(inline).join('')

function table(block: Extract<Block, { kind: 'table' }>): string {
  const cls = (index: number) => (block.numeric[index] ? ' class="num"' : '')
  const head = block.head.map((cell, index) => `<th scope="col"${cls(index)}>${escapeMarkup(cell)}</th>`).join('')
  const rows = block.rows.map(
    (cells) => `<tr>${cells.map((cell, index) => `<td${cls(index)}>${rich(cell)}</td>`).join('')}</tr>`,
  )
  // A wide table scrolls within the page on a narrow screen (focusable, so a keyboard can scroll it too).
  return [
    `<div class="table" role="region" aria-label="${escapeMarkup(block.caption)}" tabindex="0">`,
    '<table>',
    `<caption>${escapeMarkup(block.caption)}</caption>`,
    `<thead><tr>${head}</tr></thead>`,
    '<tbody>',
    ...rows,
    '</tbody>',
    '</table>',
    '</div>',
  ].join('\n')
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${rich(block.content)}</p>`
    case 'list': {
      const items = block.items.map((item) => {
        const sub = item.sub?.length ? `<ul>${item.sub.map((line) => `<li>${rich(line)}</li>`).join('')}</ul>` : ''
        return `<li>${rich(item.content)}${sub}</li>`
      })
      return `<ul>\n${items.join('\n')}\n</ul>`
    }
    case 'table':
      return table(block)
    case 'chart':
      return `<figure class="chart">${block.chart === 'bar' ? barChart(block.spec) : lineChart(block.spec)}</figure>`
    case 'section':
      return section(block)
  }
}

/** A fixed heading's anchor ("the-luck-of-the-dice"); only the report's own headings get one, never a name. */
const anchor = (title: string) => slug(title)

function section(block: Section): string {
  const cited = block.seqs ? inline({ kind: 'cite', seqs: block.seqs, rules: [] }) : ''
  const id = block.level === 2 ? ` id="${anchor(block.title)}"` : ''
  const cls = block.role ? ` class="${block.role}"` : ''
  const heading = `<h${block.level}>${escapeMarkup(block.title)}${cited}</h${block.level}>`
  return `<section${id}${cls}>\n${heading}\n${block.blocks.map(blockHtml).join('\n')}\n</section>`
}

export function renderHtml(model: ReportModel): string {
  const document = reportDocument(model)
  const title = escapeMarkup(document.title)
  return [
    '<!doctype html>',
    `<html lang="${escapeMarkup(model.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    reportMetaLine(reportMetaOf(model, 'html')),
    `<title>${title}</title>`,
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    '<body>',
    `<header><h1>${title}</h1></header>`,
    '<main>',
    ...document.blocks.map(section),
    '</main>',
    `<footer>A battle report written by Arbiter from the game's log (report version ${REPORT_VERSION}). ` +
      'Every figure names the seqs of the log it comes from.</footer>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
