import { parseAndVerifyJsonl } from '../store/jsonl.js'
import type { GameApi, StepView } from './game-api-contract.js'
import { checkLog, type LogCheck } from './verify-log.js'

/** What `verifyExport` found: the file's game, or its first bad line. */
export type ExportCheck =
  | { readonly ok: true; readonly gameId: string; readonly events: number; readonly head: string }
  | { readonly ok: false; readonly line: number; readonly seq?: number; readonly problem: string }

/**
 * Checks the text of an exported game whole, without any database: each line a valid envelope of
 * one game, seq 1, 2, 3…, chained and hashed, then the closing line. Names the first bad line.
 */
export function verifyExport(text: string): ExportCheck {
  const result = parseAndVerifyJsonl(text)
  if (!result.ok) return result
  const last = result.events[result.events.length - 1]
  if (last === undefined) return { ok: false, line: 1, problem: 'line 1: the file has no events' }
  return { ok: true, gameId: last.gameId, events: result.events.length, head: last.hash }
}

/**
 * An exported game checked whole, without any database: its chain and closing line (`verifyExport`), then
 * a replay under its rules and its keys and signatures (`checkLog`). The first problem names its seq.
 */
export async function verifyExportedGame(
  text: string,
  underCurrentRules = false,
): Promise<LogCheck | Extract<ExportCheck, { ok: false }>> {
  const parsed = parseAndVerifyJsonl(text)
  if (!parsed.ok) return parsed
  return checkLog(parsed.events, underCurrentRules)
}

/** The whole export text of a game, page by page (for a file, write the pages as they come). */
export async function exportText(api: GameApi, gameId: string): Promise<string> {
  let text = ''
  let fromSeq: number | null = 1
  while (fromSeq !== null) {
    const page = await api.exportGame(gameId, { fromSeq })
    text += page.text
    fromSeq = page.nextSeq
  }
  return text
}

/** Every step of a replay, page by page; returns the game at its head. */
export async function* replaySteps(api: GameApi, gameId: string, pageSize?: number) {
  let fromSeq: number | null = 1
  for (;;) {
    const page = await api.replay(gameId, pageSize === undefined ? { fromSeq } : { fromSeq, limit: pageSize })
    yield* page.steps as StepView[]
    if (page.nextSeq === null) return page.view
    fromSeq = page.nextSeq
  }
}
