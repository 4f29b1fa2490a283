import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { declarations } from '../../core/api/index.js'
import type { EventType } from '../../core/events/event-types.js'

/** Waits for the page to show something: the UI answers after a call across the host. */
export const until = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 50 })

/** A declaration's button, form and submit are named with its title ("Charge"), as players call it. */
export async function openForm(page: Page, type: EventType): Promise<Locator> {
  const { title } = declarations[type]
  const console_ = page.getByRole('region', { name: 'Game console' })
  await console_.getByRole('group', { name: 'Declare now' }).getByRole('button', { name: title, exact: true }).click()
  const form = console_.getByRole('form', { name: `Declare ${title}` })
  await until(() => form.count()).toBe(1)
  return form
}

export async function submit(form: Locator, type: EventType): Promise<void> {
  await form.getByRole('button', { name: `Declare ${declarations[type].title}` }).click()
}

/** Answers the open dice request at the table: `faces` typed as counts per face, then Enter. */
export async function enterCounts(page: Page, faces: readonly number[]): Promise<void> {
  const entry = page.getByRole('form', { name: 'Dice entry' })
  for (let face = 1; face <= 6; face++)
    await entry.getByLabel(`How many ${face}s`).fill(String(faces.filter((each) => each === face).length))
  await entry.getByLabel('How many 6s').press('Enter')
}
