import type { GameApi, OpenRequest } from './game-api-contract.js'

/**
 * A sample game of two close-combat rounds (classic variant): a ranked unit of Orc Boyz with full
 * command charges a ranked unit of Dark Elf Warriors with full command. Round 1 is a draw (both
 * sides have a musician); in round 2 the Boyz lose, break, flee and are caught. The dice are typed
 * in as physical dice so the demo replays the same way everywhere; the figures are worked out by
 * hand in test/scenarios/games/two-rounds-boyz-break.expected.json. Only GameApi calls: `arbiter demo` runs it
 * in-process, and `GameApi.sampleGame` records it once as the library's sample game.
 */
export async function createDemoGame(api: Pick<GameApi, 'createGame' | 'append'>): Promise<string> {
  const { gameId } = await api.createGame({
    ruleset: 'classic',
    players: [
      { id: 'druchii', name: 'Druchii raiders' },
      { id: 'orcs', name: 'Orc warband' },
    ],
    title: 'Demo: the Boyz charge the Warriors',
    actor: 'orcs',
  })
  // Each answer says what the table owes next: the next roll is read from it, with no other call.
  let owed: readonly OpenRequest[] = []
  const post = async (type: string, actor: string, payload: unknown) => {
    const written = await api.append(gameId, { type, actor, payload })
    owed = written.status.openRequests
    return written
  }
  const command = { champion: true, standard: true, musician: true }

  await post('ArmyMustered', 'druchii', {
    player: 'druchii',
    units: [
      {
        id: 'warriors',
        name: 'Dark Elf Warriors',
        troopType: 'infantry',
        race: 'dark-elves',
        models: 20,
        profile: { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8 },
        gear: ['hand-weapon', 'light-armour', 'shield'],
        formation: { files: 5 },
        command,
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
        race: 'orcs-and-goblins',
        models: 25,
        profile: { M: 4, WS: 3, BS: 3, S: 3, T: 4, W: 1, I: 2, A: 1, Ld: 7 },
        gear: ['hand-weapon', 'light-armour', 'shield'],
        formation: { files: 5 },
        command,
      },
    ],
  })

  const roll = async (faces: number[]) => {
    const open = owed[0]
    if (open?.kind !== 'dice') throw new Error('demo: expected an open dice request')
    return post('DiceRolled', open.roller, { requestId: open.id, faces, source: 'physical' })
  }
  const choose = async (option: string) => {
    const open = owed[0]
    if (open?.kind !== 'choice') throw new Error('demo: expected an open choice')
    return post('ChoiceMade', open.chooser, { requestId: open.id, option })
  }
  const contact = [
    { unit: 'warriors', models: 5 },
    { unit: 'boyz', models: 5 },
  ]

  // Turn 1, the Orcs': the Boyz have charged the Warriors' front.
  await post('TurnStarted', 'orcs', { turn: 1, player: 'orcs' })
  await post('PhaseStarted', 'orcs', { phase: 'close-combat' })
  await post('CombatJoined', 'orcs', {
    combat: 'boyz-charge',
    sides: [
      { player: 'druchii', units: [{ unit: 'warriors' }] },
      { player: 'orcs', units: [{ unit: 'boyz', charged: true }] },
    ],
    contact,
  })
  await roll([4, 4, 3, 2, 6]) // Boyz to hit, 4+: 3 hits
  await roll([5, 2, 4]) // to wound, 4+: 2 wounds
  await roll([5, 3]) // Warriors' save, 5+: 1 saved
  await roll([3, 5, 1, 2]) // Warriors (4 left in contact) to hit, 3+: 2 hits
  await roll([5, 6]) // to wound, 5+: 2 wounds
  await roll([1, 2]) // Boyz' save, 5+: none saved

  // Turn 1, the Druchii's: the combat goes on.
  await post('TurnStarted', 'druchii', { turn: 1, player: 'druchii' })
  await post('PhaseStarted', 'druchii', { phase: 'close-combat' })
  await post('CombatRoundDeclared', 'druchii', { combat: 'boyz-charge', contact })
  await roll([6, 6, 5, 4, 1]) // Warriors to hit, 3+: 4 hits
  await roll([5, 5, 6, 6]) // to wound, 5+: 4 wounds
  await roll([2, 3, 1, 6]) // Boyz' save, 5+: 1 saved
  await roll([4, 1]) // Boyz (2 left in contact) to hit, 4+: 1 hit
  await roll([4]) // to wound, 4+: 1 wound
  await roll([6]) // Warriors' save: saved
  await roll([4, 5]) // Boyz' break test: 9 against 6, they break
  await roll([2, 3]) // they flee 5"
  await choose('pursue')
  await roll([3, 4]) // the Warriors pursue 7": caught
  return gameId
}
