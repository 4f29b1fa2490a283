import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { RuleEntry } from '../api/game-api-contract.js'
import { LocalGameApi, packageRoot } from '../api/index.js'
import type { Enforcement, ParamValue } from '../engine/catalogue.js'

/**
 * One row of `arbiter rules`: an entry, how Arbiter enforces it, the parameters a list may give it
 * (by name, with their defaults: `{"id": "regeneration", "params": {"save": 5}}`), and the tests that show it.
 */
export interface CoverageItem {
  readonly id: string
  readonly name: string
  readonly enforcement: Enforcement
  readonly params: Readonly<Record<string, ParamValue>>
  readonly tests: readonly string[]
}

const TEST_START = /\b(?:it|test)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g

/**
 * The tests that cite each rule, by id. A test's body runs to the next test in its file. A `cites(…)`
 * call names no ruleset, so it counts in the ruleset's own files (their path names it: `old-world-*.test.ts`)
 * and, for the ruleset that `claimsUnnamed` (classic, whose tests came first), in files that name no ruleset.
 */
export function testsCitingRules(
  root: string,
  ruleset: string,
  others: readonly string[] = [],
  claimsUnnamed = true,
): Map<string, string[]> {
  const cited = new Map<string, string[]>()
  // In the test's title, or in its body as an assertion writes it: a citation (`'… (classic/x §c)'`), a rule
  // reference (`{ ruleset: 'classic', id: 'x' … }`) or the tests' `cites(…'x'…)` helpers. Comments show nothing.
  const inTitle = new RegExp(`\\b${ruleset}/([a-z0-9-]+)`, 'g')
  const citation = [`\\b${ruleset}/([a-z0-9-]+)`, `ruleset: '${ruleset}', id: '([a-z0-9-]+)'`]
  // `cites(tree, 'id', 'clause')` or `game.cites('id', 'clause')`: the id is the first string, never the clause.
  const inBody = new RegExp([...citation, `\\bcites\\(\\s*(?:[^,()'"\`]+,\\s*)?'([a-z0-9-]+)'`].join('|'), 'g')
  const inOthersBody = new RegExp(citation.join('|'), 'g')
  for (const file of testFiles(join(root, 'test'))) {
    const path = relative(root, file).split(sep).join('/')
    const own = path.includes(ruleset) || (claimsUnnamed && !others.some((other) => path.includes(other)))
    const bodyCitation = own ? inBody : inOthersBody
    const text = readFileSync(file, 'utf8')
    const starts = [...text.matchAll(TEST_START)]
    starts.forEach((start, index) => {
      const end = starts[index + 1]?.index ?? text.length
      const body = text.slice(start.index + start[0].length, end).replace(/^\s*\/\/.*$/gm, '')
      const name = `${path} > ${start[2]}`
      const ids = [
        ...[...(start[2] ?? '').matchAll(inTitle)].map((m) => m[1] as string),
        ...[...body.matchAll(bodyCitation)].map((m) => (m[1] ?? m[2] ?? m[3]) as string),
      ]
      for (const id of new Set(ids)) {
        const list = cited.get(id) ?? []
        list.push(name)
        cited.set(id, list)
      }
    })
  }
  return cited
}

function testFiles(folder: string): string[] {
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return []
  }
  const files: string[] = []
  for (const name of names.sort()) {
    const path = join(folder, name)
    if (name.endsWith('.test.ts')) files.push(path)
    else if (!name.includes('.') && name !== 'artifacts') files.push(...testFiles(path))
  }
  return files
}

export function ruleCoverage(entries: readonly RuleEntry[], cited: Map<string, string[]>): CoverageItem[] {
  return entries.map((entry) => ({
    id: entry.id,
    name: entry.name,
    enforcement: entry.enforcement,
    params: entry.params ?? {},
    tests: cited.get(entry.id) ?? [],
  }))
}

/**
 * `arbiter rules`: every entry of a ruleset as GameApi.catalogue gives it (an in-memory GameApi: no
 * library is read), each with the tests in this package that cite it.
 */
export async function ruleCoverageOf(ruleset: string): Promise<CoverageItem[]> {
  const api = await LocalGameApi.open(':memory:')
  try {
    const ids = (await api.rulesets()).map((known) => known.id)
    const entries = await api.catalogue(ruleset)
    const others = ids.filter((id) => id !== ruleset)
    return ruleCoverage(entries, testsCitingRules(packageRoot(), ruleset, others, ids[0] === ruleset))
  } finally {
    await api.close()
  }
}

export function coverageText(ruleset: string, items: readonly CoverageItem[]): string {
  const width = Math.max(...items.map((item) => item.id.length))
  const lines = items.map((item) => {
    const tests = item.tests.length === 0 ? 'NO TEST' : `${item.tests.length} test${item.tests.length > 1 ? 's' : ''}`
    return `${item.id.padEnd(width)}  ${item.enforcement.padEnd(9)}  ${tests.padEnd(8)}  ${item.name}`
  })
  const untested = items.filter((item) => item.tests.length === 0).length
  const counts = (['enforced', 'prompted', 'reference'] as const)
    .map((kind) => `${items.filter((item) => item.enforcement === kind).length} ${kind}`)
    .join(', ')
  lines.push('', `${ruleset}: ${items.length} entries (${counts}); ${untested} without a test`)
  return `${lines.join('\n')}\n`
}
