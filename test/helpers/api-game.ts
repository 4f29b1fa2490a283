import { join } from 'node:path'
import { type ApiOptions, LocalGameApi } from '../../core/api/index.js'
import { ArbiterError } from '../../core/events/errors.js'
import { unitDef } from './classic-game.js'

let tick = 0
/** A deterministic clock: one second an event. */
export const testClock = () => new Date(Date.UTC(2026, 10, 30, 18, 0, tick++)).toISOString()

export async function openApi(dir: string, name = 'arbiter.sqlite', options: ApiOptions = {}): Promise<LocalGameApi> {
  return LocalGameApi.open(join(dir, name), { clock: testClock, ...options })
}

/** A classic game through the api, ready for attacks: two units in the close-combat phase. */
export async function classicCombat(api: LocalGameApi): Promise<string> {
  const { gameId } = await api.createGame({
    ruleset: 'classic',
    players: [
      { id: 'p1', name: 'One' },
      { id: 'p2', name: 'Two' },
    ],
    actor: 'p1',
  })
  await api.append(gameId, {
    type: 'ArmyMustered',
    actor: 'p1',
    payload: {
      player: 'p1',
      units: [unitDef('warriors', { profile: { WS: 4 }, gear: ['hand-weapon', 'light-armour', 'shield'] })],
    },
  })
  await api.append(gameId, {
    type: 'ArmyMustered',
    actor: 'p2',
    payload: { player: 'p2', units: [unitDef('boyz', { profile: { T: 4 }, gear: ['hand-weapon', 'light-armour'] })] },
  })
  await api.append(gameId, { type: 'TurnStarted', actor: 'p1', payload: { turn: 1, player: 'p1' } })
  await api.append(gameId, { type: 'PhaseStarted', actor: 'p1', payload: { phase: 'close-combat' } })
  return gameId
}

/** One full attack: declare, then answer every request with the given faces in order. */
export async function attack(
  api: LocalGameApi,
  gameId: string,
  attacker: string,
  target: string,
  models: number,
  ...rolls: number[][]
): Promise<void> {
  await api.append(gameId, { type: 'MeleeAttacksDeclared', actor: 'p1', payload: { attacker, target, models } })
  for (const faces of rolls) {
    const request = (await api.openGame(gameId)).openRequests[0]
    if (!request) throw new Error('no open request for the next roll')
    await api.append(gameId, {
      type: 'DiceRolled',
      actor: request.kind === 'dice' ? request.roller : 'p1',
      payload: { requestId: request.id, faces, source: 'physical' },
    })
  }
}

/** The request the game owes first, and who answers it. */
export async function owed(api: LocalGameApi, gameId: string): Promise<{ id: string; by: string }> {
  const [request] = (await api.openGame(gameId)).openRequests
  if (!request) throw new Error('nothing is owed')
  return { id: request.id, by: request.kind === 'dice' ? request.roller : request.chooser }
}

/** The first owed request answered with table dice (or app dice), by its roller. */
export async function rollOwed(
  api: LocalGameApi,
  gameId: string,
  faces: number[],
  source: 'physical' | 'app' = 'physical',
) {
  const { id, by } = await owed(api, gameId)
  return api.append(gameId, { type: 'DiceRolled', actor: by, payload: { requestId: id, faces, source } })
}

/** The refusal a call ends in; a call that succeeds, or fails otherwise, fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<ArbiterError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof ArbiterError)) throw new Error(`expected a refusal, got ${String(error)}`)
  return error
}
