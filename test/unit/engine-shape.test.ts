import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The engine is made of small parts (issue 15): no file over ~600 lines, and no import cycle among them. */
const folder = resolve(import.meta.dirname, '../../core/engine')
const files = readdirSync(folder).filter((file) => file.endsWith('.ts'))
const source = (file: string) => readFileSync(join(folder, file), 'utf8')

/**
 * The engine files a file imports values from: an import of types alone is erased when built, so
 * it orders no module's loading (the type modules, types.ts, effects.ts, outcomes.ts and
 * catalogue.ts, name each other's types).
 */
function importsOf(file: string): string[] {
  const statements = [...source(file).matchAll(/import (type )?\{([^}]*)\} from '(\.\/[^']+)\.js'/g)]
  const valued = statements.filter(
    ([, typeOnly, names]) =>
      !typeOnly &&
      (names ?? '')
        .split(',')
        .map((name) => name.trim())
        .some((name) => name !== '' && !name.startsWith('type ')),
  )
  return valued.map((m) => resolve(dirname(join(folder, file)), `${m[3]}.ts`).slice(folder.length + 1))
}

describe('core/engine shape', () => {
  it('no file is over 600 lines', () => {
    const long = files.filter((file) => source(file).split('\n').length > 600)
    expect(long).toEqual([])
  })

  it('its files import each other without a cycle', () => {
    const graph = new Map(files.map((file) => [file, importsOf(file)]))
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
    for (const file of files) visit(file, [])
    expect(cycles).toEqual([])
  })
})
