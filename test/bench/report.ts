/**
 * The battle report figures (issue 19): the report of the 10,000-event game as HTML and as Markdown through
 * GameApi.report on a fresh read-only GameApi (so its whole-chain check and replay are paid, as a command pays them),
 * and as a PDF through the command line's own path (`arbiter report --format pdf`: the HTML, then a headless Chromium
 * prints it), in this process. Without a browser the PDF is not measured, and the reason is given.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { LocalGameApi } from '../../core/api/index.js'
import { main } from '../../core/cli/main.js'
import { findBrowser } from '../../core/cli/pdf-print.js'

const RUNS = 3

export interface Timing {
  readonly median: number
  readonly worst: number
}

export interface ReportFigures {
  readonly html: Timing & { readonly bytes: number }
  readonly md: Timing & { readonly bytes: number }
  readonly pdf: (Timing & { readonly bytes: number; readonly browser: string }) | { readonly notMeasured: string }
}

function timing(times: readonly number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b)
  return { median: sorted[Math.floor(sorted.length / 2)] as number, worst: sorted[sorted.length - 1] as number }
}

const msSince = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6

async function apiReportTimes(file: string, gameId: string, format: 'html' | 'md') {
  const times: number[] = []
  let bytes = 0
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint()
    const api = await LocalGameApi.open(file, { mustExist: true, readOnly: true })
    try {
      bytes = Buffer.byteLength((await api.report(gameId, { format })).text)
    } finally {
      await api.close()
    }
    times.push(msSince(started))
  }
  return { ...timing(times), bytes }
}

export async function reportFigures(file: string, gameId: string, dir: string): Promise<ReportFigures> {
  const html = await apiReportTimes(file, gameId, 'html')
  const md = await apiReportTimes(file, gameId, 'md')
  let browser: string
  try {
    browser = findBrowser()
  } catch (error) {
    return { html, md, pdf: { notMeasured: (error as Error).message.split(';')[0] as string } }
  }
  const out = join(dir, 'report.pdf')
  const quiet = { write: () => true }
  let failure = ''
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint()
    const code = await main(['report', '--db', file, '--game', gameId, '--format', 'pdf', '--out', out], {
      stdout: quiet,
      stderr: { write: (text: string) => (failure += text) },
    })
    if (code !== 0) return { html, md, pdf: { notMeasured: failure.trim() } }
    times.push(msSince(started))
  }
  return { html, md, pdf: { ...timing(times), bytes: statSync(out).size, browser } }
}
