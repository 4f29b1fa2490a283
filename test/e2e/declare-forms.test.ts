import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unitDef } from '../helpers/classic-game.js'
import { artifactsDir, screenshot, startTable, type Table } from './browser.js'
import { enterCounts, openForm, submit, until } from './table-actions.js'

/**
 * The declaration forms in headless Chromium: a classic turn declared only through forms built from the one
 * description (core/api/declarations) — a charge, a shot, a Panic test — with units, weapons and causes picked by
 * name and no JSON box anywhere; then the charge that reached leads straight to its combat, filled from the log.
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
  { width: 412, height: 915 },
] as const

/** Screenshots the open form at the table's two sizes, and checks nothing in it runs off the window. */
async function lookAt(page: Page, form: Locator, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await form.scrollIntoViewIfNeeded()
    await screenshot(page, `forms-${name}-${size.width}`)
    await form.screenshot({ path: join(artifactsDir, `forms-${name}-${size.width}-form.png`) })
    const fits = await form.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const inner = element.shadowRoot?.querySelector('form') ?? element
      return { right: box.right, inside: inner.scrollWidth <= inner.clientWidth }
    })
    const width = (await page.evaluate('innerWidth')) as number
    expect(fits.inside, `${name} at ${size.width}: the form's content is wider than the form`).toBe(true)
    expect(fits.right, `${name} at ${size.width}: the form runs off the window`).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 1600, height: 1000 })
}

describe('a declaration form for every declaration', () => {
  it('declares a charge, a shot and a Panic test by name, and the charge that reached leads to its combat', async () => {
    const api = table.api
    const { gameId } = await api.createGame({
      ruleset: 'classic',
      title: 'Forms at the ford',
      players: [
        { id: 'empire', name: 'Empire' },
        { id: 'chaos', name: 'Chaos' },
      ],
      actor: 'empire',
    })
    const muster = (player: string, units: unknown[]) =>
      api.append(gameId, { type: 'ArmyMustered', actor: player, payload: { player, units } })
    await muster('empire', [
      unitDef('swordsmen', {
        name: 'Empire Swordsmen',
        models: 15,
        formation: { files: 5 },
        gear: ['hand-weapon', 'shield'],
      }),
      unitDef('outriders', { name: 'Outriders', models: 1 }),
      unitDef('militia', { name: 'Militia', models: 10, formation: { files: 5 } }),
    ])
    await muster('chaos', [
      unitDef('knights', { name: 'Chaos Knights', models: 5, profile: { M: 7 }, formation: { files: 5 } }),
      unitDef('crossbows', { name: 'Marauder Crossbows', models: 10, gear: ['hand-weapon', 'repeater-crossbow'] }),
    ])
    const page = await table.openPage({ gameId })
    const console_ = page.getByRole('region', { name: 'Game console' })
    await until(() => console_.getByRole('group', { name: 'Declare now' }).count()).toBe(1)

    let form = await openForm(page, 'TurnStarted')
    await form.getByLabel('Player', { exact: true }).selectOption({ label: 'Chaos' })
    await submit(form, 'TurnStarted')
    await until(() => page.getByTestId('turn').textContent()).toBe('1')
    form = await openForm(page, 'PhaseStarted')
    await form.getByLabel('Phase').selectOption({ label: 'Movement' })
    await submit(form, 'PhaseStarted')
    await until(() => page.getByTestId('phase').textContent()).toBe('Movement')

    // The charge: units by name (never an id), the distance in inches as a player writes it, the facing.
    form = await openForm(page, 'ChargeDeclared')
    expect(await form.locator('textarea').count()).toBe(0)
    const charger = form.getByLabel('Charging unit')
    expect(await charger.locator('option').allTextContents()).toEqual(['Chaos Knights', 'Marauder Crossbows'])
    await charger.selectOption({ label: 'Chaos Knights' })
    const target = form.getByLabel('Target')
    expect(await target.locator('option').allTextContents()).toEqual(['Empire Swordsmen', 'Outriders', 'Militia'])
    await target.selectOption({ label: 'Empire Swordsmen' })
    await form.getByLabel('Distance').fill('9"')
    await form.getByLabel('Into its').selectOption({ label: 'Flank' })
    expect(await form.getByText('inches').count()).toBeGreaterThan(0)
    // Classic has no terrain rules: the form does not ask.
    expect(await form.getByLabel('Terrain crossed').count()).toBe(0)
    await lookAt(page, page.locator('declare-form'), 'charge')
    await submit(form, 'ChargeDeclared')
    const request = page.getByRole('region', { name: 'Open request' })
    await until(() => request.textContent()).toContain('Empire Swordsmen')
    await page.getByRole('group', { name: 'Choose' }).getByRole('button', { name: /hold$/ }).click()
    const explanation = page.getByRole('region', { name: 'Explanation' })
    await until(() => explanation.textContent()).toContain("Chaos Knights's charge reaches Empire Swordsmen")

    // The shot: only the unit that shoots is offered, with the weapon it carries, by name.
    form = await openForm(page, 'PhaseStarted')
    await form.getByLabel('Phase').selectOption({ label: 'Shooting' })
    await submit(form, 'PhaseStarted')
    await until(() => page.getByTestId('phase').textContent()).toBe('Shooting')
    form = await openForm(page, 'ShotDeclared')
    expect(await form.locator('textarea').count()).toBe(0)
    expect(await form.getByLabel('Shooting unit').locator('option').allTextContents()).toEqual(['Marauder Crossbows'])
    expect(await form.getByLabel('Weapon').locator('option').allTextContents()).toEqual(['Repeater Crossbow'])
    expect(await form.getByLabel('Cover').locator('option').allTextContents()).toEqual([
      'No cover',
      'Soft cover',
      'Hard cover',
    ])
    await form.getByLabel('Target').selectOption({ label: 'Outriders' })
    await form.getByLabel('Distance').fill('12')
    await form.getByLabel('Models shooting').fill('2')
    await lookAt(page, page.locator('declare-form'), 'shot')
    await submit(form, 'ShotDeclared')
    // Every die a 6: the Outriders are shot down.
    for (let round = 0; round < 4; round++) {
      const open = (await api.openGame(gameId)).openRequests[0]
      if (open?.kind !== 'dice') break
      await until(() => request.textContent()).toContain(open.text)
      await enterCounts(
        page,
        Array.from({ length: open.count }, () => 6),
      )
      await until(async () => (await api.openGame(gameId)).seq).toBeGreaterThan(open.openedAt)
    }
    await until(() => page.getByTestId('models-outriders').textContent()).toBe('0 / 1')

    // The Panic test the table owes: the friend destroyed is offered by name, as the cause says. The Swordsmen are
    // in the combat the Knights' charge made (charge §combat): the Militia test.
    form = await openForm(page, 'PanicTestDeclared')
    expect(await form.locator('textarea').count()).toBe(0)
    await form.getByLabel('as', { exact: true }).selectOption({ label: 'Empire' })
    await form.getByLabel('Unit testing').selectOption({ label: 'Militia' })
    await form.getByLabel('Because').selectOption({ label: 'A friend was destroyed within 6"' })
    expect(await form.getByLabel('Friend').locator('option').allTextContents()).toEqual(['Outriders'])
    await lookAt(page, page.locator('declare-form'), 'panic')
    await submit(form, 'PanicTestDeclared')
    await until(() => request.textContent()).toContain('Panic')
    await enterCounts(page, [1, 2])
    await until(async () => (await api.openGame(gameId)).openRequests.length).toBe(0)
    const panic = (await api.replay(gameId, {})).steps
      .flatMap((step) => step.outcomes)
      .find((o) => o.kind === 'psychology-test')
    expect(panic?.values).toMatchObject({ unit: 'militia', test: 'panic', passed: true })

    // The close-combat phase: the console offers the combat the charge led to, every fact from the log.
    form = await openForm(page, 'PhaseStarted')
    await form.getByLabel('Phase').selectOption({ label: 'Close combat' })
    await submit(form, 'PhaseStarted')
    const fight = console_.getByRole('button', { name: 'Fight the combat: Chaos Knights charged Empire Swordsmen' })
    await until(() => fight.count()).toBe(1)
    await fight.click()
    form = console_.getByRole('form', { name: 'Declare Fight a combat' })
    const chaos = form.getByRole('group', { name: 'Side: Chaos' })
    await until(() => chaos.getByLabel('Chaos Knights (5)').isChecked()).toBe(true)
    expect(await chaos.getByLabel('charged').isChecked()).toBe(true)
    expect(await chaos.getByLabel("Chaos Knights: the enemy's facing it fights").inputValue()).toBe('flank')
    const empire = form.getByRole('group', { name: 'Side: Empire' })
    expect(await empire.getByLabel('Empire Swordsmen (15)').isChecked()).toBe(true)
    expect(await empire.getByLabel('charged').isChecked()).toBe(false)
    expect(await form.locator('textarea').count()).toBe(0)
    await lookAt(page, page.locator('declare-form'), 'combat-from-charge')
    await submit(form, 'CombatJoined')
    await until(() => request.textContent()).toContain('to hit')

    const steps = (await api.replay(gameId, {})).steps
    const joined = steps.find((step) => step.type === 'CombatJoined')?.payload as { sides: unknown }
    expect(joined.sides).toEqual([
      { player: 'empire', units: [{ unit: 'swordsmen', charged: false, facing: 'front' }] },
      { player: 'chaos', units: [{ unit: 'knights', charged: true, facing: 'flank' }] },
    ])
    const charge = steps.find((step) => step.type === 'ChargeDeclared')?.payload
    expect(charge).toEqual({ unit: 'knights', target: 'swordsmen', distance: 9, facing: 'flank' })
    // No JSON box on the game screen, then or now.
    expect(await page.locator('textarea').count()).toBe(0)
    expect(table.pageErrors).toEqual([])
  }, 120_000)

  it('The Old World: the charge asks the terrain crossed, and its combat carries the inches the charger moved', async () => {
    const api = table.api
    const { gameId } = await api.createGame({
      ruleset: 'old-world',
      title: 'Forms in the Old World',
      players: [
        { id: 'empire', name: 'Empire' },
        { id: 'chaos', name: 'Chaos' },
      ],
      actor: 'empire',
    })
    const muster = (player: string, units: unknown[]) =>
      api.append(gameId, { type: 'ArmyMustered', actor: player, payload: { player, units } })
    await muster('empire', [unitDef('swordsmen', { name: 'Empire Swordsmen', models: 15, formation: { files: 5 } })])
    await muster('chaos', [
      unitDef('knights', {
        name: 'Chaos Knights',
        models: 5,
        troopType: 'heavy-cavalry',
        profile: { M: 7 },
        formation: { files: 5 },
      }),
    ])
    const page = await table.openPage({ gameId })
    const console_ = page.getByRole('region', { name: 'Game console' })
    await until(() => console_.getByRole('group', { name: 'Declare now' }).count()).toBe(1)
    let form = await openForm(page, 'TurnStarted')
    await form.getByLabel('Player', { exact: true }).selectOption({ label: 'Chaos' })
    await submit(form, 'TurnStarted')
    await until(() => page.getByTestId('turn').textContent()).toBe('1')
    form = await openForm(page, 'PhaseStarted')
    expect(await form.getByLabel('Phase').locator('option').allTextContents()).toEqual([
      'Strategy',
      'Movement',
      'Shooting',
      'Combat',
    ])
    await form.getByLabel('Phase').selectOption({ label: 'Movement' })
    await submit(form, 'PhaseStarted')
    await until(() => page.getByTestId('phase').textContent()).toBe('Movement')

    form = await openForm(page, 'ChargeDeclared')
    await form.getByLabel('Distance').fill('8.5')
    expect(await form.getByLabel('Terrain crossed').locator('option').allTextContents()).toEqual([
      '—',
      'Difficult terrain',
      'Dangerous terrain',
    ])
    await lookAt(page, page.locator('declare-form'), 'old-world-charge')
    await submit(form, 'ChargeDeclared')
    await page.getByRole('group', { name: 'Choose' }).getByRole('button', { name: /hold$/ }).click()
    // M 7 + the higher of 5 and 2 = 12": the Knights reach the Swordsmen 8.5" away, and moved 8 whole inches.
    const request = page.getByRole('region', { name: 'Open request' })
    await until(() => request.textContent()).toContain('charge range')
    await enterCounts(page, [5, 2])
    await until(() => page.getByRole('region', { name: 'Explanation' }).textContent()).toContain('reaches')

    form = await openForm(page, 'PhaseStarted')
    await form.getByLabel('Phase').selectOption({ label: 'Combat' })
    await submit(form, 'PhaseStarted')
    const fight = console_.getByRole('button', { name: 'Fight the combat: Chaos Knights charged Empire Swordsmen' })
    await until(() => fight.count()).toBe(1)
    await fight.click()
    form = console_.getByRole('form', { name: 'Declare Fight a combat' })
    const moved = form.getByLabel('Chaos Knights: whole inches moved before contact')
    await until(() => moved.inputValue()).toBe('8')
    await lookAt(page, page.locator('declare-form'), 'old-world-combat-from-charge')
    await submit(form, 'CombatJoined')
    await until(() => request.textContent()).toContain('to hit')
    const joined = (await api.replay(gameId, {})).steps.find((step) => step.type === 'CombatJoined')?.payload
    expect(joined).toMatchObject({
      sides: [
        { player: 'empire', units: [{ unit: 'swordsmen', charged: false, facing: 'front' }] },
        { player: 'chaos', units: [{ unit: 'knights', charged: true, facing: 'front', moved: 8 }] },
      ],
    })
    expect(table.pageErrors).toEqual([])
  }, 120_000)
})
