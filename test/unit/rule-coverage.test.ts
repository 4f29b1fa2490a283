import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { testsCitingRules } from '../../core/cli/rule-coverage.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

describe('arbiter rules: which tests cite an entry', () => {
  it('counts a test for the entry whose id it cites, never for a clause it names', () => {
    const root = tempDir()
    mkdirSync(join(root, 'test/unit'), { recursive: true })
    writeFileSync(
      join(root, 'test/unit/classic-example.test.ts'),
      [
        "it('a shield', () => { expect(game.cites('shield', 'save')).toBe(true) })",
        "it('hatred', () => { expect(cites(game, 'hatred', 'attacks')).toBe(true) })",
        "it('a tree', () => { expect(cites(step.explanation, 'regeneration')).toBe(true) })",
        "it('classic/killing-blow in its title', () => {})",
      ].join('\n'),
    )
    const cited = testsCitingRules(root, 'classic', ['old-world'])
    expect([...cited.keys()].sort()).toEqual(['hatred', 'killing-blow', 'regeneration', 'shield'])
    expect(cited.get('shield')).toEqual(['test/unit/classic-example.test.ts > a shield'])
  })
})
