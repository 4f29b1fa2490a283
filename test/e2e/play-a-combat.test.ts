import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { declarations } from '../../core/api/declarations.js'
import type { EventType } from '../../core/events/event-types.js'
import { screenshot, startTable, type Table } from './browser.js'
import { enterCounts, until } from './table-actions.js'

/**
 * A real game played through the renderer in Debian's headless Chromium against the web host:
 * the README's "record your own battle" round, clicked and typed as a player would.
 */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

interface UnitForm {
  name: string
  models: number
  profile: Record<string, number>
  gear: string[]
  command?: ('champion' | 'standard' | 'musician')[]
}

async function addUnit(page: Page, unit: UnitForm, shot?: string): Promise<void> {
  const muster = page.getByRole('region', { name: 'Army muster' })
  await muster.getByRole('button', { name: 'Add a unit' }).click()
  const editor = muster.getByRole('form', { name: 'Unit editor' })
  await editor.getByLabel('Unit name').fill(unit.name)
  await editor.getByLabel('Models').fill(String(unit.models))
  for (const [key, value] of Object.entries(unit.profile)) await editor.locator(`#c-${key}`).fill(String(value))
  for (const gear of unit.gear) await editor.getByLabel('Add gear').selectOption(gear)
  for (const role of unit.command ?? []) await editor.getByLabel(role).check()
  if (shot) await screenshot(page, shot)
  await editor.getByRole('button', { name: 'Add this unit' }).click()
  await muster.getByRole('button', { name: 'Muster 1 unit' }).click()
}

/** A declaration's button and form are named with its title, as players call it ("Fight a combat"). */
async function declare(page: Page, type: EventType, fill: (form: ReturnType<Page['getByRole']>) => Promise<void>) {
  const { title } = declarations[type]
  const console_ = page.getByRole('region', { name: 'Game console' })
  await console_.getByRole('group', { name: 'Declare now' }).getByRole('button', { name: title, exact: true }).click()
  const form = console_.getByRole('form', { name: `Declare ${title}` })
  await fill(form)
  await form.getByRole('button', { name: `Declare ${title}` }).click()
}

describe('the renderer in headless Chromium', () => {
  it('plays a round of close combat: muster, declare, dice by counts, casualties explained, timeline scrubbed', async () => {
    const page = await table.openPage()
    await until(() => page.getByRole('button', { name: 'Open the sample game' }).count()).toBe(1)
    await screenshot(page, '01-library-empty')

    await page.getByRole('button', { name: 'Start a new game' }).click()
    await page.getByLabel('Title (optional)').fill('Bridge at Kemperbad')
    await page.getByLabel('Player 1 (plays first)').fill('Empire')
    await page.getByLabel('Player 2').fill('Chaos')
    await screenshot(page, '02-new-game')
    await page.getByRole('button', { name: 'Create the game' }).click()

    await until(() => page.getByRole('region', { name: 'Army muster' }).count()).toBe(1)
    await addUnit(
      page,
      {
        name: 'Empire Swordsmen',
        models: 15,
        profile: { M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 },
        gear: ['light-armour', 'shield'],
        command: ['standard', 'musician'],
      },
      '03-unit-editor',
    )
    await until(() => page.getByLabel('Player').inputValue()).toBe('chaos')
    await addUnit(page, {
      name: 'Chaos Warriors',
      models: 10,
      profile: { M: 4, WS: 5, BS: 3, S: 4, T: 4, W: 1, I: 5, A: 1, Ld: 8 },
      gear: ['heavy-armour', 'shield'],
    })
    await until(() => page.getByTestId('models-empire-swordsmen').textContent()).toBe('15 / 15')
    await until(() => page.getByTestId('models-chaos-warriors').textContent()).toBe('10 / 10')
    await screenshot(page, '04-mustered')

    await declare(page, 'TurnStarted', async (form) => {
      await form.getByLabel('Player', { exact: true }).selectOption('chaos')
    })
    await declare(page, 'PhaseStarted', async (form) => {
      await form.getByLabel('Phase').selectOption('close-combat')
    })
    await declare(page, 'CombatJoined', async (form) => {
      await form.getByLabel('Combat name').fill('bridge')
      await form.getByRole('group', { name: 'Side: Empire' }).getByLabel('Empire Swordsmen (15)').check()
      const chaos = form.getByRole('group', { name: 'Side: Chaos' })
      await chaos.getByLabel('Chaos Warriors (10)').check()
      await chaos.getByLabel('charged').check()
      await screenshot(page, '05-combat-joined-form')
    })

    // The README's round: Chaos to hit 3+ with 6 2 3 5 1, to wound 3+ with 4 2 6, the Swordsmen save 6+ with 6 4.
    const request = page.getByRole('region', { name: 'Open request' })
    await until(() => request.textContent()).toContain('Chaos Warriors: roll 5 D6 to hit Empire Swordsmen, 3+')
    await until(() => page.getByTestId('expected').textContent()).toBe('3.33')
    await screenshot(page, '06-dice-request-with-odds')
    await enterCounts(page, [6, 2, 3, 5, 1])
    await until(() => request.textContent()).toContain('to wound')
    // The to-wound dice as a list instead: "426", one digit a die.
    await page.getByRole('button', { name: 'Type a list instead' }).click()
    await page.getByLabel('The faces, as a list').fill('426')
    await page.getByLabel('The faces, as a list').press('Enter')
    await until(() => request.textContent()).toContain('save')
    // The entry keeps the way a player last typed: back to counts for the save.
    await page.getByRole('button', { name: 'Count by face instead' }).click()
    await enterCounts(page, [6, 4])

    const explanation = page.getByRole('region', { name: 'Explanation' })
    await until(() => explanation.getByRole('list', { name: 'Outcomes' }).textContent()).toMatch(
      /Empire Swordsmen loses 1 model/,
    )
    await until(() => page.getByTestId('models-empire-swordsmen').textContent()).toBe('14 / 15')
    // The reasons are folded until asked for.
    await explanation.getByText('Why: the reasons and the rules').click()
    const armourSave = explanation.getByRole('article', { name: /^Rule armour-save/ }).first()
    await until(() => armourSave.textContent()).toContain('classic/armour-save')
    await screenshot(page, '07-casualties-explained')

    // Back to the combat's declaration: all fifteen Swordsmen stand again.
    const timeline = page.getByRole('region', { name: 'Timeline' })
    const combatJoined = await table.api.replay((await table.api.listGames()).find((g) => g.intact)!.gameId, {})
    const joinedSeq = combatJoined.steps.find((step) => step.type === 'CombatJoined')!.seq
    await timeline.getByRole('slider').fill(String(joinedSeq))
    await until(() => page.getByTestId('models-empire-swordsmen').textContent()).toBe('15 / 15')
    await until(() => page.getByRole('region', { name: 'Game state' }).getByRole('status').textContent()).toContain(
      `#${joinedSeq}`,
    )
    await screenshot(page, '08-timeline-scrubbed-back')

    // By keyboard alone: Escape comes back to now, R has Arbiter roll the Swordsmen's attacks.
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Escape')
    await until(() => page.getByTestId('models-empire-swordsmen').textContent()).toBe('14 / 15')
    const head = Number(await timeline.getByRole('slider').getAttribute('max'))
    await page.keyboard.press('r')
    await until(() => explanation.textContent()).toContain(`#${head + 1} DiceRolled`)
    await until(() => timeline.getByRole('slider').getAttribute('max')).toBe(String(head + 1))

    await page.getByRole('button', { name: /^Rules/ }).click()
    await page.getByLabel('Search the rules').fill('armour save')
    await until(() => page.getByRole('option').first().textContent()).toContain('Armour')
    await screenshot(page, '09-rules-browser')
    expect(table.pageErrors).toEqual([])
  }, 120_000)
})
