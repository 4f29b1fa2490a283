import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

const unit = (id: string, name: string) => ({
  id,
  name,
  troopType: 'infantry',
  models: 10,
  profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
  gear: ['hand-weapon'],
  rules: [],
})

/** One line of JSON, parsed: what a script reads from a writing command's `--json`. */
function parsed(result: { code: number; out: string; err: string }): Record<string, unknown> {
  expect(result.code, result.err).toBe(0)
  expect(result.out.endsWith('\n') && !result.out.trimEnd().includes('\n'), result.out).toBe(true)
  return JSON.parse(result.out) as Record<string, unknown>
}

interface WrittenStep {
  gameId: string
  step: { seq: number; type: string; actor: string; outcomes: unknown[]; requests: { id: string; kind: string }[] }
  openRequests: { id: string; kind: string; options?: { id: string }[] }[]
}

/** A game where Knights have charged Spearmen in the movement phase: request 6.1 asks Spearmen to hold or flee. */
async function charged(): Promise<{ dir: string; db: string; game: string[] }> {
  const dir = tempDir()
  const db = join(dir, 'g.sqlite')
  const created = parsed(await run('new', '--db', db, '--player', 'red', '--player', 'blue=Blue team', '--json'))
  const game = ['--db', db, '--game', created.gameId as string]
  writeFileSync(join(dir, 'red.json'), JSON.stringify({ player: 'red', units: [unit('knights', 'Knights')] }))
  writeFileSync(join(dir, 'blue.json'), JSON.stringify({ player: 'blue', units: [unit('spears', 'Spearmen')] }))
  for (const argv of [
    ['muster', join(dir, 'red.json'), ...game],
    ['muster', join(dir, 'blue.json'), ...game],
    ['declare', 'TurnStarted', '--turn', '1', '--player', 'red', ...game, '--as', 'red'],
    ['declare', 'PhaseStarted', '--phase', 'movement', ...game, '--as', 'red'],
    ['declare', 'ChargeDeclared', '--unit', 'knights', '--target', 'spears', '--distance', '6', ...game, '--as', 'red'],
  ]) {
    const result = await run(...argv)
    expect(result.code, `${argv.join(' ')}: ${result.err}`).toBe(0)
  }
  return { dir, db, game }
}

describe('roll and choose name the command a request needs', () => {
  it('roll on a choice request refuses, names choose and prints how to answer it, writing nothing', async () => {
    const { game } = await charged()
    const where = game.join(' ')
    for (const faces of [['3'], ['flee'], ['--app']]) {
      const result = await run('roll', '6.1', ...faces, ...game)
      expect(result.code, faces.join(' ')).toBe(2)
      expect(result.err).toContain(
        'arbiter roll: request 6.1 is a choice, not a roll: Spearmen is charged by Knights (6" away): hold, flee?\n' +
          `answer it with \`choose\`:\n  node bin/arbiter.js choose 6.1 OPTION ${where} --as blue   (OPTION: hold, flee)`,
      )
    }
    // --as does not skip the check: the request is still a choice.
    expect((await run('roll', '6.1', '3', ...game, '--as', 'blue')).err).toContain('request 6.1 is a choice')
    const status = JSON.parse((await run('status', ...game, '--json')).out) as { seq: number }
    expect(status.seq).toBe(6)
  })

  it('a request id that is not open is refused with the ones that are', async () => {
    const { game } = await charged()
    const unknown = await run('roll', '6.9', '3', ...game)
    expect(unknown).toMatchObject({
      code: 2,
      err: expect.stringContaining('no request 6.9 is open in this game; open: 6.1 (choose)'),
    })
    expect((await run('choose', '5.1', 'hold', ...game, '--as', 'blue')).err).toContain('no request 5.1 is open')
    await run('choose', '6.1', 'hold', ...game)
    expect((await run('roll', '6.1', '3', ...game)).err).toContain('no request 6.1 is open in this game; none is open')
  })
})

describe('writing commands print what they recorded as JSON with --json', () => {
  it('new, muster, declare, choose and roll each print one object: the game, the step, the open requests', async () => {
    const { dir, db, game } = await charged()
    const gameId = game[3] as string
    // new printed only its object (no id line after it): `charged` read the id from it.
    const created = await run('new', '--db', db, '--player', 'a', '--player', 'b', '--json')
    const made = parsed(created) as unknown as WrittenStep
    expect(made).toMatchObject({ step: { seq: 1, type: 'GameCreated', actor: 'a' }, openRequests: [] })
    expect(made.gameId).toMatch(/^[0-9a-f-]{36}$/)

    writeFileSync(join(dir, 'more.json'), JSON.stringify({ player: 'a', units: [unit('archers', 'Archers')] }))
    const mustered = parsed(await run('muster', join(dir, 'more.json'), '--db', db, '--game', made.gameId, '--json'))
    expect(mustered).toMatchObject({ gameId: made.gameId, step: { seq: 2, type: 'ArmyMustered', actor: 'a' } })

    const chose = parsed(await run('choose', '6.1', 'hold', ...game, '--json')) as unknown as WrittenStep
    expect(chose).toMatchObject({ gameId, step: { seq: 7, type: 'ChoiceMade', actor: 'blue' }, openRequests: [] })
    expect(chose.step.outcomes).toContainEqual(expect.objectContaining({ text: 'Spearmen holds' }))
    // No explanation trees: the step as `replay --json` prints it.
    expect(JSON.stringify(chose)).not.toContain('"explanation"')
    expect(chose.step).toEqual(
      JSON.parse((await run('replay', ...game, '--json')).out.trimEnd().split('\n').at(-1) as string),
    )

    const phase = parsed(
      await run('declare', 'PhaseStarted', '--phase', 'close-combat', ...game, '--as', 'red', '--json'),
    )
    expect(phase).toMatchObject({ step: { seq: 8, type: 'PhaseStarted' } })
    const payload = JSON.stringify({
      combat: 'charge-6',
      sides: [
        { player: 'red', units: [{ unit: 'knights', charged: true }] },
        { player: 'blue', units: [{ unit: 'spears' }] },
      ],
      contact: [
        { unit: 'knights', models: 5 },
        { unit: 'spears', models: 5 },
      ],
    })
    const joined = parsed(
      await run('declare', 'CombatJoined', '--payload', payload, '--json', ...game, '--as', 'red'),
    ) as unknown as WrittenStep
    expect(joined.step).toMatchObject({ seq: 9, type: 'CombatJoined', requests: [{ id: '9.1', kind: 'dice' }] })
    expect(joined.openRequests).toMatchObject([{ id: '9.1', kind: 'dice', roller: 'red', count: 5 }])

    const rolled = parsed(
      await run('roll', '9.1', '6', '6', '1', '1', '1', ...game, '--json'),
    ) as unknown as WrittenStep
    expect(rolled.step).toMatchObject({ seq: 10, type: 'DiceRolled', actor: 'red' })
    expect(rolled.openRequests.map((request) => request.id)).toEqual(rolled.step.requests.map((request) => request.id))
  })

  it('import prints the game, its last step, what is open and the event count', async () => {
    const { dir, game } = await charged()
    const file = join(dir, 'g.jsonl')
    expect((await run('export', ...game, '--out', file)).code).toBe(0)
    const imported = parsed(await run('import', '--db', join(dir, 'copy.sqlite'), file, '--json'))
    expect(imported).toMatchObject({
      gameId: game[3],
      events: 6,
      step: { seq: 6, type: 'ChargeDeclared', actor: 'red' },
      openRequests: [{ id: '6.1', kind: 'choice', chooser: 'blue' }],
    })
  })

  it("declare's --json is the output flag alone and the payload with a value, as older scripts give it", async () => {
    const { game } = await charged()
    const note = (text: string) => JSON.stringify({ text })
    const printed = await run('declare', 'Note', '--json', note('as output'), ...game, '--as', 'red')
    expect(printed.out).toMatch(/^#7 Note \(red\)/)
    const both = await run('declare', 'Note', '--payload', note('a'), '--json', note('b'), ...game, '--as', 'red')
    expect(both).toMatchObject({ code: 2, err: expect.stringContaining('give the payload once (--payload or --json)') })
    const mixed = await run('declare', 'Note', '--payload', note('a'), '--text', 'b', ...game, '--as', 'red')
    expect(mixed).toMatchObject({ code: 2, err: expect.stringContaining('not both (--text)') })
    const bad = await run('declare', 'Note', '--payload', '{', ...game, '--as', 'red')
    expect(bad).toMatchObject({ code: 2, err: expect.stringContaining('the payload is not valid JSON') })
    expect(parsed(await run('declare', 'Note', '--text', 'last', ...game, '--as', 'red', '--json'))).toMatchObject({
      step: { seq: 8, type: 'Note' },
    })
  })
})

describe('the command line reaches the core through core/api', () => {
  it('no file of core/cli imports a value from core/rules or core/store', () => {
    const folder = join(process.cwd(), 'core', 'cli')
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.ts'))) {
      const imports = [...readFileSync(join(folder, name), 'utf8').matchAll(/^import (?!type )[^;]*?from '([^']+)'/gms)]
      for (const [, from] of imports) expect(from, `${name} imports ${from}`).not.toMatch(/^\.\.\/(rules|store)\//)
    }
  })
})
