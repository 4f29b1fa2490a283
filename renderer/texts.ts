import type { Explanation } from '../core/api/game-api-contract.js'

/** A game's players, and its ruleset's variants when they are known. */
export interface Named {
  readonly players: readonly { readonly id: string; readonly name: string }[]
  readonly variants?: readonly { readonly id: string; readonly name: string }[]
}

/**
 * Names where the engine's texts say ids: each player's id, as a whole word, becomes that player's
 * name ("druchii: 6" reads "Druchii raiders: 6"), and "variant ID" the variant's name. A game whose
 * ids are its names is left as it is.
 */
export function namesIn(game: Named): (text: string) => string {
  const renamed = game.players.filter((player) => player.id !== player.name && player.id !== '')
  const variants = new Map((game.variants ?? []).map((variant) => [variant.id, variant.name]))
  if (renamed.length === 0 && variants.size === 0) return (text) => text
  const byId = new Map(renamed.map((player) => [player.id, player.name]))
  const ids = [...byId.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp)
  // Not inside a longer slug or a rule reference ("classic/druchii-…"): letters, digits, - and / around it end a match.
  const pattern = ids.length > 0 ? new RegExp(`(?<![\\w/-])(${ids.join('|')})(?![\\w/-])`, 'g') : null
  const variant = /\bvariant ([a-z0-9-]+)/g
  return (text) => {
    const named = pattern ? text.replace(pattern, (id) => byId.get(id) ?? id) : text
    return variants.size > 0
      ? named.replace(variant, (said, id: string) => (variants.has(id) ? `variant ${variants.get(id)}` : said))
      : named
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** What a step did in one line: its outcomes, else what it asks for next, else its explanation. */
export function stepSummary(step: {
  readonly outcomes: readonly { readonly text: string }[]
  readonly requests: readonly { readonly text: string }[]
  readonly explanation: { readonly text: string } | null
}): string {
  if (step.outcomes.length > 0) return step.outcomes.map((outcome) => outcome.text).join('; ')
  if (step.requests.length > 0) return `→ ${step.requests.map((request) => request.text).join('; ')}`
  return step.explanation?.text ?? ''
}

/**
 * What a node's value adds to its sentence, or null when it adds nothing: a line that is not
 * counted scores nothing; a number or dice the text already states are not said twice; a yes/no
 * reads as a word, never as "= true".
 */
export function valueShown(node: Explanation): string | null {
  const value = node.value
  if (value === undefined || value === null || node.status === 'ignored') return null
  if (typeof value === 'boolean') return value ? '— yes' : '— no'
  const text = node.text
  if (typeof value === 'number') return saysNumber(text, value) ? null : `→ ${value}`
  // A list of dice, as "4,4,5" (or an array, from an older recording), that the sentence may already read out.
  const raw: unknown = value
  const parts = Array.isArray(raw) ? raw.map(String) : value.split(/\s*,\s*/).filter(Boolean)
  if (parts.length > 1 && parts.every((part) => /^-?\d+$/.test(part))) {
    return text.includes(parts.join(', ')) ? null : `: ${parts.join(', ')}`
  }
  return text.includes(String(value)) ? null : `: ${String(value)}`
}

function saysNumber(text: string, value: number): boolean {
  return new RegExp(`(^|[^\\d.])${String(value).replace('.', '\\.')}($|[^\\d])`).test(text)
}
