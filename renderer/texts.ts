/**
 * Player names where the engine's texts say a player's id ("druchii: 6" reads "Dark Elves: 6"):
 * each id, as a whole word, becomes that player's name. A game whose ids are its names is left as it is.
 */
export function namesIn(game: { readonly players: readonly { readonly id: string; readonly name: string }[] }): (
  text: string,
) => string {
  const renamed = game.players.filter((player) => player.id !== player.name && player.id !== '')
  if (renamed.length === 0) return (text) => text
  const byId = new Map(renamed.map((player) => [player.id, player.name]))
  const ids = [...byId.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp)
  // Not inside a longer slug or a rule reference ("classic/druchii-…"): letters, digits, - and / around it end a match.
  const pattern = new RegExp(`(?<![\\w/-])(${ids.join('|')})(?![\\w/-])`, 'g')
  return (text) => text.replace(pattern, (id) => byId.get(id) ?? id)
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
