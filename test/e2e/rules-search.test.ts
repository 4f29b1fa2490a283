import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoSeriousA11yViolations, screenshot, startTable, type Table } from './browser.js'
import { until } from './table-actions.js'

/** The Rules screen as a player uses it at the table: typed searches, links between rules, axe-core clean. */
let table: Table
beforeAll(async () => {
  table = await startTable()
}, 60_000)
afterAll(async () => {
  await table?.close()
})

describe('the Rules screen', () => {
  it('the library and the rules screens have no serious or critical accessibility violation', async () => {
    const page = await table.openPage({ width: 1280, height: 800 })
    await until(() => page.getByRole('button', { name: 'Start a new game' }).count()).toBe(1)
    await expectNoSeriousA11yViolations(page)

    await page.getByRole('button', { name: /^Rules/ }).click()
    const options = page.getByRole('listbox', { name: 'Matching rules' }).getByRole('option')
    await until(() => options.count()).toBeGreaterThan(50)
    await expectNoSeriousA11yViolations(page)
    await page.getByLabel('Search the rules').fill('armor')
    await until(() => options.first().textContent()).toContain('Armour save')
    await expectNoSeriousA11yViolations(page)
    // Nothing found is a message, not an empty list the reader is left in.
    await page.getByLabel('Search the rules').fill('zzzz')
    await until(() => page.getByText('No rule matches “zzzz”.').count()).toBe(1)
    await expectNoSeriousA11yViolations(page)
    expect(table.pageErrors).toEqual([])
  }, 60_000)

  it('finds rules as they are typed, opens one by click or arrow, and follows a rule named in its text', async () => {
    const page = await table.openPage({ width: 1280, height: 800 })
    await page.getByRole('button', { name: /^Rules/ }).click()
    const search = page.getByLabel('Search the rules')
    const options = page.getByRole('listbox', { name: 'Matching rules' }).getByRole('option')
    const shown = page.getByRole('article')

    // Typed a letter at a time, as a player does: each start of "regenerat" keeps Regeneration.
    await search.pressSequentially('regenerat', { delay: 30 })
    await until(() => options.first().textContent()).toContain('Regeneration')
    await until(() => shown.getByRole('heading', { level: 2 }).textContent()).toBe('Regeneration')
    await screenshot(page, '30-rules-search-regenerat')

    await search.fill('hatreds')
    await until(() => options.first().textContent()).toContain('Hatred')
    const second = await options.nth(1).textContent()
    await options.nth(1).click()
    await until(() => options.nth(1).getAttribute('aria-selected')).toBe('true')
    expect(second).toContain(await shown.getByRole('heading', { level: 2 }).textContent())
    await search.press('ArrowUp')
    await until(() => shown.getByRole('heading', { level: 2 }).textContent()).toBe('Hatred')

    // Terror's text names Fear: the name is a link, and following it opens Fear with the whole list back.
    await search.fill('terror')
    await until(() => shown.getByRole('heading', { level: 2 }).textContent()).toBe('Terror')
    const fear = shown.getByRole('link', { name: 'Fear' }).first()
    await fear.click()
    await until(() => shown.getByRole('heading', { level: 2 }).textContent()).toBe('Fear')
    expect(await search.inputValue()).toBe('')
    await until(() => options.count()).toBeGreaterThan(50)
    expect(await page.getByRole('option', { selected: true }).textContent()).toContain('Fear')
    await screenshot(page, '31-rules-link-followed')

    // On the phone the list and the rule stack, and nothing is wider than the screen.
    await page.setViewportSize({ width: 412, height: 915 })
    await search.fill('spears')
    await until(() => options.first().textContent()).toContain('Spear')
    // The rules browser's own width (the app's header around it is another element's).
    const overflow = await page.evaluate<number>(`(() => {
      const browser = document.querySelector('arbiter-app')?.shadowRoot?.querySelector('rules-browser')
      const all = [browser, ...(browser?.shadowRoot?.querySelectorAll('*') ?? [])]
      return all.filter((element) => !element || element.getBoundingClientRect().right > window.innerWidth).length
    })()`)
    expect(overflow).toBe(0)
    await screenshot(page, '32-rules-search-phone')
    expect(table.pageErrors).toEqual([])
  }, 60_000)
})
