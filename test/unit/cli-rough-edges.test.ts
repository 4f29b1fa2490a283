import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportText, LocalGameApi } from '../../core/api/index.js'
import { EventStore, toJsonl } from '../../core/store/index.js'
import { rechain, run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
const root = process.cwd()

/** The demo game; `events` is how many it has, as demo reports it. */
async function demo(dir = tempDir()): Promise<{ dir: string; db: string; gameId: string; events: number }> {
  const db = join(dir, 'demo.sqlite')
  const result = await run('demo', '--db', db)
  expect(result.code).toBe(0)
  const events = Number(/: (\d+) events;/.exec(result.out)?.[1])
  return { dir, db, gameId: result.out.trimEnd().split('\n').at(-1) as string, events }
}

/** Bytes and modification time, to show a file was not touched. */
function fingerprint(file: string): { bytes: string; mtimeMs: number } {
  return { bytes: readFileSync(file).toString('base64'), mtimeMs: statSync(file).mtimeMs }
}

const commandNames = ['demo', 'new', 'muster', 'declare', 'roll', 'choose', 'status', 'games', 'replay', 'export']

describe('a new user runs node bin/arbiter.js', () => {
  it('the README shows every command as node bin/arbiter.js, never a bare arbiter nor the slow npx', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const blocks = [...readme.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1] as string).join('\n')
    const bare = blocks.split('\n').filter((line) => /(^|\$ |\|\s*)arbiter /.test(line.trim()))
    expect(bare).toEqual([])
    expect(blocks).not.toContain('npx arbiter')
    expect(readme).toContain('node bin/arbiter.js new')
  })

  it('the command line shows node bin/arbiter.js in its usage, help and hints', async () => {
    expect((await run('--help')).out).toMatch(/^usage: node bin\/arbiter\.js <command>/)
    for (const name of commandNames) expect((await run(name, '--help')).out).toMatch(/^usage: node bin\/arbiter\.js /)
    const { out } = await run('demo', '--db', join(tempDir(), 'd.sqlite'))
    expect(out).toContain('  node bin/arbiter.js replay --db ')
    expect(out).not.toMatch(/^ {2}arbiter /m)
  })
})

describe('the README stands alone', () => {
  it('links nothing outside the repository, and its architecture page is in docs/', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    expect(readme).not.toMatch(/\.\.\//)
    expect(readme).toContain('(docs/architecture.md)')
    const architecture = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8')
    expect(architecture).toMatch(/## Events/)
    expect(architecture).not.toMatch(/\.\.\/shared|DESIGN\.md/)
  })

  it('keeps exactly two set-up commands on top', () => {
    const first = /```sh\n([\s\S]*?)```/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1] ?? ''
    expect(first.trimEnd().split('\n')).toHaveLength(2)
    expect(first).toMatch(/^npm ci && npm start /)
    expect(first).toMatch(/\nnpm test /)
  })
})

describe('export', () => {
  it('counts the events it wrote, not the closing line, and writes the same bytes as toJsonl', async () => {
    const { dir, db, gameId, events } = await demo()
    const out = join(dir, 'game.jsonl')
    const result = await run('export', '--db', db, '--game', gameId, '--out', out)
    expect(result).toMatchObject({ code: 0, out: `exported ${events} events to ${out}\n` })
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(events + 1)
    const store = EventStore.open(db, { readOnly: true })
    expect(readFileSync(out, 'utf8')).toBe(toJsonl(store.readEvents(gameId)))
    store.close()
  })

  it('pages of any size join into the same text', async () => {
    const { db, gameId, events } = await demo()
    const api = await LocalGameApi.open(db, { readOnly: true })
    const whole = await exportText(api, gameId)
    let paged = ''
    for (let fromSeq: number | null = 1; fromSeq !== null; ) {
      const page = await api.exportGame(gameId, { fromSeq, limit: 4 })
      paged += page.text
      fromSeq = page.nextSeq
    }
    expect(paged).toBe(whole)
    expect(whole.trimEnd().split('\n')).toHaveLength(events + 1)
    await api.close()
  })
})

describe('export never loses a file', () => {
  it('refuses to write over the database it reads', async () => {
    const { db, gameId } = await demo()
    const before = fingerprint(db)
    const result = await run('export', '--db', db, '--game', gameId, '--out', db)
    expect(result).toMatchObject({ code: 1, err: expect.stringContaining('is the database being read') })
    expect(fingerprint(db)).toEqual(before)
  })

  it('a game that stops verifying halfway leaves an earlier export as it was, and no partial file', async () => {
    const { dir, db, gameId, events } = await demo()
    const out = join(dir, 'game.jsonl')
    writeFileSync(out, 'the earlier export\n')
    const Database = (await import('better-sqlite3')).default
    const raw = new Database(db)
    raw.exec('DROP TRIGGER events_refuse_update')
    raw.prepare(`UPDATE events SET payload = '{"text":"edited"}' WHERE seq = ?`).run(events)
    raw.close()
    const result = await run('export', '--db', db, '--game', gameId, '--out', out)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(new RegExp(`store/chain-broken: game .* seq ${events}: hash does not match`))
    expect(readFileSync(out, 'utf8')).toBe('the earlier export\n')
    expect(readdirSync(dir).sort()).toEqual(['demo.sqlite', 'game.jsonl'])
  })
})

describe('a folder where a file is expected, and a closed pipe', () => {
  it('verify, import and export name the folder in one line and exit 1', async () => {
    const { dir, db, gameId } = await demo()
    const folder = join(dir, 'folder')
    mkdirSync(folder)
    for (const argv of [
      ['verify', folder],
      ['import', '--db', join(dir, 'new.sqlite'), folder],
      ['export', '--db', db, '--game', gameId, '--out', folder],
      ['muster', folder, '--db', db, '--game', gameId],
    ]) {
      const result = await run(...argv)
      expect(result.code, argv[0]).toBe(1)
      expect(result.err, argv[0]).toMatch(new RegExp(`^arbiter ${argv[0]}: .*folder is a folder`))
      expect(result.err.trimEnd().split('\n'), argv[0]).toHaveLength(1)
    }
    expect(existsSync(join(dir, 'new.sqlite'))).toBe(false)
    expect(readdirSync(folder)).toEqual([])
  })

  it('a reader that closes the pipe early (| head) ends the command quietly', async () => {
    const { db, gameId } = await demo()
    const child = spawn(process.execPath, [join(root, 'bin', 'arbiter.js'), 'replay', '--db', db, '--game', gameId])
    child.stdout.destroy() // the reader is gone before the first line is written
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const code = await new Promise<number | null>((done) => child.on('close', done))
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })
})

/** A game's exported envelopes, without the closing line, ready to be changed and re-chained. */
async function exportedEvents(db: string, gameId: string) {
  const api = await LocalGameApi.open(db, { readOnly: true })
  const text = await exportText(api, gameId)
  await api.close()
  return text
    .trimEnd()
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line))
}

describe('a failed import leaves no database behind', () => {
  it('when the rules refuse an event of a well-chained file', async () => {
    const { dir, db, gameId } = await demo()
    const events = await exportedEvents(db, gameId)
    // the first roll gets one die more than its request asks for: re-chained, so only the rules object
    const roll = events.findIndex((event) => event.type === 'DiceRolled')
    events[roll].payload.faces.push(6)
    rechain(events)
    const file = join(dir, 'forged.jsonl')
    writeFileSync(file, toJsonl(events))
    const target = join(dir, 'fresh.sqlite')
    const result = await run('import', '--db', target, file)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(new RegExp(`import/bad-line: line ${roll + 1} \\(seq ${roll + 1}\\): .*dice`))
    expect(existsSync(target)).toBe(false)
    expect(readdirSync(dir).filter((name) => name.startsWith('fresh'))).toEqual([])
  })
})

describe('import takes payloads only in the form Arbiter writes', () => {
  it('a well-chained file whose payload lacks a field its schema fills in is refused, naming the line', async () => {
    const { dir, db, gameId } = await demo()
    const events = await exportedEvents(db, gameId)
    // CombatJoined as a person might write it: "supporting" left to its default. Re-chained, so only the form objects.
    const joined = events.findIndex((event) => event.type === 'CombatJoined')
    delete events[joined].payload.contact[0].supporting
    rechain(events)
    const file = join(dir, 'unnormalised.jsonl')
    writeFileSync(file, toJsonl(events))
    const target = join(dir, 'fresh.sqlite')
    const result = await run('import', '--db', target, file)
    expect(result.code).toBe(1)
    expect(result.err).toContain(
      `import/bad-line: line ${joined + 1} (seq ${joined + 1}): the CombatJoined payload is not in the form Arbiter writes`,
    )
    expect(existsSync(target)).toBe(false)
  })
})

describe('commands that only read never create or change a file', () => {
  it('a 0-byte file and a text file are refused and left byte-identical', async () => {
    const dir = tempDir()
    const empty = join(dir, 'empty.sqlite')
    const text = join(dir, 'notes.txt')
    writeFileSync(empty, '')
    writeFileSync(text, 'Orc Boyz x20\n')
    for (const file of [empty, text]) {
      const before = fingerprint(file)
      for (const argv of [
        ['games', '--db', file],
        ['replay', '--db', file, '--game', 'g'],
        ['status', '--db', file, '--game', 'g'],
        ['verify', '--db', file, '--game', 'g'],
        ['export', '--db', file, '--game', 'g', '--out', join(dir, 'out.jsonl')],
      ]) {
        const result = await run(...argv)
        expect(result.code, argv.join(' ')).toBe(1)
        expect(result.err, argv.join(' ')).toMatch(/store\/not-a-database: .* is not an Arbiter database/)
      }
      expect(fingerprint(file)).toEqual(before)
    }
    expect(readdirSync(dir).sort()).toEqual(['empty.sqlite', 'notes.txt'])
  })

  it('a missing file is not created', async () => {
    const dir = tempDir()
    const result = await run('games', '--db', join(dir, 'nothing.sqlite'))
    expect(result).toMatchObject({ code: 1, err: expect.stringContaining('store/no-database') })
    expect(readdirSync(dir)).toEqual([])
  })

  it('games, replay, status, verify and export leave a database byte-identical, with no side files', async () => {
    const { dir, db, gameId } = await demo()
    await new Promise((done) => setTimeout(done, 20)) // a write now would show in the mtime
    const before = fingerprint(db)
    const game = ['--db', db, '--game', gameId]
    for (const argv of [
      ['games', '--db', db],
      ['replay', ...game, '--explain'],
      ['status', ...game],
      ['verify', ...game],
      ['export', ...game, '--out', join(dir, 'out.jsonl')],
    ]) {
      expect((await run(...argv)).code, argv[0]).toBe(0)
    }
    expect(fingerprint(db)).toEqual(before)
    expect(readdirSync(dir).sort()).toEqual(['demo.sqlite', 'out.jsonl'])
  })

  it('a database of an unknown schema version is refused by name', async () => {
    const dir = tempDir()
    const file = join(dir, 'future.sqlite')
    const api = await LocalGameApi.open(file)
    await api.close()
    const Database = (await import('better-sqlite3')).default
    const raw = new Database(file)
    raw.pragma('user_version = 99')
    raw.close()
    const result = await run('games', '--db', file)
    expect(result).toMatchObject({ code: 1, err: expect.stringContaining('store/newer-database') })
  })
})

describe('games', () => {
  it('says there are no games in an empty database', async () => {
    const file = join(tempDir(), 'library.sqlite')
    const api = await LocalGameApi.open(file)
    await api.close()
    expect(await run('games', '--db', file)).toMatchObject({ code: 0, out: `there are no games in ${file}\n` })
  })
})

describe('help and typos', () => {
  it('every command explains each of its flags and gives an example', async () => {
    for (const name of [...commandNames, 'import', 'verify']) {
      const { code, out } = await run(name, '--help')
      expect(code, name).toBe(0)
      expect(out, name).toMatch(/\nflags:\n/)
      expect(out, name).toMatch(/\nexamples?:\n {2}node bin\/arbiter\.js /)
      const flagLines = out.split('flags:\n')[1]?.split('\n\n')[0]?.split('\n') ?? []
      for (const line of flagLines) expect(line, `${name}: ${line}`).toMatch(/^ {2}--\S+.*\S {2,}\S/)
    }
    const replay = (await run('replay', '--help')).out
    expect(replay).toMatch(/--verify +check the hash chain first: this is the default/)
    expect(replay).toMatch(/--current-rules +replay a game recorded under another version of the rules/)
    expect((await run('help', 'roll')).out).toMatch(/--app +roll with the app's random dice/)
  })

  it('a mistyped flag gets the nearest flag suggested', async () => {
    const result = await run('replay', '--db', 'x.sqlite', '--gmae', 'g')
    expect(result.code).toBe(2)
    expect(result.err).toMatch(/^arbiter replay: unknown flag --gmae; did you mean --game\?\n/)
    expect((await run('export', '--db', 'x', '--game', 'g', '--output', 'f')).err).toContain('did you mean --out?')
    expect((await run('games', '--frobnicate')).err).toContain(
      'unknown flag --frobnicate (this command takes --db, --help)',
    )
  })

  it('a mistyped command gets the nearest command suggested', async () => {
    const result = await run('replya', '--db', 'x')
    expect(result.code).toBe(2)
    expect(result.err).toMatch(/^arbiter: unknown command "replya"; did you mean "replay"\?\n/)
    expect((await run('statsu')).err).toContain('did you mean "status"?')
  })
})
