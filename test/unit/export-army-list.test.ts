import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { listImportedPayload } from '../../core/api/index.js'
import { openApi, refusal } from '../helpers/api-game.js'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

/**
 * A mustered army written back as an Old World Builder list (issue 20 §5) through the api and `arbiter export-list`:
 * the Wood Elf list imported, its needs typed, mustered; exported; imported again, it is the same army.
 */
const tempDir = useTempDir()
const lists = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'lists')
const players = [
  { id: 'p1', name: 'Athel Loren' },
  { id: 'p2', name: 'Orcs' },
]
const elf = { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8 }

describe("a player's army exported as .owb.json", () => {
  it('imports again as the army the game mustered, faction and all; nothing is recorded', async () => {
    const dir = tempDir()
    const db = join(dir, 'games.sqlite')
    const api = await openApi(dir, 'games.sqlite')
    const { gameId } = await api.createGame({ ruleset: 'old-world', players, actor: 'p1' })
    const bytes = readFileSync(join(lists, 'wood-elves.owb.json')).toString('base64')
    const read = await api.importList('old-world', 'wood-elves.owb.json', bytes)
    await api.append(gameId, { type: 'ListImported', actor: 'p1', payload: listImportedPayload('p1', read) })
    // What only the player knows: the stat lines the file lacks (the Treeman's comes from the catalogue).
    const needy = new Set(read.needs.filter((need) => need.what === 'profile').map((need) => need.unit))
    const units = read.units.map((unit) => (needy.has(unit.id) ? { ...unit, profile: elf } : unit))
    await api.append(gameId, {
      type: 'ArmyMustered',
      actor: 'p1',
      payload: { player: 'p1', units, list: read.fileHash },
    })
    const head = (await api.exportGame(gameId)).text
    expect((await refusal(api.exportArmy(gameId, 'p2'))).message).toContain('p2 has mustered no army to export')
    await api.close()

    const out = join(dir, 'again.owb.json')
    const exported = await run('export-list', '--db', db, '--game', gameId, '--player', 'p1', '--out', out)
    expect(exported.code, exported.err).toBe(0)
    const again = await run('import-list', '--ruleset', 'old-world', out, '--json')
    const reread = JSON.parse(again.out) as { army: { faction: string }; units: { id: string; models: number }[] }
    expect(reread.army.faction).toBe('Wood Elf Realms')
    const shape = (list: readonly { name: string; models: number; rules?: unknown; points?: unknown }[]) =>
      list.map(({ name, models, rules, points }) => ({ name, models, rules, points }))
    expect(shape(reread.units as never)).toEqual(shape(units as never))
    // Read-only: the game's log is as it was.
    const after = await openApi(dir, 'games.sqlite')
    expect((await after.exportGame(gameId)).text).toBe(head)
    await after.close()
  })
})
