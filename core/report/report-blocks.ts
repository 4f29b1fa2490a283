import type { RuleRef } from '../explain/explanation.js'
import { fixed } from './markup.js'
import type { ChartSpec } from './svg-chart.js'
import type { Figure, ReportModel, Sentence } from './types.js'

/**
 * The battle report as a document — sections, paragraphs, lists, tables, charts — made once from the model
 * (report-document.ts), so the Markdown and the HTML say the same things in the same order (markdown.ts and
 * html.ts only write it out). Each figure and sentence carries its seqs (and the rules it cites) as a `cite`.
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

export const text = (value: string): Inline => ({ kind: 'text', text: value })
export const strong = (value: string): Inline => ({ kind: 'strong', text: value })
export const code = (value: string): Inline => ({ kind: 'code', text: value })
export const cite = (seqs: readonly number[], rules: readonly RuleRef[] = []): Inline => ({ kind: 'cite', seqs, rules })
export const seqs = (values: readonly number[]): Inline => ({ kind: 'seqs', seqs: values })
export const paragraph = (...content: Inline[]): Block => ({ kind: 'paragraph', content })
export const sentence = (said: Sentence): Inline[] => [text(said.text), cite(said.seqs, said.rules ?? [])]
export const figure = (value: Figure, decimals = 0): Inline[] => [text(fixed(value.value, decimals)), cite(value.seqs)]

/** A player's name from their id. */
export type Namer = (id: string | null) => string

/** A name for each player id (the id itself for one the model does not name). */
export function namer(model: ReportModel): Namer {
  const names = new Map(model.players.map((player) => [player.id, player.name]))
  return (id) => (id === null ? 'nobody' : (names.get(id) ?? id))
}
