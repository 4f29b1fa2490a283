import { audit } from '../audit/audit.js'
import { foldEvents } from '../audit/corrected-fold.js'
import type { Engine } from '../engine/driver.js'
import type { GameState } from '../engine/types.js'
import type { FoldedEvent } from '../store/event-store.js'
import { luckOf } from './luck.js'
import { REPORT_VERSION, type ReportLang, type ReportLog, type ReportModel } from './types.js'

/** What a report is built from: the game's whole log as stored, its engine, and its checked head and signatures. */
export interface ReportInput {
  readonly engine: Engine
  readonly events: readonly FoldedEvent[]
  readonly log: ReportLog
  readonly lang: ReportLang
}

// PROVISIONAL (replaced by the report-model helper): the frame of the model from one fold.
export function buildReport(input: ReportInput): ReportModel {
  const { engine, events, log, lang } = input
  const state = foldEvents(engine, engine.initialState(), events)
  const game = state.game as GameState
  const found = audit({ gameId: log.gameId, engine, events })
  const vp = game.score?.vp ?? {}
  return {
    version: REPORT_VERSION,
    lang,
    title: game.title ?? game.players.map((p) => p.name).join(' v '),
    ruleset: { id: game.ruleset, name: engine.ruleset.name, variant: game.variant },
    players: game.players.map((p) => ({ id: p.id, name: p.name })),
    turnsAgreed: game.progress?.turns ?? 6,
    turnsPlayed: game.turn,
    log,
    armies: [],
    result: {
      ended: game.result !== undefined,
      reason: game.result?.reason ?? null,
      conceded: game.result?.conceded ?? null,
      winner: game.result?.winner ?? null,
      margin: game.result?.margin ?? 0,
      band: game.result?.band ?? null,
      vp: Object.fromEntries(Object.entries(vp).map(([player, value]) => [player, { value, seqs: [] }])),
      lines: [],
      summary: {
        text: game.result ? `${game.result.winner ?? 'nobody'}: ${game.result.band}` : 'the game goes on',
        seqs: [],
      },
    },
    turns: [],
    keyMoments: [],
    luck: luckOf([], []),
    appendix: {
      rulings: found.entries.filter((e) => e.kind === 'ruling'),
      corrections: found.entries.filter((e) => e.kind === 'correction'),
      claims: found.entries.filter((e) => e.kind === 'claim'),
    },
  }
}
