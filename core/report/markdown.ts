import { escapeControlCharacters } from '../events/control-text.js'
import { reportMetaLine, reportMetaOf } from './meta.js'
import type { Block, Inline, Rich, Section } from './report-blocks.js'
import { reportDocument } from './report-document.js'
import { citeText, seqText } from './report-words.js'
import type { ReportModel } from './types.js'

/**
 * The battle report in Markdown: the stamp on the first line, then the report's document (report-document.ts)
 * written out. Charts are left out; the tables beside them hold the same figures.
 */

/** Text as Markdown shows it and no more: the characters Markdown reads as markup are escaped with a backslash. */
export function escapeMarkdown(text: string): string {
  return escapeControlCharacters(text).replace(/[\\`*_[\]<>|&#~]/g, (char) => `\\${char}`)
}

function inline(part: Inline): string {
  switch (part.kind) {
    case 'text':
      return escapeMarkdown(part.text)
    case 'strong':
      return part.text.trim() === '' ? escapeMarkdown(part.text) : strong(part.text)
    case 'code':
      return part.text.includes('`') ? escapeMarkdown(part.text) : `\`${escapeControlCharacters(part.text)}\``
    case 'seqs':
      return escapeMarkdown(seqText(part.seqs))
    case 'cite': {
      const cited = citeText(part.seqs, part.rules)
      return cited === '' ? '' : ` (${escapeMarkdown(cited)})`
    }
  }
}

/** Bold, with the spaces around it kept outside the asterisks (Markdown ignores `** text**`). */
function strong(text: string): string {
  const [, before, inner, after] = /^(\s*)(.*?)(\s*)$/s.exec(text) as RegExpExecArray
  return `${before}**${escapeMarkdown(inner as string)}**${after}`
}

const rich = (content: Rich) => content.map(inline).join('')

/**
 * A paragraph's or list item's text that cannot start a block of its own: a leading "1." or "2)" would begin a
 * numbered list, a leading "-", "+" or "=" a list or a heading's underline (the other markers are escaped anywhere).
 */
const line = (content: Rich) =>
  rich(content)
    .replace(/^(\d{1,9})([.)])/, '$1\\$2')
    .replace(/^([-+=])/, '\\$1')

function table(block: Extract<Block, { kind: 'table' }>): string {
  const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  return [
    `**${escapeMarkdown(block.caption)}**`,
    '',
    row(block.head.map(escapeMarkdown)),
    row(block.head.map((_, index) => (block.numeric[index] ? '---:' : '---'))),
    ...block.rows.map((cells) => row(cells.map(rich))),
  ].join('\n')
}

function blockText(block: Block): string | null {
  switch (block.kind) {
    case 'paragraph':
      return line(block.content)
    case 'list':
      return block.items
        .flatMap((item) => [`- ${line(item.content)}`, ...(item.sub ?? []).map((sub) => `  - ${line(sub)}`)])
        .join('\n')
    case 'table':
      return table(block)
    case 'chart':
      return null
    case 'section':
      return section(block)
  }
}

function section(block: Section): string {
  const cited = block.seqs ? inline({ kind: 'cite', seqs: block.seqs, rules: [] }) : ''
  const heading = `${'#'.repeat(block.level)} ${escapeMarkdown(block.title)}${cited}`
  return [heading, ...block.blocks.map(blockText).filter((text): text is string => text !== null)].join('\n\n')
}

export function renderMarkdown(model: ReportModel): string {
  const document = reportDocument(model)
  const parts = [
    `${reportMetaLine(reportMetaOf(model, 'md'))}\n# ${escapeMarkdown(document.title)}`,
    ...document.blocks.map(section),
  ]
  return `${parts.join('\n\n')}\n`
}
