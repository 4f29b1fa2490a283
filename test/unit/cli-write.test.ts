import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

const unit = (id: string, name: string, WS: number) => ({
  id,
  name,
  troopType: 'infantry',
  models: 10,
  profile: { M: 4, WS, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
  gear: ['hand-weapon'],
  rules: [],
})

/** A game in the close-combat phase, recorded through the command line. */
async function combat(): Promise<{ dir: string; game: string[] }> {
  const dir = tempDir()
  const db = join(dir, 'g.sqlite')
  const created = await run('new', '--db', db, '--player', 'red', '--player', 'blue=Blue team')
  expect(created.code, created.err).toBe(0)
  const game = ['--db', db, '--game', created.out.trimEnd().split('\n').at(-1) as string]
  writeFileSync(join(dir, 'red.json'), JSON.stringify({ player: 'red', units: [unit('knights', 'Knights', 4)] }))
  writeFileSync(join(dir, 'blue.json'), JSON.stringify({ player: 'blue', units: [unit('spears', 'Spearmen', 3)] }))
  for (const argv of [
    ['muster', join(dir, 'red.json'), ...game],
    ['muster', join(dir, 'blue.json'), ...game],
    ['declare', 'TurnStarted', '--turn', '1', '--player', 'red', ...game, '--as', 'red'],
    ['declare', 'PhaseStarted', '--phase', 'close-combat', ...game, '--as', 'red'],
  ]) {
    const result = await run(...argv)
    expect(result.code, `${argv.join(' ')}: ${result.err}`).toBe(0)
  }
  return { dir, game }
}

async function seqOf(game: string[]): Promise<number> {
  const status = await run('status', ...game, '--json')
  return (JSON.parse(status.out) as { seq: number }).seq
}

describe('recording a game from the command line', () => {
  it('new prints the game id last and the GameCreated step', async () => {
    const db = join(tempDir(), 'g.sqlite')
    const result = await run('new', '--db', db, '--player', 'red', '--player', 'blue', '--variant', 'classic-8th')
    expect(result.code).toBe(0)
    expect(result.out).toMatch(/^#1 GameCreated \(red\): game created: .*variant classic-8th/)
    expect(result.out.trimEnd().split('\n').at(-1)).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('new refuses a bad player id, names it, and creates no database', async () => {
    const db = join(tempDir(), 'g.sqlite')
    const result = await run('new', '--db', db, '--player', 'Red Army', '--player', 'blue')
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/event\/invalid: GameCreated v1: payload\.players\[0\]\.id: /)
    expect(existsSync(db)).toBe(false)
    expect((await run('new', '--db', db, '--player', 'red')).code).toBe(2)
  })

  it('status says what can be declared when nothing is owed', async () => {
    const { game } = await combat()
    const result = await run('status', ...game)
    expect(result.out).toContain('turn 1 (red to play), close-combat phase')
    expect(result.out).toMatch(/can declare now: .*MeleeAttacksDeclared.*, TurnStarted, PhaseStarted, Note\n/)
    const json = JSON.parse((await run('status', ...game, '--json')).out)
    expect(json).toMatchObject({ seq: 5, turn: 1, activePlayer: 'red', phase: 'close-combat', openRequests: [] })
  })

  it('declare takes the payload as flags, numbers as numbers, or as --json', async () => {
    const { game } = await combat()
    const flags = await run(
      'declare',
      'MeleeAttacksDeclared',
      '--attacker',
      'knights',
      '--target=spears',
      '--models',
      '3',
      ...game,
      '--as',
      'red',
    )
    expect(flags.code, flags.err).toBe(0)
    expect(flags.out).toContain('-> request 6.1: Knights: roll 3 D6 to hit Spearmen, 3+')
    expect(flags.out).toContain('needs 3+ to hit (classic/to-hit-close-combat §chart)')
    await run('roll', '6.1', '1,1,1', ...game)
    const json = await run(
      'declare',
      'MeleeAttacksDeclared',
      '--json',
      '{"attacker":"spears","target":"knights"}',
      ...game,
      '--as',
      'blue',
    )
    expect(json.code, json.err).toBe(0)
    expect(json.out).toContain('-> request 8.1: Spearmen: roll 10 D6 to hit Knights, 4+')
  })

  it('a declaration the api refuses names the field and writes nothing', async () => {
    const { game } = await combat()
    for (const [argv, error] of [
      [['MeleeAttacksDeclared', '--attacker', 'knights', '--target', 'spears', '--models', '-2'], /payload\.models: /],
      [['MeleeAttacksDeclared', '--attacker', 'knights', '--target', 'spears', '--horses', '2'], /horses/],
      [['MeleeAttacksDeclared', '--attacker', 'knights', '--target', 'dragons'], /engine\/unknown-unit: .*dragons/],
      [['UnitTeleported', '--unit', 'knights'], /unknown event type "UnitTeleported"/],
    ] as const) {
      const result = await run('declare', ...argv, ...game, '--as', 'red')
      expect(result.code, argv.join(' ')).toBe(1)
      expect(result.err, argv.join(' ')).toMatch(error)
      expect(result.out).toBe('')
    }
    expect(await seqOf(game)).toBe(5)
  })

  it('declare refuses --json together with field flags, and a mistyped --game', async () => {
    const { game } = await combat()
    const both = await run('declare', 'Note', '--json', '{"text":"a"}', '--text', 'b', ...game, '--as', 'red')
    expect(both).toMatchObject({ code: 2, err: expect.stringContaining('not both') })
    const typo = await run('declare', 'Note', '--text', 'b', '--db', game[1] as string, '--gmae', 'x', '--as', 'red')
    expect(typo).toMatchObject({ code: 2, err: expect.stringContaining('unknown flag --gmae; did you mean --game?') })
  })

  it('roll refuses the wrong number of dice and a face that is not a number, writing nothing', async () => {
    const { game } = await combat()
    await run(
      'declare',
      'MeleeAttacksDeclared',
      '--attacker',
      'knights',
      '--target',
      'spears',
      '--models',
      '2',
      ...game,
      '--as',
      'red',
    )
    const wrong = await run('roll', '6.1', '6', '6', '6', ...game)
    expect(wrong.code).toBe(1)
    expect(wrong.err).toMatch(/engine\/wrong-dice/)
    expect((await run('roll', '6.1', '6', 'six', ...game)).err).toMatch(/"six" is not a die face/)
    expect((await run('roll', '6.1', ...game)).code).toBe(2)
    expect(await seqOf(game)).toBe(6)
    const right = await run('roll', '6.1', '6', '2', ...game)
    expect(right.out).toMatch(/^#7 DiceRolled \(red\): Knights scores 1 hit of 2/)
  })

  it('roll --app rolls the dice the request asks for and records them as app dice', async () => {
    const { game } = await combat()
    await run('declare', 'MeleeAttacksDeclared', '--attacker', 'knights', '--target', 'spears', ...game, '--as', 'red')
    const rolled = await run('roll', '6.1', '--app', ...game)
    expect(rolled.code, rolled.err).toBe(0)
    expect(rolled.out).toMatch(/^#7 DiceRolled \(red\): Knights scores \d+ hits? of 10/)
    const replay = (await run('replay', ...game, '--json', '--explain')).out.trimEnd().split('\n')
    expect(JSON.parse(replay[6] as string).explanation.children[0].children.at(-1).children[0].text).toMatch(/\(app\)/)
  })

  it('choose answers only a choice request, pointing a dice request to roll', async () => {
    const { game } = await combat()
    await run('declare', 'MeleeAttacksDeclared', '--attacker', 'knights', '--target', 'spears', ...game, '--as', 'red')
    const result = await run('choose', '6.1', 'flee', ...game, '--as', 'red')
    expect(result.code).toBe(2)
    expect(result.err).toContain('request 6.1 is a dice roll, not a choice: Knights: roll 10 D6 to hit')
    expect(result.err).toContain(
      `answer it with \`roll\`:\n  node bin/arbiter.js roll 6.1 FACES… ${game.join(' ')} --as red`,
    )
    expect((await run('choose', '6.1', ...game)).code).toBe(2)
    expect(await seqOf(game)).toBe(6)
  })

  it('muster names a file that is not JSON, and a unit field the api refuses', async () => {
    const { dir, game } = await combat()
    writeFileSync(join(dir, 'bad.json'), '{ "player": "red", ')
    expect(await run('muster', join(dir, 'bad.json'), ...game)).toMatchObject({
      code: 2,
      err: expect.stringContaining('bad.json is not valid JSON'),
    })
    writeFileSync(
      join(dir, 'odd.json'),
      JSON.stringify({ player: 'red', units: [{ ...unit('ogres', 'Ogres', 3), troopType: 'dragon' }] }),
    )
    const odd = await run('muster', join(dir, 'odd.json'), ...game)
    expect(odd.code).toBe(1)
    expect(odd.err).toMatch(/event\/invalid: Ogres: its troop type must be one of infantry, /)
    expect(await seqOf(game)).toBe(5)
  })
})
