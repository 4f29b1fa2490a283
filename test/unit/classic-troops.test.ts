import { describe, expect, it } from 'vitest'
import { classicTroops } from '../../core/rules/classic/troops.js'
import { openApi } from '../helpers/api-game.js'
import { EngineGame, ev } from '../helpers/classic-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

describe('classic ready troops', () => {
  it('every ready unit musters into a classic game as it is, with gear and rules from the catalogue', () => {
    for (const troop of classicTroops) {
      const game = new EngineGame(ev.created(), ev.mustered('p1', troop.unit))
      const unit = game.game.units[troop.unit.id]
      expect(unit?.name, troop.id).toBe(troop.name)
      expect(unit?.gear.length, troop.id).toBeGreaterThan(0)
    }
  })

  it('covers the generic gear the seed lists: hand weapon, spear, halberd, great weapon, lance, shields, armour, command', () => {
    const gear = new Set(classicTroops.flatMap((troop) => troop.unit.gear ?? []))
    for (const id of [
      'hand-weapon',
      'spear',
      'halberd',
      'great-weapon',
      'lance',
      'shield',
      'light-armour',
      'heavy-armour',
    ])
      expect(gear, id).toContain(id)
    expect(classicTroops.every((troop) => troop.unit.command?.standard && troop.unit.command.musician)).toBe(true)
  })

  it('GameApi.troops hands out copies a muster screen may edit', async () => {
    const api = await openApi(tempDir())
    const first = await api.troops('classic')
    expect(first.map((troop) => troop.id)).toEqual(classicTroops.map((troop) => troop.id))
    ;(first[0]?.unit as { models: number }).models = 3
    expect((await api.troops('classic'))[0]?.unit.models).toBe(classicTroops[0]?.unit.models)
    await expect(api.troops('no-such-ruleset')).rejects.toMatchObject({ code: expect.any(String) })
    await api.close()
  })
})
