import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoGame, type LocalGameApi } from '../../core/api/index.js'
import { screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

/**
 * The game screen at the table: it fits the window at a laptop's, a small laptop's and a phone's
 * size on every screen; the past is shown as the past, with nothing that acts on the present; an
 * answer takes one call to the host and leaves the focus where the next action is; choice keys
 * work at once; a letter in a dice list is named.
 */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 412, height: 915 },
] as const

/**
 * The sample game's events up to (not including) the answer to its pursuit choice, written again
 * as a new game: a game whose table owes a choice.
 */
async function gameOwingAChoice(api: LocalGameApi): Promise<string> {
  const sample = await createDemoGame(api)
  const events = [...api.store.readEvents(sample)]
  const created = events[0]!.payload as { players: { id: string; name: string }[]; title: string }
  const { gameId } = await api.createGame({
    ruleset: 'classic',
    players: created.players,
    title: 'Pursue or hold',
    actor: events[0]!.actor,
  })
  for (const event of events.slice(1)) {
    if (event.type === 'ChoiceMade') break
    await api.append(gameId, { type: event.type, actor: event.actor, payload: event.payload })
  }
  return gameId
}

/** The sample game's events up to its first dice answer: a game whose table owes a roll. */
async function gameOwingDice(api: LocalGameApi): Promise<string> {
  const sample = await createDemoGame(api)
  const events = [...api.store.readEvents(sample)]
  const created = events[0]!.payload as { players: { id: string; name: string }[] }
  const { gameId } = await api.createGame({ ruleset: 'classic', players: created.players, actor: events[0]!.actor })
  for (const event of events.slice(1)) {
    if (event.type === 'DiceRolled') break
    await api.append(gameId, { type: event.type, actor: event.actor, payload: event.payload })
  }
  return gameId
}

/** How far the page is wider than the window (0: it fits). Run in the page, so written as its text. */
const overflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')

/** The element that has the focus, through the shadow roots: `tag#id` from the outside in. */
const focusPath = (page: Page) =>
  page.evaluate<string>(`(() => {
    const path = []
    let at = document.activeElement
    while (at) {
      path.push(at.tagName.toLowerCase() + (at.id ? '#' + at.id : ''))
      at = at.shadowRoot ? at.shadowRoot.activeElement : null
    }
    return path.join(' > ')
  })()`)

describe('the table screen', () => {
  it('fits the window on every screen at 1280×800, 1024×768 and 412×915: library, new game, game, shortcuts, past, rules, muster', async () => {
    const gameId = await gameOwingDice(table.api)
    const head = (await table.api.status(gameId)).seq
    const { gameId: unmustered } = await table.api.createGame({
      ruleset: 'classic',
      players: [
        { id: 'empire', name: 'Empire' },
        { id: 'chaos', name: 'Chaos' },
      ],
      actor: 'empire',
    })
    for (const size of SIZES) {
      const name = `${size.width}x${size.height}`
      let page = await table.openPage(size)
      await until(() => page.getByRole('heading', { name: /Games|Library/ }).count()).toBeGreaterThan(0)
      await until(() => overflow(page)).toBeLessThanOrEqual(0)
      await screenshot(page, `screen-library-${name}`)
      await page.getByRole('button', { name: /^(Start a new game|New game)$/ }).click()
      await until(() => page.getByRole('region', { name: 'New game' }).count()).toBe(1)
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      await screenshot(page, `screen-new-game-${name}`)
      await page.close()

      page = await table.openPage({ gameId, ...size })
      await until(() => page.getByRole('form', { name: 'Dice entry' }).count()).toBe(1)
      await until(() => page.getByRole('slider').getAttribute('max')).toBe(String(head))
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      await screenshot(page, `screen-game-${name}`)
      await page.locator('body').click({ position: { x: 2, y: 2 } })
      await page.keyboard.press('?')
      await until(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(1)
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      await screenshot(page, `screen-shortcuts-${name}`)
      await page.keyboard.press('Escape')
      await until(() => page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0)

      await page.getByRole('slider').fill('3')
      await until(() => page.getByRole('region', { name: 'Looking at the past' }).count()).toBe(1)
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      await screenshot(page, `screen-past-${name}`)

      await page.getByRole('button', { name: /^Rules/ }).click()
      await page.getByLabel('Search the rules').fill('armour')
      await until(() => page.getByRole('option').count()).toBeGreaterThan(0)
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      await screenshot(page, `screen-rules-${name}`)
      await page.close()

      // A game before its armies: the muster and its unit editor, on the game screen.
      page = await table.openPage({ gameId: unmustered, ...size })
      await page.getByRole('region', { name: 'Army muster' }).getByRole('button', { name: 'Add a unit' }).click()
      await until(() => page.getByRole('form', { name: 'Unit editor' }).count()).toBe(1)
      expect(await overflow(page)).toBeLessThanOrEqual(0)
      await screenshot(page, `screen-muster-${name}`)
      await page.close()
    }
    expect(table.pageErrors).toEqual([])
  }, 120_000)

  it('the past offers only the way back and what can be seen: no entry, no declaration, no shortcut acts', async () => {
    const gameId = await gameOwingDice(table.api)
    const head = (await table.api.status(gameId)).seq
    const page = await table.openPage({ gameId, width: 1280, height: 800 })
    await until(() => page.getByRole('form', { name: 'Dice entry' }).count()).toBe(1)
    await until(() => page.getByRole('slider').getAttribute('max')).toBe(String(head))

    await page.getByRole('slider').fill('3')
    const past = page.getByRole('region', { name: 'Looking at the past' })
    await until(() => past.textContent()).toContain(`Seq 3 of ${head} — looking at the past`)
    await until(() => page.getByTestId('models-warriors').textContent()).toBe('20 / 20')
    expect(await page.getByRole('region', { name: 'Game console' }).count()).toBe(0)
    expect(await page.getByRole('form', { name: 'Dice entry' }).count()).toBe(0)
    expect(await page.getByRole('group', { name: 'Declare now' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /Roll for me|Record the dice|^Declare/ }).count()).toBe(0)
    // The shortcuts that act on the present do nothing here.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    for (const key of ['r', 'd', 'n', '1']) await page.keyboard.press(key)
    await page.waitForTimeout(300)
    expect((await table.api.status(gameId)).seq).toBe(head)
    await until(() => past.textContent()).toContain('looking at the past')

    await past.getByRole('button', { name: /Back to now/ }).click()
    await until(() => page.getByRole('form', { name: 'Dice entry' }).count()).toBe(1)
    expect(await page.getByRole('region', { name: 'Looking at the past' }).count()).toBe(0)
    expect(table.pageErrors).toEqual([])
    await page.close()
  }, 60_000)

  it('a dice answer is one call to the host, and the focus goes to the next entry; R then rolls', async () => {
    const gameId = await gameOwingDice(table.api)
    const head = (await table.api.status(gameId)).seq
    const page = await table.openPage({ gameId, width: 1280, height: 800 })
    await until(() => page.getByRole('form', { name: 'Dice entry' }).count()).toBe(1)
    await until(() => page.getByRole('slider').getAttribute('max')).toBe(String(head))
    await page.waitForTimeout(300)

    const calls: string[] = []
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path.startsWith('/api/') && path !== '/api/events') calls.push(path)
    })
    const entry = page.getByRole('form', { name: 'Dice entry' })
    // The sample's first roll, the Boyz to hit: 4 4 3 2 6.
    await entry.getByRole('button', { name: 'Type a list instead' }).click()
    await entry.getByLabel('The faces, as a list').fill('44326')
    await entry.getByLabel('The faces, as a list').press('Enter')
    await until(() => page.getByRole('region', { name: 'Open request' }).textContent()).toContain('to wound')
    await until(() => focusPath(page)).toMatch(/dice-entry > input$/)
    // Anything late (a live notice refetching what the answer already brought) would show here.
    await page.waitForTimeout(500)
    expect(calls).toEqual(['/api/append'])
    expect((await table.api.status(gameId)).seq).toBe(head + 1)
    await until(() => page.getByTestId('last-outcome').textContent()).toContain('3 hits')

    // The focus is in the list of the next request's entry: a letter there is named, not dropped.
    await page.keyboard.type('5 r 4')
    await until(() => page.getByTestId('dice-problem').textContent()).toBe("'r' is not a die face")
    expect(await entry.getByRole('button', { name: 'Record the dice' }).isDisabled()).toBe(true)
    await entry.getByRole('button', { name: 'Count by face instead' }).click()
    // In a count, R rolls for me (a count takes digits only).
    calls.length = 0
    await until(() => focusPath(page)).toMatch(/dice-entry > input#face-1$/)
    await page.keyboard.press('r')
    await until(() => table.api.status(gameId).then((status) => status.seq)).toBe(head + 2)
    await until(() => focusPath(page)).toMatch(/dice-entry > input#face-1$/)
    await page.waitForTimeout(300)
    expect(calls).toEqual(['/api/rollDice'])
    expect(table.pageErrors).toEqual([])
    await page.close()
  }, 60_000)

  it('a choice key picks the option at once, without D first; the focus then goes to the next roll', async () => {
    const gameId = await gameOwingAChoice(table.api)
    const before = await table.api.status(gameId)
    const choice = before.openRequests[0]
    expect(choice?.kind).toBe('choice')
    const page = await table.openPage({ gameId, width: 412, height: 915 })
    await until(() => page.getByRole('group', { name: 'Choose' }).count()).toBe(1)
    await screenshot(page, 'screen-choice-412x915')
    await page.locator('body').click({ position: { x: 2, y: 2 } })
    await page.keyboard.press('1')
    await until(() => table.api.status(gameId).then((status) => status.seq)).toBe(before.seq + 1)
    const made = [...table.api.store.readEvents(gameId)].at(-1)!
    expect(made).toMatchObject({
      type: 'ChoiceMade',
      payload: { requestId: choice!.id, option: choice!.kind === 'choice' ? choice!.options[0]!.id : '' },
    })
    await until(() => focusPath(page)).toMatch(/dice-entry > input/)
    await screenshot(page, 'screen-after-choice-412x915')
    expect(table.pageErrors).toEqual([])
    await page.close()
  }, 60_000)
})
