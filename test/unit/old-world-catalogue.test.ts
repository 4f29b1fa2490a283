import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { rulesets } from '../../core/rules/index.js'
import { SEED } from '../../core/rules/old-world/entries/sources.js'
import { run } from '../helpers/cli.js'

/** The seed's entries: blocks of lines between blank lines, after the "Treemen" heading, with their line numbers. */
function seedBlocks(path: string): { first: number; last: number; text: string }[] {
  const lines = readFileSync(path, 'utf8').split('\n')
  const blocks: { first: number; last: number; text: string }[] = []
  let start = -1
  lines.forEach((line, index) => {
    if (line.trim() !== '' && start < 0) start = index
    if ((line.trim() === '' || index === lines.length - 1) && start >= 0) {
      const end = line.trim() === '' ? index - 1 : index
      blocks.push({ first: start + 1, last: end + 1, text: lines.slice(start, end + 1).join(' ') })
      start = -1
    }
  })
  return blocks.filter((block) => block.text.trim() !== 'Treemen')
}

/** The seed's words without its bullets, line breaks and the full stops an entry puts where a bullet ended. */
function words(text: string): string {
  return text.replace(/[•.]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase()
}

describe('the Old World catalogue holds seed 001 whole', () => {
  const blocks = seedBlocks(new URL('../fixtures/seeds/001_dacc9ffbb72e8b95.txt', import.meta.url).pathname)
  const entries = rulesets['old-world']?.catalogue.entries ?? []

  it('reads 17 entries from the seed, under its "Treemen" heading', () => {
    expect(blocks).toHaveLength(17)
  })

  it('has one entry for each, naming its seed lines, with the seed words, enforced or prompted, each shown by a test', async () => {
    const { out } = await run('rules', '--ruleset', 'old-world', '--json')
    const tested = new Map((JSON.parse(out) as { id: string; tests: string[] }[]).map((item) => [item.id, item.tests]))
    const missing: string[] = []
    for (const block of blocks) {
      const entry = entries.find((e) => e.source === `${SEED} lines ${block.first}-${block.last}`)
      if (!entry) missing.push(`lines ${block.first}-${block.last}: no entry`)
      else if (words(entry.text) !== words(block.text)) missing.push(`${entry.id}: its text is not the seed's words`)
      else if (entry.enforcement === 'reference') missing.push(`${entry.id}: reference only`)
      else if ((tested.get(entry.id) ?? []).length === 0)
        missing.push(`${entry.id}: no test cites old-world/${entry.id}`)
    }
    expect(missing).toEqual([])
  })

  it('gives the unnamed entries their Old World names', () => {
    const names = entries.filter((e) => e.source.startsWith(SEED)).map((e) => e.name)
    for (const name of ['Armour Bane', 'Flammable', 'Immune to Psychology', 'Magical Attacks', 'Regeneration'])
      expect(names).toContain(name)
    for (const name of ['Stomp Attacks', 'Stubborn', 'Terror', 'Close Order', 'Tree Spirit', 'Large Target'])
      expect(names).toContain(name)
    for (const name of ['Timber!', 'Tree Whack', 'Hatred']) expect(names).toContain(name)
  })

  it('arbiter rules --ruleset old-world prints the coverage table', async () => {
    const { code, out } = await run('rules', '--ruleset', 'old-world')
    expect(code).toBe(0)
    expect(out).toMatch(/^regeneration +enforced +\d+ tests? +Regeneration$/m)
    expect(out).toMatch(/old-world: \d+ entries \(\d+ enforced, \d+ prompted, \d+ reference\); 0 without a test/)
  })
})
