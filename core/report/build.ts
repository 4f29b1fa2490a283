import { audit } from '../audit/audit.js'
import type { Engine } from '../engine/driver.js'
import type { GameState, UnitState } from '../engine/types.js'
import { DEFAULT_GAME_TURNS } from '../events/game-end-events.js'
import type { FoldedEvent } from '../store/event-store.js'
import { armiesOf } from './armies.js'
import { luckOf } from './luck.js'
import { keyMoments } from './moments.js'
import { replayForReport } from './replay.js'
import { resultOf, summaryText } from './result.js'
import { REPORT_VERSION, type ReportAppendix, type ReportLang, type ReportLog, type ReportModel } from './types.js'

/** What a report is built from: the game's whole log as stored, its engine, and its checked head and signatures. */
export interface ReportInput {
  readonly engine: Engine
  readonly events: readonly FoldedEvent[]
  readonly log: ReportLog
  readonly lang: ReportLang
}

/** Only Claims, Rulings and Corrections give the audit anything to list: a log with none needs no audit fold. */
const AUDITED = new Set(['Claim', 'Ruling', 'Correction'])

function appendixOf(input: ReportInput): ReportAppendix {
  const { engine, events, log } = input
  if (!events.some((event) => AUDITED.has(event.type))) return { rulings: [], corrections: [], claims: [] }
  const found = audit({ gameId: log.gameId, engine, events })
  return {
    rulings: found.entries.filter((e) => e.kind === 'ruling'),
    corrections: found.entries.filter((e) => e.kind === 'correction'),
    claims: found.entries.filter((e) => e.kind === 'claim'),
  }
}

/**
 * The battle report's model (issue 19), from one fold of the game as corrected: the armies, the result and its
 * victory points, the story turn by turn, the key moments, the luck of the dice and the appendix of the audit.
 * Deterministic: the same events give the same model.
 */
export function buildReport(input: ReportInput): ReportModel {
  const { engine, events, log, lang } = input
  const agreed = (game: GameState) => game.progress?.turns ?? DEFAULT_GAME_TURNS
  const replay = replayForReport(engine, events, (game, names) => summaryText(game, names, agreed(game)))
  const { game, names } = replay
  const turnsAgreed = agreed(game)
  const players = game.players.map((p) => ({ id: p.id, name: p.name }))
  const mustered = new Map<string, number>()
  for (const muster of replay.musters) for (const named of muster.named) mustered.set(named.id, mustered.size)
  const order = (unit: UnitState) => mustered.get(unit.id) ?? mustered.size
  const result = resultOf(engine, replay.state, names, turnsAgreed, order)
  const luck = luckOf(replay.rolls, players)
  return {
    version: REPORT_VERSION,
    lang,
    title: game.title ?? players.map((p) => p.name).join(' v '),
    ruleset: { id: game.ruleset, name: engine.ruleset.name, variant: game.variant },
    players,
    turnsAgreed,
    turnsPlayed: game.turn,
    log,
    armies: armiesOf(replay, result.ended),
    result,
    turns: replay.turns,
    keyMoments: keyMoments(replay, luck),
    luck,
    appendix: appendixOf(input),
  }
}
