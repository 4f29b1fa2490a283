import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { run } from '../helpers/cli.js'

/** `arbiter import-list` on the hand-written list files of each builder, through the real importers. */
const lists = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'lists')

describe('arbiter import-list on real list files', () => {
  it('an Old World Builder Wood Elf list: the Treeman with its parameterised rules, the unmapped with their text', async () => {
    const { code, out } = await run('import-list', '--ruleset', 'old-world', join(lists, 'wood-elves.owb.json'))
    expect(code).toBe(0)
    expect(out).toContain('army: Athel Loren Patrol (Wood Elf Realms), 820 points, 5 units, ruleset old-world')
    expect(out).toContain('"Regeneration (5+)" -> rule regeneration {save: 5}')
    expect(out).toContain('"Stomp Attacks (D3+1)" -> rule stomp-attacks {X: "D3+1"}')
    expect(out).toMatch(/not mapped \(\d+\):\n.*"Wand of Wych Elm"/)
  })

  it('a New Recruit Dark Elves roster and a BattleScribe .rosz, each as JSON with its rows', async () => {
    const roster = await run('import-list', '--ruleset', 'classic', join(lists, 'dark-elves.newrecruit.json'), '--json')
    expect(roster.code).toBe(0)
    const imported = JSON.parse(roster.out) as { format: string; units: { name: string }[]; rows: unknown[] }
    expect(imported.format).toBe('new-recruit')
    expect(imported.units.length).toBeGreaterThan(3)
    expect(imported.rows.length).toBeGreaterThan(imported.units.length)
    const zipped = await run('import-list', '--ruleset', 'classic', join(lists, 'classic.rosz'), '--json')
    const plain = await run('import-list', '--ruleset', 'classic', join(lists, 'classic.ros'), '--json')
    expect(zipped.code).toBe(0)
    const units = (out: string) => (JSON.parse(out) as { units: unknown[] }).units
    expect(units(zipped.out)).toEqual(units(plain.out))
  })
})
