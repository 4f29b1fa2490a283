import type { Explanation } from './explanation.js'

/** A tree as indented lines: `text [= value] (ruleset/id §clause) <- seq 12, 14`. */
export function renderExplanationText(tree: Explanation, indent = ''): string {
  const lines: string[] = []
  const walk = (node: Explanation, depth: number): void => {
    let line = indent + '  '.repeat(depth) + (depth > 0 ? '- ' : '')
    if (node.status === 'ignored') line += '[ignored] '
    line += node.text
    if (node.rule) line += ` (${node.rule.ruleset}/${node.rule.id} §${node.rule.clause})`
    if (node.from && node.from.length > 0) line += ` <- seq ${node.from.join(', ')}`
    lines.push(line)
    for (const child of node.children) walk(child, depth + 1)
  }
  walk(tree, 0)
  return lines.join('\n')
}
