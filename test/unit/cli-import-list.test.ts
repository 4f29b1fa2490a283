import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { MAX_LIST_BYTES } from '../../core/api/index.js'
import { sha256Hex } from '../../core/store/index.js'
import { openApi } from '../helpers/api-game.js'
import { unitDef } from '../helpers/classic-game.js'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

// The Old World Builder importer as a test-only stand-in until the real one lands (test/helpers/fake-owb-importer.ts).
vi.mock('../../core/lists/owb.js', async () => import('../helpers/fake-owb-importer.js'))

const tempDir = useTempDir()
const elf = { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8 }

function listFile(dir: string, name = 'patrol.owb.json'): string {
  const path = join(dir, name)
  writeFileSync(
    path,
    JSON.stringify({
      name: 'Border patrol',
      faction: 'Wood Elf Realms',
      units: [
        { name: 'Glade Guard', models: 10, profile: elf },
        { name: 'Eternal Guard', models: 12 },
      ],
    }),
  )
  return path
}

function folderPrint(folder: string): unknown {
  return readdirSync(folder)
    .sort()
    .map((name) => {
      const path = join(folder, name)
      return { name, sha256: sha256Hex(readFileSync(path)), mtimeMs: statSync(path).mtimeMs }
    })
}

describe('arbiter import-list (issue 20 item 6)', () => {
  it('prints the import report: mapped, not mapped with the text, needs, and where each profile came from', async () => {
    const path = listFile(tempDir())
    const result = await run('import-list', '--ruleset', 'old-world', path)
    expect(result.err).toBe('')
    expect(result.code).toBe(0)
    const hash = sha256Hex(readFileSync(path))
    expect(result.out).toBe(
      [
        `patrol.owb.json: owb, sha256 ${hash}`,
        'army: Border patrol (Wood Elf Realms), 2 units, ruleset old-world',
        'mapped (1):',
        '  Core > Glade Guard: "Glade Guard" -> Glade Guard (file)',
        'mapped with assumptions (0):',
        'not mapped (1):',
        '  Core > Eternal Guard: "Eternal Guard" (no profile)',
        'needs (1):',
        '  u2: profile: Eternal Guard: the file has no stat line',
        'profiles:',
        '  Glade Guard (u1): from the file',
        '  Eternal Guard (u2): from the player',
        '',
      ].join('\n'),
    )
    const json = await run('import-list', '--ruleset', 'old-world', path, '--json')
    expect(JSON.parse(json.out)).toMatchObject({
      fileHash: hash,
      format: 'owb',
      profiles: { u1: 'file', u2: 'player' },
    })
  })

  it("with --db, takes profiles from that database's unit library and says so, changing no byte of its folder", async () => {
    const folder = join(tempDir(), 'library')
    mkdirSync(folder)
    const api = await openApi(folder, 'games.sqlite')
    const guard = unitDef('guard', { name: 'Eternal Guard', profile: elf })
    await api.saveLibraryUnit('old-world', 'Wood Elf Realms', guard, 'typed by a player')
    await api.close()
    const path = listFile(tempDir())
    const before = folderPrint(folder)
    const result = await run('import-list', '--ruleset', 'old-world', path, '--db', join(folder, 'games.sqlite'))
    expect(result.code, result.err).toBe(0)
    expect(result.out).toContain('  Eternal Guard (u2): from the unit library: typed by a player\n')
    expect(result.out).toContain('needs (0):')
    expect(folderPrint(folder)).toEqual(before)
  })

  it('refuses a file of no known kind, one too large, a missing file, an unknown ruleset, each in one line', async () => {
    const dir = tempDir()
    const text = join(dir, 'army.txt')
    writeFileSync(text, 'Spearmen x20')
    const wrong = await run('import-list', '--ruleset', 'old-world', text)
    expect(wrong).toMatchObject({ code: 1, out: '' })
    expect(wrong.err).toMatch(/^arbiter import-list: list\/unknown-format: army.txt: not a list Arbiter reads/)
    const big = join(dir, 'big.owb.json')
    writeFileSync(big, Buffer.alloc(MAX_LIST_BYTES + 1, 32))
    const large = await run('import-list', '--ruleset', 'old-world', big)
    expect(large.code).toBe(1)
    expect(large.err).toBe(
      `arbiter import-list: list/too-large: big.owb.json: ${MAX_LIST_BYTES + 1} bytes is more than any army list ` +
        `(at most ${MAX_LIST_BYTES} bytes)\n`,
    )
    const missing = await run('import-list', '--ruleset', 'old-world', join(dir, 'gone.owb.json'))
    expect(missing.code).toBe(1)
    expect(missing.err).toBe(`arbiter import-list: ${join(dir, 'gone.owb.json')} does not exist\n`)
    const ruleset = await run('import-list', '--ruleset', 'old-wrld', listFile(dir))
    expect(ruleset.code).toBe(2)
    expect(ruleset.err).toContain('no ruleset "old-wrld"; did you mean "old-world"?')
    const noFile = await run('import-list', '--ruleset', 'old-world')
    expect(noFile.code).toBe(2)
    expect(noFile.err).toContain('give the list FILE to read')
    const noDb = await run('import-list', '--ruleset', 'old-world', listFile(dir), '--db', join(dir, 'none.sqlite'))
    expect(noDb.code).toBe(1)
    expect(readdirSync(dir).sort()).toEqual(['army.txt', 'big.owb.json', 'patrol.owb.json'])
  })

  it('is in the overview and explains itself', async () => {
    expect((await run('--help')).out).toContain('import-list')
    const help = await run('import-list', '--help')
    expect(help.code).toBe(0)
    expect(help.out).toContain(`usage: node bin/arbiter.js import-list --ruleset ID FILE [--json] [--db FILE]`)
    expect(help.out).toContain('.owb.json')
  })
})
