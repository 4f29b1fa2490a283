import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createEngine } from '../../core/engine/index.js'
import { buildReport } from '../../core/report/build.js'
import { renderHtml } from '../../core/report/html.js'
import { renderMarkdown } from '../../core/report/markdown.js'
import { classic } from '../../core/rules/classic/index.js'
import { oldWorld } from '../../core/rules/old-world/index.js'
import { foldedEventsOf, testLog } from '../helpers/report-game.js'
import { play as playClassic } from './classic/whole-battle-game.js'
import { play as playOldWorld } from './old-world/whole-battle-game.js'

/**
 * The reports of the two recorded whole battles, in Markdown and HTML, equal files read by eye once
 * (test/fixtures/report/*-whole-battle.*): any change to what a report of a real game says shows here as a diff to
 * read. `ARBITER_WRITE_GOLDEN=1` writes them again, to be read again before they are committed.
 */
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'report')

const battles = [
  { file: 'classic-whole-battle', game: () => playClassic(), ruleset: classic },
  { file: 'old-world-whole-battle', game: () => playOldWorld().game, ruleset: oldWorld },
]

describe.each(battles)('the report of $file', ({ file, game, ruleset }) => {
  const events = foldedEventsOf(game(), `${file}-game`)
  const model = buildReport({ engine: createEngine(ruleset), events, log: testLog(events, `${file}-game`), lang: 'en' })

  for (const [format, text] of [
    ['md', renderMarkdown(model)],
    ['html', renderHtml(model)],
  ] as const) {
    it(`in ${format} equals the file read by eye`, () => {
      const path = join(fixtures, `${file}.${format}`)
      if (process.env.ARBITER_WRITE_GOLDEN === '1') writeFileSync(path, text)
      expect(text).toBe(readFileSync(path, 'utf8'))
    })
  }
})
