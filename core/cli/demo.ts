import type { GameApi } from '../api/game-api-contract.js'

/**
 * A short sample game: a unit of Dark Elf Warriors and a unit of Orc Boyz meet in close combat
 * and trade one round of blows. The dice are typed in as physical dice so the demo replays the
 * same way everywhere.
 */
export async function createDemoGame(api: GameApi): Promise<string> {
  const { gameId } = await api.createGame({
    ruleset: 'classic',
    players: [
      { id: 'druchii', name: 'Druchii raiders' },
      { id: 'orcs', name: 'Orc warband' },
    ],
    title: 'Demo: Warriors meet Boyz',
    actor: 'druchii',
  })
  const post = (type: string, actor: string, payload: unknown) => api.append(gameId, { type, actor, payload })
  const profile = (
    M: number,
    WS: number,
    BS: number,
    S: number,
    T: number,
    W: number,
    I: number,
    A: number,
    Ld: number,
  ) => ({ M, WS, BS, S, T, W, I, A, Ld })

  await post('ArmyMustered', 'druchii', {
    player: 'druchii',
    units: [
      {
        id: 'warriors',
        name: 'Dark Elf Warriors',
        troopType: 'infantry',
        models: 10,
        profile: profile(5, 4, 4, 3, 3, 1, 5, 1, 8),
        gear: ['hand-weapon', 'light-armour', 'shield'],
        rules: [],
      },
    ],
  })
  await post('ArmyMustered', 'orcs', {
    player: 'orcs',
    units: [
      {
        id: 'boyz',
        name: 'Orc Boyz',
        troopType: 'infantry',
        models: 10,
        profile: profile(4, 3, 3, 3, 4, 1, 2, 1, 7),
        gear: ['hand-weapon', 'light-armour'],
        rules: [],
      },
    ],
  })
  await post('TurnStarted', 'druchii', { turn: 1, player: 'druchii' })
  await post('PhaseStarted', 'druchii', { phase: 'close-combat' })

  const roll = async (actor: string, faces: number[]) => {
    const open = (await api.openGame(gameId)).openRequests[0]
    if (!open) throw new Error('demo: expected an open request')
    return post('DiceRolled', actor, { requestId: open.id, faces, source: 'physical' })
  }
  await post('MeleeAttacksDeclared', 'druchii', { attacker: 'warriors', target: 'boyz', models: 5 })
  await roll('druchii', [6, 3, 4, 1, 5]) // to hit 3+: four hits
  await roll('druchii', [5, 2, 6, 4]) // to wound 5+: two wounds
  await roll('orcs', [6, 3]) // light armour 6+: one saved
  await post('MeleeAttacksDeclared', 'orcs', { attacker: 'boyz', target: 'warriors', models: 5 })
  await roll('orcs', [4, 5, 2, 6, 3]) // to hit 4+: three hits
  await roll('orcs', [4, 1, 6]) // to wound 4+: two wounds
  await roll('druchii', [5, 2]) // light armour + shield 5+: one saved
  await post('Note', 'orcs', { text: 'End of the first round of combat.' })
  return gameId
}
