import { execFile } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { EventStore } from '../../core/store/index.js'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

async function demo(dir: string): Promise<{ db: string; gameId: string }> {
  const db = join(dir, 'demo.sqlite')
  const result = await run('demo', '--db', db)
  expect(result.code).toBe(0)
  const gameId = result.out.trimEnd().split('\n').at(-1) as string
  expect(gameId).toMatch(/^[0-9a-f-]{36}$/)
  return { db, gameId }
}

async function exported(dir: string): Promise<{ file: string; lines: string[] }> {
  const { db, gameId } = await demo(dir)
  const file = join(dir, 'game.jsonl')
  expect((await run('export', '--db', db, '--game', gameId, '--out', file)).code).toBe(0)
  return { file, lines: readFileSync(file, 'utf8').trimEnd().split('\n') }
}

describe('arbiter demo and replay', () => {
  it('demo creates a sample game and prints its id on the last line', async () => {
    const { db, gameId } = await demo(tempDir())
    const store = EventStore.open(db, { mustExist: true })
    expect(store.game(gameId)).toMatchObject({ ruleset: 'classic', headSeq: 25 })
    store.close()
  })

  it('replay prints every step with its outcome and the requests it opened', async () => {
    const { db, gameId } = await demo(tempDir())
    const { code, out } = await run('replay', '--db', db, '--game', gameId)
    expect(code).toBe(0)
    // Each step names the host that recorded it (issue 17 item 1): the demo was recorded by this command line.
    expect(out).toContain('#7 DiceRolled (orcs via cli): Orc Boyz scores 3 hits of 5')
    expect(out).toContain('-> request 8.1: Dark Elf Warriors: roll 2 D6 armour saves, 5+')
    expect(out).toContain('#12 DiceRolled (orcs via cli): Orc Boyz loses 2 models (25 -> 23)')
    expect(out.trimEnd().split('\n').at(-1)).toBe('replayed 25 events; no request is open')
  })

  it('replay --explain prints the explanation trees with rule citations and seqs', async () => {
    const { db, gameId } = await demo(tempDir())
    const { out } = await run('replay', '--db', db, '--game', gameId, '--explain', '--verify')
    expect(out).toContain('needs 4+ to hit (classic/to-hit-close-combat §chart) <- seq 2, 3')
    expect(out).toContain('light armour: 6+ (classic/light-armour §save)')
    expect(out).toContain('1 model removed: 1 unsaved x 1 Wound against W 1 (classic/casualties §fill-up) <- seq 9')
  })

  it('replay --json prints one JSON object a line; with --explain the trees are included', async () => {
    const { db, gameId } = await demo(tempDir())
    const plain = (await run('replay', '--db', db, '--game', gameId, '--json')).out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(plain).toHaveLength(25)
    expect(plain[6]).toMatchObject({ seq: 7, type: 'DiceRolled', outcomes: [{ kind: 'hits', values: { hits: 3 } }] })
    expect(JSON.stringify(plain)).not.toContain('"explanation"')
    const explained = (await run('replay', '--db', db, '--game', gameId, '--json', '--explain')).out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(explained[8].outcomes[0].explanation.rule).toEqual({
      ruleset: 'classic',
      id: 'casualties',
      clause: 'fill-up',
    })
  })

  it('two replays print byte-identical output', async () => {
    const { db, gameId } = await demo(tempDir())
    const a = await run('replay', '--db', db, '--game', gameId, '--json', '--explain')
    const b = await run('replay', '--db', db, '--game', gameId, '--json', '--explain')
    expect(b.out).toBe(a.out)
  })
})

describe('arbiter export, verify and import', () => {
  it('an exported file verifies, imports into another database and replays the same', async () => {
    const dir = tempDir()
    const { file } = await exported(dir)
    expect(await run('verify', file)).toMatchObject({
      code: 0,
      out: expect.stringMatching(
        /^OK .*: 25 events, chain intact, head [0-9a-f]{64}\nrules: every event replays; unsigned: no player has a key in this game\n$/,
      ),
    })
    const other = join(dir, 'other.sqlite')
    const imported = await run('import', '--db', other, file)
    expect(imported.code).toBe(0)
    const gameId = imported.out.match(/imported game (\S+) \(25 events\)/)?.[1] as string
    expect(await run('verify', '--db', other, '--game', gameId)).toMatchObject({ code: 0 })
    expect((await run('replay', '--db', other, '--game', gameId)).out).toContain('replayed 25 events')
  })

  it('verify catches a changed payload and names its line', async () => {
    const dir = tempDir()
    const { file, lines } = await exported(dir)
    lines[6] = (lines[6] as string).replace('"faces":[4,4,3,2,6]', '"faces":[4,4,3,2,5]')
    writeFileSync(file, `${lines.join('\n')}\n`)
    const result = await run('verify', file)
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/BROKEN .*: line 7 \(seq 7\): hash does not match the event's content: it was changed/)
  })

  it('verify catches a removed line and names where the gap is', async () => {
    const dir = tempDir()
    const { file, lines } = await exported(dir)
    lines.splice(4, 1)
    writeFileSync(file, `${lines.join('\n')}\n`)
    const result = await run('verify', file)
    expect(result.code).toBe(1)
    expect(result.out).toMatch(
      /line 5: seq 6 where seq 5 was expected: a line is missing or the lines are out of order/,
    )
  })

  it('verify catches two swapped lines and names the first', async () => {
    const dir = tempDir()
    const { file, lines } = await exported(dir)
    ;[lines[8], lines[9]] = [lines[9] as string, lines[8] as string]
    writeFileSync(file, `${lines.join('\n')}\n`)
    const result = await run('verify', file)
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/line 9: seq 10 where seq 9 was expected/)
  })

  it('verify catches a file cut short at the end', async () => {
    const dir = tempDir()
    const { file, lines } = await exported(dir)
    writeFileSync(file, `${lines.slice(0, 10).join('\n')}\n`)
    const result = await run('verify', file)
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/line 11: the file ends after seq 10 without its closing line/)
  })

  it('import of a tampered file names the line and writes nothing', async () => {
    const dir = tempDir()
    const { file, lines } = await exported(dir)
    lines[2] = (lines[2] as string).replace('"models":25', '"models":30')
    writeFileSync(file, `${lines.join('\n')}\n`)
    const other = join(dir, 'other.sqlite')
    const result = await run('import', '--db', other, file)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/import\/bad-line: line 3 \(seq 3\): hash does not match/)
    expect(existsSync(other)).toBe(false)
  })

  it('verify --db names the first bad seq of a stored game', async () => {
    const dir = tempDir()
    const { db, gameId } = await demo(dir)
    const result = await run('verify', '--db', db, '--game', gameId)
    expect(result).toMatchObject({ code: 0 })
    expect((await run('verify', '--db', db, '--game', 'no-such-game')).code).toBe(1)
  })
})

describe('arbiter arguments', () => {
  it('bad arguments exit 2 with a usage line', async () => {
    for (const argv of [
      [],
      ['frobnicate'],
      ['replay', '--db', 'x.sqlite'],
      ['replay', '--bogus'],
      ['verify', 'a.jsonl', 'b.jsonl'],
      ['import', '--db', 'x.sqlite'],
      ['export', '--db', 'x', '--game', 'g'],
    ]) {
      const result = await run(...argv)
      expect(result.code, argv.join(' ')).toBe(2)
      expect(result.err, argv.join(' ')).toMatch(/usage: node bin\/arbiter\.js/)
    }
  })

  it('--help works on every command', async () => {
    for (const command of ['demo', 'games', 'replay', 'export', 'import', 'verify']) {
      const result = await run(command, '--help')
      expect(result.code, command).toBe(0)
      expect(result.out, command).toMatch(new RegExp(`^usage: node bin/arbiter\\.js ${command}`))
    }
    expect((await run('--help')).out).toMatch(/commands:/)
  })

  it('a file that is not a SQLite database is refused, named and left untouched', async () => {
    const dir = tempDir()
    const file = join(dir, 'notes.txt')
    writeFileSync(file, 'this is a shopping list, not a database\n')
    const result = await run('replay', '--db', file, '--game', 'x')
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/store\/not-a-database: .*notes.txt is not an Arbiter database/)
    expect(readFileSync(file, 'utf8')).toBe('this is a shopping list, not a database\n')
    expect(existsSync(`${file}-wal`)).toBe(false)
  })

  it('the installed bin runs the built command line (node bin/arbiter.js)', async () => {
    const dir = tempDir()
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(process.cwd(), 'bin', 'arbiter.js'),
      'demo',
      '--db',
      join(dir, 'bin.sqlite'),
    ])
    expect(stdout.trimEnd().split('\n').at(-1)).toMatch(/^[0-9a-f-]{36}$/)
    const bad = await promisify(execFile)(process.execPath, [join(process.cwd(), 'bin', 'arbiter.js'), 'replay']).catch(
      (e: { code: number; stderr: string }) => e,
    )
    expect(bad).toMatchObject({ code: 2 })
  })
})
