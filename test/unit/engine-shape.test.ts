import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * All of core/ is made of small parts (issue 15): no function over ~120 lines and no file over ~600, unless it is
 * data (a ruleset's table of variants, `*decisions*`, or a `*catalogue*`).
 */
const core = resolve(import.meta.dirname, '../../core')
const MAX_FUNCTION_LINES = 120
const MAX_FILE_LINES = 600
const isData = (file: string) => /decisions|catalogue/.test(file.split('/').pop() ?? '')

function coreFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return coreFiles(path)
    return entry.name.endsWith('.ts') ? [relative(core, path)] : []
  })
}

const checked = coreFiles(core).filter((file) => !isData(file))

/** Every function of a file (declared, expression, arrow, method) with a body, and its length in lines. */
function functionLengths(file: string): { name: string; lines: number }[] {
  const text = readFileSync(join(core, file), 'utf8')
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const lineOf = (position: number) => tree.getLineAndCharacterOfPosition(position).line
  const found: { name: string; lines: number }[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined)
      const name = `${file}:${lineOf(node.getStart()) + 1} ${named?.getText(tree) ?? '(anonymous)'}`
      found.push({ name, lines: lineOf(node.getEnd()) - lineOf(node.getStart()) + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

/** The core files a core file imports or re-exports values from (imports of types alone order no loading). */
function coreImportsOf(file: string): string[] {
  const text = readFileSync(join(core, file), 'utf8')
  const statements = [...text.matchAll(/(?:import|export) (type )?\{([^}]*)\} from '(\.\.?\/[^']+)\.js'/g)]
  const valued = statements.filter(
    ([, typeOnly, names]) =>
      !typeOnly &&
      (names ?? '')
        .split(',')
        .map((name) => name.trim())
        .some((name) => name !== '' && !name.startsWith('type ')),
  )
  return valued.map((m) => relative(core, resolve(dirname(join(core, file)), `${m[3]}.ts`)))
}

describe('core shape', () => {
  it(`no function is over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = checked
      .flatMap(functionLengths)
      .filter((fn) => fn.lines > MAX_FUNCTION_LINES)
      .map((fn) => `${fn.name}: ${fn.lines} lines`)
    expect(long).toEqual([])
  })

  it(`no file is over ${MAX_FILE_LINES} lines`, () => {
    const long = checked.filter((file) => readFileSync(join(core, file), 'utf8').split('\n').length > MAX_FILE_LINES)
    expect(long).toEqual([])
  })

  it('its files import each other without a cycle', () => {
    const graph = new Map(coreFiles(core).map((file) => [file, coreImportsOf(file)]))
    const cycles: string[] = []
    const done = new Set<string>()
    const visit = (file: string, path: string[]) => {
      if (path.includes(file)) {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '))
        return
      }
      if (done.has(file)) return
      for (const next of graph.get(file) ?? []) visit(next, [...path, file])
      done.add(file)
    }
    for (const file of graph.keys()) visit(file, [])
    expect(cycles).toEqual([])
  })

  it('core/audit imports nothing of core/api (DESIGN §1: api -> audit -> engine)', () => {
    const upward = coreFiles(core)
      .filter((file) => file.startsWith('audit/'))
      .flatMap((file) =>
        coreImportsOf(file)
          .filter((to) => to.startsWith('api/'))
          .map((to) => `${file} -> ${to}`),
      )
    expect(upward).toEqual([])
  })

  it("core/rules: no `as unknown as`, and no ruleset's file (nor a shared one) imports another ruleset's", () => {
    const rules = coreFiles(core).filter((file) => file.startsWith('rules/'))
    const folderOf = (file: string) => file.split('/')[1] ?? ''
    const text = (file: string) => readFileSync(join(core, file), 'utf8')
    expect(rules.filter((file) => text(file).includes('as unknown as'))).toEqual([])
    // rules/index.ts, the list of the rulesets, imports each; every file of a folder keeps to its own and battle/.
    const inFolders = rules.filter((file) => file.split('/').length > 2)
    const crossings = inFolders.flatMap((file) =>
      [...text(file).matchAll(/from '(\.\.?\/[^']+)\.js'/g)]
        .map((m) => relative(core, resolve(dirname(join(core, file)), `${m[1]}.ts`)))
        .filter((to) => to.startsWith('rules/') && to.split('/').length > 2)
        .filter((to) => folderOf(to) !== 'battle' && folderOf(to) !== folderOf(file))
        .map((to) => `${file} -> ${to}`),
    )
    expect(crossings).toEqual([])
  })

  it('the check sees a long function (it can fail)', () => {
    expect(functionLengths('rules/classic/magic/spell-cast.ts').some((fn) => fn.lines > 60)).toBe(true)
    expect(checked).toContain('rules/classic/magic/spell-cast.ts')
  })
})
