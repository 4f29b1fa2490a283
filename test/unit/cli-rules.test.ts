import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SEED } from '../../core/rules/classic/entries/sources.js'
import { rulesets } from '../../core/rules/index.js'
import { run } from '../helpers/cli.js'

/** The seed's entry names: "ASF<TAB>text" first, then name and text on lines of their own. */
function seedNames(path: string): string[] {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
  const [first = '', ...rest] = lines
  return [first.split('\t')[0] ?? '', ...rest.filter((_, index) => index % 2 === 0)]
}

/** How an entry names a seed entry: the spell-lore prefix (BM, PM) and a trailing value are not part of it. */
function comparable(name: string): string {
  return name
    .replace(/^(BM|PM) /, '')
    .replace(/ \d+\/\d+\+$/, '')
    .toLowerCase()
}

describe('arbiter rules: the coverage report', () => {
  it('lists every classic entry as {id, name, enforcement, params, tests}, with the tests that cite it', async () => {
    const { code, out } = await run('rules', '--ruleset', 'classic', '--json')
    expect(code).toBe(0)
    const items = JSON.parse(out) as { id: string; name: string; enforcement: string; tests: string[] }[]
    expect(items.map((item) => item.id)).toEqual(rulesets.classic?.catalogue.entries.map((entry) => entry.id))
    for (const item of items) expect(Object.keys(item)).toEqual(['id', 'name', 'enforcement', 'params', 'tests'])
    const shield = items.find((item) => item.id === 'shield')
    expect(shield?.tests.length).toBeGreaterThan(0)
    for (const test of shield?.tests ?? []) expect(test).toMatch(/^test\/(unit|scenarios)\/[a-z0-9-]+\.test\.ts > ./)
  })

  it("lists each entry's parameters by name with their defaults, as a list writes them", async () => {
    for (const ruleset of ['classic', 'old-world'] as const) {
      const { out } = await run('rules', '--ruleset', ruleset, '--json')
      const items = JSON.parse(out) as { id: string; params: Record<string, unknown> }[]
      const entries = rulesets[ruleset]?.catalogue.entries ?? []
      for (const item of items)
        expect(item.params, item.id).toEqual(entries.find((e) => e.id === item.id)?.params ?? {})
    }
    const classic = JSON.parse((await run('rules', '--ruleset', 'classic', '--json')).out) as { id: string }[]
    expect(classic.find((item) => item.id === 'regeneration')).toMatchObject({ params: { save: 4 } })
    expect(classic.find((item) => item.id === 'break-test')).toMatchObject({ params: {} })
    const oldWorld = JSON.parse((await run('rules', '--ruleset', 'old-world', '--json')).out) as { id: string }[]
    expect(oldWorld.find((item) => item.id === 'stomp-attacks')).toMatchObject({ params: { X: 'D6' } })
  })

  it('prints a table with a count of entries by enforcement', async () => {
    const { code, out } = await run('rules', '--ruleset', 'classic')
    expect(code).toBe(0)
    expect(out).toMatch(/^shield +enforced +\d+ tests? +Shield$/m)
    expect(out).toMatch(/classic: \d+ entries \(\d+ enforced, \d+ prompted, \d+ reference\); \d+ without a test/)
  })

  it('refuses a ruleset it does not know, suggesting the nearest', async () => {
    const { code, err } = await run('rules', '--ruleset', 'classik')
    expect(code).toBe(2)
    expect(err).toContain('no ruleset "classik"; did you mean "classic"?')
  })
})

describe('the classic catalogue holds seed 000 whole', () => {
  // The seed as the project was given it, copied into the repository so the tests need nothing outside it.
  const names = seedNames(new URL('../fixtures/seeds/000_47f9f7e6ea2b5b50.txt', import.meta.url).pathname)
  const entries = rulesets.classic?.catalogue.entries ?? []

  it('reads 49 entries from the seed', () => {
    expect(names).toHaveLength(49)
  })

  it('has one entry from the seed for each, enforced or prompted, each shown by a test', async () => {
    const { out } = await run('rules', '--ruleset', 'classic', '--json')
    const tested = new Map((JSON.parse(out) as { id: string; tests: string[] }[]).map((item) => [item.id, item.tests]))
    const missing: string[] = []
    for (const name of names) {
      const entry = entries.find((e) => e.source === SEED && comparable(e.name) === comparable(name))
      if (!entry) missing.push(`${name}: no entry`)
      else if (entry.enforcement === 'reference' && !/reference because/i.test(entry.text + JSON.stringify(entry)))
        missing.push(`${name}: reference only, without saying why`)
      else if ((tested.get(entry.id) ?? []).length === 0) missing.push(`${name}: no test cites classic/${entry.id}`)
    }
    expect(missing).toEqual([])
  })
})
