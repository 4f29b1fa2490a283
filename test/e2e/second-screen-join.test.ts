import type { Locator, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GameApi } from '../../core/api/game-api-contract.js'
import { SCREEN_WRITE_HEADER } from '../../core/api/screen-writes.js'
import { joinWithKeyGate } from '../../electron/screen-scope.js'
import { startWebHost, type WebHost } from '../../electron/web-host.js'
import { expectNoSeriousA11yViolations, rendererDir, screenshot, startTable, type Table } from './browser.js'
import { enterCounts, until } from './table-actions.js'

/** The demo's opening (demo-game.ts) up to the charge: the Boyz strike first, so the Orcs owe the first roll. */
async function chargeGame(api: Pick<GameApi, 'createGame' | 'append'>): Promise<string> {
  const { gameId } = await api.createGame({
    ruleset: 'classic',
    players: [
      { id: 'druchii', name: 'Druchii raiders' },
      { id: 'orcs', name: 'Orc warband' },
    ],
    title: 'Joined from a phone',
    actor: 'orcs',
  })
  const command = { champion: true, standard: true, musician: true }
  const unit = (id: string, name: string, race: string, models: number, profile: Record<string, number>) => ({
    id,
    name,
    troopType: 'infantry',
    race,
    models,
    profile,
    gear: ['hand-weapon', 'light-armour', 'shield'],
    formation: { files: 5 },
    command,
  })
  const warriors = unit('warriors', 'Dark Elf Warriors', 'dark-elves', 20, {
    ...{ M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8 },
  })
  const boyz = unit('boyz', 'Orc Boyz', 'orcs-and-goblins', 25, {
    M: 4,
    WS: 3,
    BS: 3,
    S: 3,
    T: 4,
    W: 1,
    I: 2,
    A: 1,
    Ld: 7,
  })
  await api.append(gameId, {
    type: 'ArmyMustered',
    actor: 'druchii',
    payload: { player: 'druchii', units: [warriors] },
  })
  await api.append(gameId, { type: 'ArmyMustered', actor: 'orcs', payload: { player: 'orcs', units: [boyz] } })
  await api.append(gameId, { type: 'TurnStarted', actor: 'orcs', payload: { turn: 1, player: 'orcs' } })
  await api.append(gameId, { type: 'PhaseStarted', actor: 'orcs', payload: { phase: 'close-combat' } })
  await api.append(gameId, {
    type: 'CombatJoined',
    actor: 'orcs',
    payload: {
      combat: 'boyz-charge',
      sides: [
        { player: 'druchii', units: [{ unit: 'warriors' }] },
        { player: 'orcs', units: [{ unit: 'boyz', charged: true }] },
      ],
      contact: [
        { unit: 'warriors', models: 5 },
        { unit: 'boyz', models: 5 },
      ],
    },
  })
  return gameId
}

let table: Table
let screen: WebHost
let gameId: string
/** What the table's own window is told of: the screen's writes. */
const heard: string[] = []
beforeAll(async () => {
  table = await startTable()
  gameId = await chargeGame(table.api)
  // What File > Show This Game on a Second Screen starts (on loopback here): with the gate players join through.
  screen = await startWebHost({
    api: table.api,
    rendererDir,
    port: 0,
    scope: { kind: 'game', gameId, authorizeWrite: joinWithKeyGate(table.api) },
    onEvent: (notice) => heard.push(`${notice.seq} ${notice.type}`),
  })
}, 60_000)
afterAll(async () => {
  await screen?.close()
  await table?.close()
})

/** A call to the screen from outside the page (a captured request sent again, a forger's), as curl would. */
async function callScreen(method: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${screen.port}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${screen.token}`, ...headers },
    body,
  })
  return {
    status: response.status,
    body: (await response.json()) as { ok: boolean; error?: { code: string; message: string } },
  }
}

/** An element's text with its white space as a reader hears it. */
const spoken = async (locator: Locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim()

let phone: Page
const appends: Request[] = []

describe('a player joins the second screen on their phone with their key', () => {
  it('joins as the Orcs (recording a key kept on the phone) and rolls their dice as themselves', async () => {
    phone = await table.browser.newPage()
    await phone.setViewportSize({ width: 412, height: 915 })
    phone.on('pageerror', (error) => table.pageErrors.push(error))
    phone.on('request', (request) => {
      if (request.url().endsWith('/api/append')) appends.push(request)
    })
    await phone.goto(screen.url)
    const bar = phone.getByRole('region', { name: 'Second screen' })
    await until(() => spoken(bar)).toContain('a player can join with their key to record as themselves')
    // Before joining, it only watches: no console.
    expect(await phone.getByRole('region', { name: 'Game console' }).count()).toBe(0)
    await screenshot(phone, '35-second-screen-join-offered')
    const head = (await table.api.status(gameId)).seq

    await bar.getByRole('button', { name: 'Join as Orc warband (records a key kept on this device)' }).click()
    await until(() => spoken(bar)).toContain('Joined as Orc warband')
    const keyed = (await table.api.openGame(gameId)).state
    expect(keyed.signing?.keys.orcs).toMatchObject({ holder: 'device', seq: head + 1 })
    expect(keyed.signing?.keys.druchii).toBeUndefined()

    // The Boyz' to-hit roll is the Orcs': the phone answers it, and it is recorded as the Orcs.
    await until(() => phone.getByRole('form', { name: 'Dice entry' }).count()).toBe(1)
    await enterCounts(phone, [4, 4, 3, 2, 6])
    await until(async () => (await table.api.status(gameId)).seq).toBe(head + 2)
    const rolled = (await table.api.replay(gameId, { fromSeq: head + 2 })).steps[0]!
    expect(rolled).toMatchObject({ type: 'DiceRolled', actor: 'orcs' })
    expect(heard).toEqual([`${head + 1} PlayerKeyRecorded`, `${head + 2} DiceRolled`])
    // To wound: the Orcs' again, by "Roll for me" (rollDice, signed too).
    await until(() => phone.getByRole('button', { name: /Roll for me/ }).count()).toBe(1)
    await phone.getByRole('button', { name: /Roll for me/ }).click()
    await until(async () => (await table.api.status(gameId)).seq).toBe(head + 3)
    expect((await table.api.replay(gameId, { fromSeq: head + 3 })).steps[0]).toMatchObject({
      type: 'DiceRolled',
      actor: 'orcs',
    })
    await screenshot(phone, '32-second-screen-joined')
    await expectNoSeriousA11yViolations(phone)
    expect(table.pageErrors).toEqual([])
  }, 90_000)

  it("refuses what is not the joined player's own signed write, and writes nothing", async () => {
    // A phone that reloads stays joined (with the key it keeps; it records none).
    await phone.reload()
    await until(() => spoken(phone.getByRole('region', { name: 'Second screen' }))).toContain('Joined as Orc warband')
    const status = await table.api.status(gameId)
    const seq = status.seq
    const open = status.openRequests[0]
    // The Warriors' save is the Druchii's: the phone shows it, with no entry to answer it.
    expect(open).toMatchObject({ kind: 'dice', roller: 'druchii' })
    await until(() => spoken(phone.getByTestId('not-yours'))).toBe(
      'Druchii raiders answers this at the table or on their own screen.',
    )
    expect(await phone.getByRole('form', { name: 'Dice entry' }).count()).toBe(0)
    await screenshot(phone, '33-second-screen-joined-not-yours')

    // The phone's own client, joined as the Orcs, asked to record as the Druchii: the host refuses it.
    const asDruchii = await phone.evaluate(
      `document.querySelector('arbiter-app').client
        .append(${JSON.stringify(gameId)}, { type: 'Note', actor: 'druchii', payload: { text: 'as the Druchii' } })
        .then(() => 'written', (error) => error.code + ': ' + error.message)`,
    )
    expect(asDruchii).toBe(
      'host/not-signed: append: orcs joined this screen and may record only as orcs, not as druchii',
    )

    // The phone's captured DiceRolled, sent again: its head is gone (and its nonce spent).
    const captured = appends.find((request) => request.postData()?.includes('DiceRolled'))!
    const signature = (await captured.allHeaders())[SCREEN_WRITE_HEADER]!
    expect(signature).toBeTruthy()
    const replayed = await callScreen('append', captured.postData()!, { [SCREEN_WRITE_HEADER]: signature })
    expect(replayed.status).toBe(403)
    expect(replayed.body.error?.code).toBe('host/not-signed')
    expect(replayed.body.error?.message).toContain('a request is good for the head it was made at, once')

    // Forged: the captured signature on another body (other faces, at the current head).
    const body = JSON.parse(captured.postData()!) as { args: [string, { payload: { faces: number[] } }, number] }
    body.args[1].payload.faces = [6, 6, 6, 6, 6]
    body.args[2] = seq
    const forged = await callScreen('append', JSON.stringify(body), { [SCREEN_WRITE_HEADER]: signature })
    expect(forged.body.error?.code).toBe('host/not-signed')

    // Unsigned: a Note, and a roll for whoever owes one.
    const unsigned = await callScreen(
      'append',
      JSON.stringify({ args: [gameId, { type: 'Note', actor: 'orcs', payload: { text: 'x' } }, seq] }),
    )
    expect(unsigned.status).toBe(403)
    expect(unsigned.body.error?.message).toBe(
      'append: a write on this second screen needs a player who joined it with their key (no signature sent)',
    )
    {
      const roll = await callScreen('rollDice', JSON.stringify({ args: [gameId, open!.id, 'druchii'] }))
      expect(roll.body.error?.code).toBe('host/not-signed')
    }
    expect((await table.api.status(gameId)).seq).toBe(seq)
    expect(table.pageErrors).toEqual([])
  }, 60_000)

  it("the phone answers the Orcs' rolls, declares a Note and signs the turn, all as the Orcs", async () => {
    // The rest of the round, until nothing is owed: the Druchii answer at the table (the desktop
    // window tells the screen of each write), the Orcs on the phone. (One roll of the first test was
    // the host's, so which requests follow is read as they come.)
    const start = (await table.api.status(gameId)).seq
    const byPhone: number[] = []
    for (let answered = 0; answered < 20; answered++) {
      const { seq, openRequests } = await table.api.status(gameId)
      const open = openRequests[0]
      if (!open) break
      const owner = open.kind === 'dice' ? open.roller : open.chooser
      if (owner === 'druchii') {
        const payload =
          open.kind === 'dice'
            ? { requestId: open.id, faces: new Array(open.count).fill(5), source: 'physical' }
            : { requestId: open.id, option: open.options[0]!.id }
        const step = await table.api.append(gameId, {
          type: open.kind === 'dice' ? 'DiceRolled' : 'ChoiceMade',
          actor: 'druchii',
          payload,
        })
        screen.notify({ gameId, seq: step.seq, type: step.type })
        continue
      }
      if (open.kind === 'dice') {
        await until(() => phone.getByRole('form', { name: 'Dice entry' }).count()).toBe(1)
        await enterCounts(phone, new Array(open.count).fill(1))
      } else await phone.getByRole('group', { name: 'Choose' }).getByRole('button').first().click()
      await until(async () => (await table.api.status(gameId)).seq).toBe(seq + 1)
      byPhone.push(seq + 1)
    }
    expect(byPhone.length).toBeGreaterThan(0)
    const answeredTo = (await table.api.status(gameId)).seq

    // Nothing owed: a Note, declared as the Orcs (the form offers no one else).
    const console_ = phone.getByRole('region', { name: 'Game console' })
    await until(() => console_.getByRole('button', { name: 'Note', exact: true }).count()).toBe(1)
    await console_.getByRole('button', { name: 'Note', exact: true }).click()
    const form = console_.getByRole('form', { name: 'Declare Note' })
    expect(await form.getByRole('combobox', { name: 'as' }).locator('option').allTextContents()).toEqual([
      'Orc warband',
    ])
    await form.getByRole('textbox', { name: 'Note' }).fill('Declared from the phone')
    await form.getByRole('button', { name: 'Declare Note' }).click()
    await until(async () => (await table.api.status(gameId)).seq).toBe(answeredTo + 1)

    // And the Orcs sign the end of turn 1 with the key the phone keeps; the Druchii's row offers nothing here.
    const panel = phone.getByRole('region', { name: 'Signatures' })
    expect(await panel.locator('li[data-player="druchii"]').getByRole('button').count()).toBe(0)
    await panel
      .locator('li[data-player="orcs"]')
      .getByRole('button', { name: /Sign the end of turn 1/ })
      .click()
    await until(async () => (await table.api.status(gameId)).seq).toBe(answeredTo + 2)
    const steps = (await table.api.replay(gameId, { fromSeq: start + 1 })).steps
    for (const seq of byPhone) expect(steps[seq - start - 1]?.actor).toBe('orcs')
    expect(steps.slice(-2).map((step) => [step.type, step.actor])).toEqual([
      ['Note', 'orcs'],
      ['HeadSigned', 'orcs'],
    ])
    const verified = await table.api.verifyGame(gameId)
    expect(verified.ok).toBe(true)
    await until(() => spoken(panel.getByTestId('signed-through'))).toContain('signed by orcs through seq')
    await screenshot(phone, '34-second-screen-joined-signed')
    await phone.close()
    expect(table.pageErrors).toEqual([])
  }, 90_000)
})
