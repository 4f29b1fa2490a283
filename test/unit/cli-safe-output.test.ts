import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportText, LocalGameApi } from '../../core/api/index.js'
import { terminalSafe } from '../../core/cli/safe-output.js'
import { gameEvents } from '../../core/events/index.js'
import { sha256Hex, toJsonl } from '../../core/store/index.js'
import { rechain, run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/** What issue 17's probe wrote: erase the line above, print a fake dice line, ring, set the window title. */
const HOSTILE_NOTE = '\x1b[2K\x1b[1A fake dice line\x07\x1b]0;title\x07'
const HOSTILE_NOTE_SHOWN = '\\x1b[2K\\x1b[1A fake dice line\\x07\\x1b]0;title\\x07'
/** A unit name with a C1 CSI, a bidi override and a carriage return. */
const HOSTILE_NAME = 'Dark Elf\u009b2J Warriors\u202e\r'
const HOSTILE_NAME_SHOWN = 'Dark Elf\\u009b2J Warriors\\u202e\\x0d'

/** A title that would set the window title and print a line of its own. */
const HOSTILE_TITLE = 'Demo\x1b]0;pwned\x07\nBROKEN forged: seq 1'

/**
 * The characters of `text` that steer a terminal: C0 but line feed and tab, DEL, C1, bidi overrides and
 * isolates (listed here apart from the code under test).
 */
function rawControls(text: string): string[] {
  return [...text].filter((char) => {
    const code = char.codePointAt(0) as number
    return (
      (code < 0x20 && code !== 0x0a && code !== 0x09) ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069)
    )
  })
}

/**
 * The demo game as an older export might hold it (written before names and notes were checked): its
 * title and its Dark Elf unit's name holding control characters and a Note of escape codes at its end, re-chained, and
 * imported into a fresh database.
 */
async function importedHostileGame(): Promise<{ dir: string; db: string; gameId: string }> {
  const dir = tempDir()
  const source = join(dir, 'demo.sqlite')
  const made = await run('demo', '--db', source)
  expect(made.code).toBe(0)
  const gameId = made.out.trimEnd().split('\n').at(-1) as string
  const api = await LocalGameApi.open(source, { readOnly: true })
  const events = (await exportText(api, gameId))
    .trimEnd()
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line))
  await api.close()
  const muster = events.find((event) => event.type === 'ArmyMustered' && event.payload.player === 'druchii')
  muster.payload.units[0].name = HOSTILE_NAME
  events[0].payload.title = HOSTILE_TITLE
  const last = events.at(-1)
  events.push({ ...last, seq: last.seq + 1, type: 'Note', v: 1, payload: { text: HOSTILE_NOTE } })
  rechain(events)
  const file = join(dir, 'older.jsonl')
  writeFileSync(file, toJsonl(events))
  const db = join(dir, 'imported.sqlite')
  const imported = await run('import', '--db', db, file)
  expect(imported, imported.err).toMatchObject({ code: 0 })
  return { dir, db, gameId }
}

describe('text from a game is shown escaped in every terminal output (issue 17)', () => {
  it('replay, with and without --explain, shows the note and the name escaped', async () => {
    const { db, gameId } = await importedHostileGame()
    for (const flags of [[], ['--explain']]) {
      const result = await run('replay', '--db', db, '--game', gameId, ...flags)
      expect(result.code).toBe(0)
      expect(rawControls(result.out)).toEqual([])
      expect(result.out).toContain(`note: ${HOSTILE_NOTE_SHOWN}`)
      expect(result.out).toContain(HOSTILE_NAME_SHOWN)
    }
  })

  it('declare shows a name recorded with control characters escaped, in what it records and in a refusal', async () => {
    const { db, gameId } = await importedHostileGame()
    const game = ['--db', db, '--game', gameId]
    const move = ['MoveDeclared', '--unit', 'warriors', '--kind', 'normal', '--distance', '4', ...game]
    for (const argv of [
      ['TurnStarted', '--turn', '2', '--player', 'orcs', '--as', 'orcs'],
      ['PhaseStarted', '--phase', 'movement', '--as', 'orcs'],
    ])
      expect((await run('declare', ...argv, ...game)).code, argv.join(' ')).toBe(0)
    const refused = await run('declare', ...move, '--as', 'orcs')
    expect(refused.code).toBe(1)
    expect(rawControls(refused.err)).toEqual([])
    expect(refused.err).toContain(`${HOSTILE_NAME_SHOWN} belongs to druchii`)
    for (const argv of [
      ['TurnStarted', '--turn', '2', '--player', 'druchii', '--as', 'druchii'],
      ['PhaseStarted', '--phase', 'movement', '--as', 'druchii'],
    ])
      expect((await run('declare', ...argv, ...game)).code, argv.join(' ')).toBe(0)
    const moved = await run('declare', ...move, '--as', 'druchii')
    expect(moved.code).toBe(0)
    expect(rawControls(moved.out)).toEqual([])
    expect(moved.out).toContain(`${HOSTILE_NAME_SHOWN} moves 4"`)
  })

  it('--json stays exact: every character parses back as recorded, and none is written raw', async () => {
    const { db, gameId } = await importedHostileGame()
    const result = await run('replay', '--db', db, '--game', gameId, '--json', '--explain')
    expect(result.code).toBe(0)
    expect(rawControls(result.out)).toEqual([])
    const steps = result.out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(steps.at(-1)).toMatchObject({ type: 'Note', explanation: { text: `note: ${HOSTILE_NOTE}` } })
    expect(JSON.stringify(steps)).toContain(JSON.stringify(HOSTILE_NAME).slice(1, -1))
  })

  it("games shows a title escaped, on its game's line", async () => {
    const { db, gameId } = await importedHostileGame()
    const result = await run('games', '--db', db)
    expect(result.code).toBe(0)
    expect(rawControls(result.out)).toEqual([])
    expect(result.out.trimEnd().split('\n')).toHaveLength(1)
    expect(result.out.startsWith(`${gameId} `)).toBe(true)
    expect(result.out).toContain('  Demo\\x1b]0;pwned\\x07\\nBROKEN forged: seq 1\n')
  })

  it("a note's line breaks are shown as \\n: its text never starts a line of its own", async () => {
    const { db, gameId } = await importedHostileGame()
    const note = await run(
      'declare',
      'Note',
      '--text',
      '#99 DiceRolled (orcs): 6 6 6\n#100 forged\tline',
      '--db',
      db,
      '--game',
      gameId,
      '--as',
      'orcs',
    )
    expect(note.code).toBe(0)
    expect(note.out).toContain('note: #99 DiceRolled (orcs): 6 6 6\\n#100 forged\tline')
    expect(note.out.split('\n').filter((line) => line.startsWith('#100'))).toEqual([])
    const replay = await run('replay', '--db', db, '--game', gameId)
    expect(replay.out.split('\n').filter((line) => line.startsWith('#100'))).toEqual([])
  })
})

/** Bytes (as a hash) and modification time: a refused write must change neither. */
function fingerprint(file: string): { sha256: string; mtimeMs: number } {
  return { sha256: sha256Hex(readFileSync(file).toString('latin1')), mtimeMs: statSync(file).mtimeMs }
}

describe('names, titles and notes refuse control characters when recorded (issue 17)', () => {
  async function newGame(): Promise<{ dir: string; db: string; game: string[] }> {
    const dir = tempDir()
    const db = join(dir, 'games.sqlite')
    const made = await run('new', '--db', db, '--player', 'druchii=Druchii', '--player', 'orcs=Orcs')
    expect(made.code).toBe(0)
    return { dir, db, game: ['--db', db, '--game', made.out.trimEnd().split('\n').at(-1) as string] }
  }

  it('a Note of escape codes is refused, naming the field, and nothing is written', async () => {
    const { db, game } = await newGame()
    await new Promise((done) => setTimeout(done, 20)) // a write now would show in the mtime
    const before = fingerprint(db)
    const result = await run('declare', 'Note', '--text', HOSTILE_NOTE, ...game, '--as', 'orcs')
    expect(result.code).toBe(1)
    expect(result.err).toContain('payload.text: a note cannot hold control characters (\\x1b at character 1)')
    expect(rawControls(result.err)).toEqual([])
    expect(fingerprint(db)).toEqual(before)
    expect((await run('status', ...game)).out).toMatch(/ at seq 1:/)
  })

  it('a Note keeps its line breaks and tabs; a carriage return or a bidi override is refused', async () => {
    const { game } = await newGame()
    expect((await run('declare', 'Note', '--text', 'first line\n\tsecond', ...game, '--as', 'orcs')).code).toBe(0)
    for (const [text, shown] of [
      ['over\rwritten', '\\x0d at character 5'],
      ['\u202eevil', '\\u202e at character 1'],
      ['csi\u009b', '\\u009b at character 4'],
    ]) {
      const result = await run('declare', 'Note', '--text', text as string, ...game, '--as', 'orcs')
      expect(result, text).toMatchObject({
        code: 1,
        err: expect.stringContaining(`a note cannot hold control characters (${shown})`),
      })
    }
  })

  it('new refuses a player name or a title holding control characters, and creates no file', async () => {
    const dir = tempDir()
    const db = join(dir, 'games.sqlite')
    const named = await run('new', '--db', db, '--player', 'druchii=Dru\x1b[2Kchii', '--player', 'orcs=Orcs')
    expect(named.code).toBe(1)
    expect(named.err).toContain('payload.players[0].name: a name cannot hold control characters (\\x1b at character 4)')
    const titled = await run('new', '--db', db, '--player', 'a', '--player', 'b', '--title', 'War\u2066s')
    expect(titled.code).toBe(1)
    expect(titled.err).toContain('payload.title: a title cannot hold control characters (\\u2066 at character 4)')
    expect(existsSync(db)).toBe(false)
    expect(readdirSync(dir)).toEqual([])
  })

  it("muster refuses a unit's or a character's name holding control characters, naming the unit", async () => {
    const { dir, db, game } = await newGame()
    const unit = {
      id: 'warriors',
      name: 'Dark Elf Warriors',
      troopType: 'infantry',
      models: 10,
      profile: { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8 },
    }
    const hero = { id: 'hero', name: 'Master', profile: { M: 5, WS: 5, BS: 5, S: 4, T: 3, W: 2, I: 6, A: 2, Ld: 9 } }
    const cases: [unknown, string][] = [
      [{ ...unit, name: 'Dark\x07Elves' }, 'Unit 1: its name cannot hold control characters (\\x07 at character 5)'],
      [
        { ...unit, characters: [{ ...hero, name: 'Mas\u202eter' }] },
        'cannot hold control characters (\\u202e at character 4)',
      ],
    ]
    await new Promise((done) => setTimeout(done, 20))
    const before = fingerprint(db)
    for (const [army, message] of cases) {
      const file = join(dir, 'army.json')
      writeFileSync(file, JSON.stringify({ player: 'druchii', units: [army] }))
      const result = await run('muster', file, ...game)
      expect(result.code).toBe(1)
      expect(result.err).toContain(message)
      expect(rawControls(result.err)).toEqual([])
    }
    expect(fingerprint(db)).toEqual(before)
  })

  it("a spell's name is checked as it is recorded, and only then: a stored one is still read", () => {
    const spell = {
      caster: 'mage',
      spell: 'fireball',
      target: 'boyz',
      distance: 12,
      inArc: true,
      spellName: 'Fire\x1bball',
    }
    expect(() => gameEvents.validateNew('SpellCast', 1, spell)).toThrow(
      'payload.spellName: a spell name cannot hold control characters (\\x1b at character 5)',
    )
    expect(gameEvents.readPayload('SpellCast', 1, spell)).toMatchObject({ spellName: 'Fire\x1bball' })
  })

  it('every recorded game of the repository meets the checks as if recorded now', () => {
    const folder = join(process.cwd(), 'test', 'scenarios', 'games')
    const files = readdirSync(folder).filter((name) => name.endsWith('.jsonl'))
    expect(files.length).toBeGreaterThan(0)
    for (const name of files) {
      const lines = readFileSync(join(folder, name), 'utf8').trimEnd().split('\n').slice(0, -1)
      for (const line of lines) {
        const { type, v, payload } = JSON.parse(line)
        const current = gameEvents.readPayload(type, v, payload)
        expect(
          () => gameEvents.validateNew(type, gameEvents.currentVersion(type), current),
          `${name}: ${line}`,
        ).not.toThrow()
      }
    }
  })
})

describe('terminalSafe: the one writer of the command line', () => {
  function written(text: string): string {
    let out = ''
    terminalSafe({ stdout: { write: (t: string) => (out += t) }, stderr: { write: () => undefined } }).stdout.write(
      text,
    )
    return out
  }

  it('shows ESC, CSI, BEL, CR, backspace, DEL, C1 and bidi controls as visible escapes, and keeps line breaks and tabs', () => {
    expect(written('a\x1b[2Kb\x07c\rd\be\x7ff\u0085g\u009bh\u202ai\u202ej\u2066k\u2069l\n\tm')).toBe(
      'a\\x1b[2Kb\\x07c\\x0dd\\x08e\\u007ff\\u0085g\\u009bh\\u202ai\\u202ej\\u2066k\\u2069l\n\tm',
    )
    expect(written('Orc Boyz \u00e9 \u2014 \ud83c\udfb2')).toBe('Orc Boyz \u00e9 \u2014 \ud83c\udfb2')
  })

  it('leaves JSON valid and exact: what it escapes parses back to the same text', () => {
    const value = { text: '\x1b[31m\u0085\u009b\u202e\u2067\x7f\n' }
    const out = written(JSON.stringify(value))
    expect(rawControls(out)).toEqual([])
    expect(JSON.parse(out)).toEqual(value)
  })
})
