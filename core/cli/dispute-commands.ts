import type { AuditReport, StepDifference, WhatIfResult } from '../api/index.js'
import { ARBITER, dbFlag, gameFlag, helpFlag, optional, required } from './args.js'
import { type Command, currentRulesFlag, parseJson, printWrite, where, withApi, writeJsonFlag } from './command.js'
import { readTextFile } from './files.js'
import { oneLine } from './safe-output.js'

/** The commands that settle a dispute: undo (a correction of your own last event), what-if (a fork in memory). */
export const disputeCommands = {
  undo: {
    usage: `${ARBITER} undo --db FILE --game ID --as PLAYER [--reason TEXT] [--agreed-by PLAYER]… [--json]`,
    summary: 'Take back your last event with a Correction that voids it (it stays in the log, struck through).',
    details:
      'Undo voids the last event the game still counts, when it is yours. Voiding dice the app rolled needs\n' +
      "the other players' agreement (--agreed-by each); another player's event needs a correction they agree\n" +
      "to: `declare Correction --payload '{…}'`. docs/corrections.md says which corrections are allowed.",
    flags: {
      db: dbFlag,
      game: gameFlag,
      as: { type: 'string', value: 'PLAYER', help: 'the player taking back their last event' },
      reason: { type: 'string', value: 'TEXT', help: 'why, in your words (default: "undo")' },
      'agreed-by': {
        type: 'string',
        value: 'PLAYER',
        multiple: true,
        help: 'another player who agreed, where the undo needs them (app dice)',
      },
      json: writeJsonFlag,
      help: helpFlag,
    },
    examples: [`${ARBITER} undo --db games.sqlite --game 4f1c… --as druchii --reason "typed a 1 for a 4"`],
    async run(values, _p, io) {
      const at = where(values)
      const gameId = required(values, 'game')
      const actor = required(values, 'as')
      const reason = optional(values, 'reason')
      const agreedBy = (values['agreed-by'] as string[] | undefined) ?? []
      await withApi(required(values, 'db'), 'write', async (api) => {
        const step = await api.undo(gameId, actor, { ...(reason === undefined ? {} : { reason }), agreedBy })
        await printWrite(io, step, api, gameId, at, values.json === true)
      })
      return 0
    },
  },
  'what-if': {
    usage: `${ARBITER} what-if --db FILE --game ID --edit EDITS.json [--json] [--current-rules]`,
    summary: 'Replay a fork of a game with some events edited, in memory, and show where it differs. Writes nothing.',
    details:
      'EDITS.json is a list of edits: {"kind": "dice", "seq": N, "faces": [..]}, {"kind": "choice", "seq": N,\n' +
      '"option": ID}, {"kind": "void", "seq": N}, {"kind": "replace", "seq": N, "type": T, "payload": {..}} (a\n' +
      'declaration changed, a muster mended), {"kind": "add", "after": N, "type": T, "actor": P, "payload": {..}}.\n' +
      'It prints the first seq where the fork diverges, each step that differs (the game, then the fork), the\n' +
      'units that differ at the head, and where the fork stopped if the rules refuse a recorded event in it.',
    flags: {
      db: dbFlag,
      game: gameFlag,
      edit: { type: 'string', value: 'EDITS.json', help: 'the file of edits (a JSON list)' },
      json: { type: 'boolean', help: 'print the whole comparison as one JSON object (explanations included)' },
      'current-rules': currentRulesFlag,
      help: helpFlag,
    },
    examples: [`${ARBITER} what-if --db games.sqlite --game 4f1c… --edit fear-passed.json`],
    async run(values, _p, io) {
      const source = required(values, 'edit')
      const edits = parseJson(readTextFile(source), source)
      const gameId = required(values, 'game')
      const result = await withApi(
        required(values, 'db'),
        'read',
        (api) => api.whatIf(gameId, edits as Parameters<typeof api.whatIf>[1]),
        { underCurrentRules: values['current-rules'] === true },
      )
      io.stdout.write(values.json === true ? `${JSON.stringify(result)}\n` : whatIfText(result))
      return 0
    },
  },
  audit: {
    usage: `${ARBITER} audit --db FILE --game ID [--json] [--current-rules]`,
    summary:
      'List where a game departs from the rules: claims that differ, rulings, corrections. Exit 1 if any changed it.',
    details:
      'Each entry: the seqs involved, what the table said, ruled or corrected, what the rules give, the rules cited\n' +
      'with their words, and whether it changed the game (a unit’s models, wounds or flight, a break test, a\n' +
      "combat's winner or margin). Exit 0 when nothing changed the game, 1 otherwise.",
    flags: {
      db: dbFlag,
      game: gameFlag,
      json: { type: 'boolean', help: 'print the audit as one JSON object (explanations included)' },
      'current-rules': currentRulesFlag,
      help: helpFlag,
    },
    examples: [`${ARBITER} audit --db games.sqlite --game 4f1c…`],
    async run(values, _p, io) {
      const gameId = required(values, 'game')
      const report = await withApi(required(values, 'db'), 'read', (api) => api.audit(gameId), {
        underCurrentRules: values['current-rules'] === true,
      })
      io.stdout.write(values.json === true ? `${JSON.stringify(report)}\n` : auditText(report))
      return report.changedGame ? 1 : 0
    },
  },
} satisfies Record<string, Command>

/** An audit as the command line prints it. */
export function auditText(report: AuditReport): string {
  const lines: string[] = []
  for (const entry of report.entries) {
    const mark = entry.changedGame ? 'CHANGED THE GAME' : 'did not change the game'
    lines.push(`#${entry.seq} ${entry.kind} by ${oneLine(entry.by)} (seqs ${entry.seqs.join(', ')}): ${mark}`)
    lines.push(`    table: ${oneLine(entry.table)}`)
    if (entry.rules !== null) lines.push(`    rules: ${oneLine(entry.rules)}`)
    for (const change of entry.changes) lines.push(`    - ${oneLine(change)}`)
    for (const rule of entry.cited)
      lines.push(`    cites ${rule.ruleset}/${rule.id} §${rule.clause} (${oneLine(rule.name)}): ${oneLine(rule.text)}`)
  }
  const changed = report.entries.filter((entry) => entry.changedGame).length
  lines.push(
    report.entries.length === 0
      ? `the game follows the rules: no claim differs, no ruling, no correction (seq 1 to ${report.head})`
      : `${report.entries.length} departures from the rules, ${changed} of them changed the game`,
  )
  return `${lines.join('\n')}\n`
}

/** One side of a step that differs, in a line: its outcomes, else what it asked for, else what it was. */
function sideText(side: StepDifference['real']): string {
  if (side === null) return '(not counted)'
  const said = side.outcomes.map((outcome) => outcome.text)
  if (said.length > 0) return said.map(oneLine).join('; ')
  if (side.requests.length > 0) return `-> ${side.requests.map((request) => oneLine(request.text)).join('; ')}`
  return side.explanation ? oneLine(side.explanation.text) : '(nothing)'
}

/** A what-if comparison as the command line prints it. */
export function whatIfText(result: WhatIfResult): string {
  const lines = [
    result.firstDivergence === null
      ? `the fork does not differ from the game (head seq ${result.head})`
      : `the fork diverges at seq ${result.firstDivergence} (the game's head is seq ${result.head})`,
  ]
  for (const step of result.steps) {
    const place = step.seq === null ? `added as #${step.forkSeq}` : `#${step.seq}`
    lines.push(`${place} ${step.type}`, `    game: ${sideText(step.real)}`, `    fork: ${sideText(step.fork)}`)
  }
  for (const unit of result.units)
    lines.push(
      `unit ${oneLine(unit.name)} differs at the head: ${unit.fields.join(', ')}` +
        (unit.real && unit.fork ? ` (models ${unit.real.models} in the game, ${unit.fork.models} in the fork)` : ''),
    )
  const effect = (e: WhatIfResult['effects']['onlyReal'][number]) =>
    oneLine(`${e.entry} on ${e.unit} from seq ${e.startedAt}, lasting ${e.duration.kind}`)
  for (const only of result.effects.onlyReal) lines.push(`effect only in the game: ${effect(only)}`)
  for (const only of result.effects.onlyFork) lines.push(`effect only in the fork: ${effect(only)}`)
  if (result.stopped)
    lines.push(
      `the fork stops at seq ${result.stopped.seq}: ${oneLine(result.stopped.problem)}`,
      '    (edit that event too to take the fork further)',
    )
  return `${lines.join('\n')}\n`
}
