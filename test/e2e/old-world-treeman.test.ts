import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { declarations } from '../../core/api/declarations.js'
import type { Explanation } from '../../core/api/game-api-contract.js'
import { expectNoSeriousA11yViolations, screenshot, startTable, type Table } from './browser.js'
import { enterCounts, openForm, submit, until } from './table-actions.js'

/**
 * Issue 14's Old World case: a Treeman charges Spearmen 7" away through the charge form, its Terror test and
 * charge range rolled at the table; the combat is fought from the form the charge fills, carrying the 7 whole
 * inches moved; and the Treeman strikes first, its Initiative 2 raised by 3 for the inches charged (old-world
 * strike-order §charging) above the Spearmen's 3 — the order on screen being the engine's. The recorded
 * scenario test/scenarios/old-world/treeman-charges-infantry.test.ts works the same fight out by hand.
 */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

/** Answers the open dice request at the table with `faces`, once the screen shows it. */
async function answerDice(page: Page, gameId: string, purpose: string, faces: readonly number[]): Promise<void> {
  const opened = async () => (await table.api.openGame(gameId)).openRequests[0]
  await until(async () => {
    const open = await opened()
    return open?.kind === 'dice' ? open.purpose : null
  }).toBe(purpose)
  const open = await opened()
  const { seq } = await table.api.status(gameId)
  await until(() => page.getByRole('region', { name: 'Open request' }).textContent()).toContain(open!.text)
  await enterCounts(page, faces)
  await until(async () => (await table.api.status(gameId)).seq).toBeGreaterThan(seq)
}

describe('an Old World Treeman charges, and strikes in the order its charge gives it', () => {
  it('charges 7" by form, fights the combat the charge filled with the inches moved, and strikes first at I 5', async () => {
    const api = table.api
    const { gameId } = await api.createGame({
      ruleset: 'old-world',
      title: 'The Treeman at the Spearmen',
      players: [
        { id: 'wood-elves', name: 'Wood Elves' },
        { id: 'empire', name: 'Empire' },
      ],
      actor: 'wood-elves',
    })
    // The ready Treeman as it stands, and Spearmen five wide with no armour, as the scenario has them.
    const troops = await api.troops('old-world')
    const treeman = troops.find((troop) => troop.id === 'treeman')!.unit
    await api.append(gameId, {
      type: 'ArmyMustered',
      actor: 'wood-elves',
      payload: { player: 'wood-elves', units: [treeman] },
    })
    await api.append(gameId, {
      type: 'ArmyMustered',
      actor: 'empire',
      payload: {
        player: 'empire',
        units: [
          {
            id: 'spearmen',
            name: 'Spearmen',
            troopType: 'infantry',
            models: 20,
            profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
            gear: ['hand-weapon'],
            rules: ['close-order'],
            formation: { files: 5 },
          },
        ],
      },
    })

    const page = await table.openPage({ gameId, width: 1280, height: 800 })
    const console_ = page.getByRole('region', { name: 'Game console' })
    await until(() => console_.getByRole('group', { name: 'Declare now' }).count()).toBe(1)
    let form = await openForm(page, 'TurnStarted')
    await form.getByLabel('Player', { exact: true }).selectOption({ label: 'Wood Elves' })
    await submit(form, 'TurnStarted')
    await until(() => page.getByTestId('turn').textContent()).toBe('1')
    form = await openForm(page, 'PhaseStarted')
    await form.getByLabel('Phase').selectOption({ label: 'Movement' })
    await submit(form, 'PhaseStarted')
    await until(() => page.getByTestId('phase').textContent()).toBe('Movement')

    // The charge, 7" into the Spearmen's front.
    form = await openForm(page, 'ChargeDeclared')
    await form.getByLabel('Charging unit').selectOption({ label: 'Treeman' })
    await form.getByLabel('Target').selectOption({ label: 'Spearmen' })
    await form.getByLabel('Distance').fill('7')
    await screenshot(page, 'treeman-01-charge-form-1280')
    await submit(form, 'ChargeDeclared')
    // Terror: the Spearmen test at once, 4 + 2 = 6 against Ld 7, and hold; M 5 + the higher of 2 and 4 = 9".
    await answerDice(page, gameId, 'terror-test', [4, 2])
    await until(() => page.getByRole('group', { name: 'Choose' }).count()).toBe(1)
    await page.getByRole('group', { name: 'Choose' }).getByRole('button', { name: /hold$/ }).click()
    await answerDice(page, gameId, 'charge-range', [2, 4])
    const explanation = page.getByRole('region', { name: 'Explanation' })
    await until(() => explanation.textContent()).toContain('reaches')

    // The combat phase: the combat from the log, the inches the Treeman moved filled in.
    form = await openForm(page, 'PhaseStarted')
    await form.getByLabel('Phase').selectOption({ label: 'Combat' })
    await submit(form, 'PhaseStarted')
    const fight = console_.getByRole('button', { name: 'Fight the combat: Treeman charged Spearmen' })
    await until(() => fight.count()).toBe(1)
    await fight.click()
    form = console_.getByRole('form', { name: `Declare ${declarations.CombatJoined.title}` })
    const woodElves = form.getByRole('group', { name: 'Side: Wood Elves' })
    await until(() => woodElves.getByLabel('Treeman (1)').isChecked()).toBe(true)
    expect(await woodElves.getByLabel('charged').isChecked()).toBe(true)
    expect(await form.getByLabel('Treeman: whole inches moved before contact').inputValue()).toBe('7')
    await form.getByLabel('Spearmen: models in base contact').fill('3')
    await screenshot(page, 'treeman-02-combat-form-1280')
    await expectNoSeriousA11yViolations(page)
    const before = (await api.status(gameId)).seq
    await submit(form, 'CombatJoined')
    await until(async () => (await api.status(gameId)).seq).toBeGreaterThan(before)

    const { steps } = await api.replay(gameId, {})
    const joined = steps.find((step) => step.type === 'CombatJoined')!
    expect(joined.payload).toMatchObject({
      sides: [
        { player: 'wood-elves', units: [{ unit: 'treeman', charged: true, moved: 7 }] },
        { player: 'empire', units: [{ unit: 'spearmen' }] },
      ],
      contact: expect.arrayContaining([expect.objectContaining({ unit: 'spearmen', models: 3 })]),
    })
    // The engine's strike order: the Treeman, then the Spearmen, its Initiative 2 + 3 for the 7" charged.
    const order = joined.outcomes.find((outcome) => outcome.kind === 'strike-order')!
    // The combat the charge made is named by its ChargeDeclared (charge §combat).
    const charge = steps.find((step) => step.type === 'ChargeDeclared')!
    expect(order.values).toEqual({ combat: `charge-${charge.seq}`, round: 1, steps: [['treeman'], ['spearmen']] })
    // The same on screen: the outcome line, and the Treeman's Initiative among its reasons.
    await until(() => explanation.getByRole('list', { name: 'Outcomes' }).textContent()).toContain(
      'strike order: 1. Treeman; 2. Spearmen',
    )
    const why = explanation.getByText('Why: the reasons and the rules')
    if ((await explanation.locator('details.why[open]').count()) === 0) await why.click()
    // The reasons the engine gives for the order, unfolded, are on screen: the Treeman's I 5, from its profile's
    // 2 and +3 for the 7" charged into the front, against the Spearmen's 3.
    const lines: string[] = []
    const walk = (node: Explanation) => {
      lines.push(node.text)
      for (const child of node.children) walk(child)
    }
    walk(order.explanation)
    expect(lines).toEqual(
      expect.arrayContaining([
        'Treeman I 5',
        'profile: 2',
        `charged 7" into the enemy's front: +1 I a full inch, at most +3 (+3): 2 -> 5`,
        'Spearmen I 3 (profile)',
      ]),
    )
    const tree = explanation.locator('explanation-tree')
    for (let unfold = 0; unfold < 20; unfold++) {
      const folded = tree.getByRole('button', { name: 'Show the reasons' })
      if ((await folded.count()) === 0) break
      await folded.first().click()
    }
    const shown = async () => (await tree.locator('li').allTextContents()).join('\n')
    for (const line of lines) await until(shown).toContain(line)
    await screenshot(page, 'treeman-03-strike-order-1280')
    await page.setViewportSize({ width: 412, height: 915 })
    await screenshot(page, 'treeman-03-strike-order-412')
    expect(table.pageErrors).toEqual([])
  }, 120_000)
})
