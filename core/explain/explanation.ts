/**
 * Explanation trees (DESIGN §5): every number the engine produces carries one. A node cites the
 * catalogue rule it comes from and the earlier events (`from`, by seq) it depends on. Modifiers are
 * nodes too, marked `applied` or `ignored`, so a breakdown shows what did not count as well.
 * Trees are plain frozen-shape JSON so a replay can compare them byte for byte.
 */
export interface RuleRef {
  readonly ruleset: string
  readonly id: string
  readonly clause: string
}

export interface Explanation {
  readonly text: string
  readonly value?: number | string | boolean | null
  readonly rule?: RuleRef
  readonly from?: readonly number[]
  readonly status?: 'applied' | 'ignored'
  readonly children: readonly Explanation[]
}

export interface ExplanationInit {
  value?: number | string | boolean | null
  rule?: RuleRef
  from?: readonly number[]
  status?: 'applied' | 'ignored'
}

export function explain(text: string, init?: ExplanationInit, children: readonly Explanation[] = []): Explanation {
  const node: { -readonly [K in keyof Explanation]: Explanation[K] } = { text, children }
  if (init === undefined) return node
  if (init.value !== undefined) node.value = init.value
  if (init.rule) node.rule = init.rule
  if (init.from && init.from.length > 0)
    node.from = init.from.length === 1 ? [init.from[0] as number] : uniqueSorted(init.from)
  if (init.status) node.status = init.status
  return node
}

/**
 * What an outcome carries in a step whose explanations nothing reads (a verify's fold: the engine's
 * `StepOptions.explanations` false): its tree was not built. One shared, frozen node, never shown.
 */
export const NOT_EXPLAINED: Explanation = Object.freeze({
  text: 'not explained: nothing reads the explanations of this fold',
  children: Object.freeze([]) as readonly Explanation[],
})

/** Every rule cited anywhere in a tree, each once, in first-seen order. */
export function citedRules(tree: Explanation): RuleRef[] {
  const seen = new Map<string, RuleRef>()
  const walk = (node: Explanation): void => {
    if (node.rule) seen.set(`${node.rule.ruleset}/${node.rule.id}#${node.rule.clause}`, node.rule)
    node.children.forEach(walk)
  }
  walk(tree)
  return [...seen.values()]
}

function uniqueSorted(seqs: readonly number[]): readonly number[] {
  // Most lists arrive sorted and unique: keep them as they are (no copy on a replay's hot path).
  let ordered = true
  for (let i = 1; i < seqs.length && ordered; i++) ordered = (seqs[i] as number) > (seqs[i - 1] as number)
  if (ordered) return seqs
  // Two seqs (an event and a unit's muster, say) are the common unordered list: no sort for them.
  if (seqs.length === 2) {
    const [first, second] = seqs as readonly [number, number]
    return first === second ? [first] : [second, first]
  }
  const sorted = [...seqs].sort((a, b) => a - b)
  return sorted.filter((seq, i) => i === 0 || seq !== sorted[i - 1])
}
