/**
 * The renderer's bench (`npm run bench:ui`, also the end of `npm run bench`): what a player feels,
 * in Debian's headless Chromium against the web host, on a game of 5,000 events built by the
 * bench's CombatScript. For each, the median and the worst of 20:
 *
 * - from submitting a dice entry (counts per face, Enter) to its result and its explanation tree
 *   on screen (the append over HTTP, the engine step, the panel rendered);
 * - from moving the scrubber to a seq to the game's state at that seq on screen
 *   (`openGame(gameId, seq)`: the chain checked, the nearest snapshot and the events after it folded);
 * - how many calls the page makes to the host for one dice answer (counted at the host, from the
 *   submit until the page has been quiet a while after the result showed): the target is 1.
 *
 * Times are taken inside the page (performance.now(), the DOM checked every few ms), so the
 * test driver's own round trips are not counted. The database lives in a temporary folder.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from 'playwright-core'
import { type EventDraft, type GameApi, LocalGameApi } from '../../core/api/index.js'
import type { DiceRequestSpec, OpenRequest } from '../../core/engine/index.js'
import { startWebHost, type WebHost } from '../../electron/web-host.js'
import { buildGame } from './build-game.js'
import { seededRandom } from './script.js'

const EVENTS = 5_000
const RUNS = 20
const SEED = 20260430
/** What a player may wait, most times and at worst. */
const MEDIAN_TARGET_MS = 50
const WORST_TARGET_MS = 100

const here = dirname(fileURLToPath(import.meta.url))
const fromSource = fileURLToPath(import.meta.url).endsWith('.ts')
const repoRoot = resolve(here, fromSource ? '../..' : '../../..')
const rendererDir = join(repoRoot, 'dist', 'renderer')
const CHROMIUM = '/usr/bin/chromium'

/**
 * In the page: resolves once `shown()` holds, checked every few milliseconds (a timer, not an
 * animation frame: a frame is 16 ms, too coarse for the figures); refuses after 15 s, saying what
 * the page shows instead, so a bench that cannot finish says why rather than hanging.
 */
const shownWithinInPage = `(shown) => new Promise((done, fail) => {
  const give_up = performance.now() + 15000
  const check = () => {
    if (shown()) return done()
    if (performance.now() > give_up) {
      const app = document.querySelector('arbiter-app').shadowRoot
      const alert = app.querySelector('[role=alert]')
      return fail(new Error('not shown after 15 s' + (alert ? ': ' + alert.textContent.trim() : '')))
    }
    setTimeout(check, 1)
  }
  check()
})`

/** Runs in the page: submits the dice entry's counts and waits for step `seq` and its explanation. */
const submitDiceInPage = `async ({ counts, seq }) => {
  const shownWithin = ${shownWithinInPage}
  const app = document.querySelector('arbiter-app').shadowRoot
  const entry = app.querySelector('game-console').shadowRoot.querySelector('dice-entry')
  const inputs = entry.shadowRoot.querySelectorAll('.face input')
  counts.forEach((count, index) => {
    inputs[index].value = String(count)
    inputs[index].dispatchEvent(new Event('input', { bubbles: true }))
  })
  await entry.updateComplete
  const shown = () => {
    const panel = app.querySelector('explanation-panel').shadowRoot
    const head = panel.querySelector('.step-head')
    const tree = panel.querySelector('explanation-tree')
    return head !== null && head.textContent.startsWith('#' + seq + ' ') && tree !== null && tree.shadowRoot.querySelector('li') !== null
  }
  const start = performance.now()
  entry.shadowRoot.querySelector('form').requestSubmit()
  await shownWithin(shown)
  return performance.now() - start
}`

/** Runs in the page: moves the scrubber to `seq` as a drag does (an input event) and waits for that state. */
const scrubInPage = `async (seq) => {
  const shownWithin = ${shownWithinInPage}
  const app = document.querySelector('arbiter-app').shadowRoot
  const slider = app.querySelector('game-timeline').shadowRoot.querySelector('input[type=range]')
  const shown = () => app.querySelector('game-state-view').shadowRoot.querySelector('.past strong')?.textContent === '#' + seq
  const start = performance.now()
  slider.value = String(seq)
  slider.dispatchEvent(new Event('input', { bubbles: true }))
  await shownWithin(shown)
  return performance.now() - start
}`

/**
 * Runs in the page: a drag, as a hand makes one: the scrubber passes through `seqs`, one position
 * a frame (16 ms), and the time is from the last position to the state at it on screen.
 */
const dragInPage = `async (seqs) => {
  const shownWithin = ${shownWithinInPage}
  const app = document.querySelector('arbiter-app').shadowRoot
  const slider = app.querySelector('game-timeline').shadowRoot.querySelector('input[type=range]')
  const last = seqs[seqs.length - 1]
  const shown = () => app.querySelector('game-state-view').shadowRoot.querySelector('.past strong')?.textContent === '#' + last
  for (const seq of seqs.slice(0, -1)) {
    slider.value = String(seq)
    slider.dispatchEvent(new Event('input', { bubbles: true }))
    await new Promise((done) => setTimeout(done, 16))
  }
  const start = performance.now()
  slider.value = String(last)
  slider.dispatchEvent(new Event('input', { bubbles: true }))
  await shownWithin(shown)
  return performance.now() - start
}`

/** Positions a drag passes through. */
const DRAG_MOVES = 10
/** After a dice answer shows, how long the page is given to make any further call (a refetch) before they are counted. */
const SETTLE_MS = 300

/** The api the web host serves, counting the calls that reach it by method (the page's calls; the bench's own go beside it). */
function countingCalls(api: GameApi): { api: GameApi; calls: string[] } {
  const calls: string[] = []
  const counted = new Proxy(api, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        calls.push(String(name))
        return value.apply(target, args)
      }
    },
  })
  return { api: counted, calls }
}

/** Waits in the page until `test` (a JS expression over `app`, the shell's shadow root) holds. */
async function waitInPage(page: Page, test: string, what: string): Promise<void> {
  await page
    .waitForFunction(
      `(() => { const app = document.querySelector('arbiter-app')?.shadowRoot; return !!app && (${test}) })()`,
      undefined,
      {
        timeout: 60_000,
      },
    )
    .catch(async (error: unknown) => {
      await page.screenshot({ path: join(tmpdir(), 'arbiter-ui-bench-failure.png') })
      throw new Error(`bench: the page never showed ${what}: ${(error as Error).message}`)
    })
}

type DiceRequest = OpenRequest & DiceRequestSpec

/**
 * Brings the game to an open dice request, as the players would: answers a choice, starts the
 * close-combat phase, or declares an attack between two units still fighting.
 */
async function openDiceRequest(host: WebHost, api: LocalGameApi, gameId: string): Promise<DiceRequest> {
  // Written beside the host, not through it: the host is told, so the page follows as a second screen does.
  const append = async (draft: EventDraft) => {
    const step = await api.append(gameId, draft)
    host.notify({ gameId, seq: step.seq, type: step.type })
  }
  for (;;) {
    const status = await api.status(gameId)
    const open = status.openRequests[0]
    if (open?.kind === 'dice') return open
    if (open?.kind === 'choice') {
      await append({
        type: 'ChoiceMade',
        actor: open.chooser,
        payload: { requestId: open.id, option: open.options[0]!.id },
      })
      continue
    }
    const player = status.activePlayer ?? 'druchii'
    if (status.phase !== 'close-combat') {
      await append({ type: 'PhaseStarted', actor: player, payload: { phase: 'close-combat' } })
      continue
    }
    const { state } = await api.openGame(gameId)
    const fighting = Object.values(state.units).filter((unit) => unit.models >= 10 && !unit.fleeing)
    const attacker = fighting.find((unit) => unit.player === player)
    const target = fighting.find((unit) => unit.player !== player)
    if (!attacker || !target) throw new Error('bench: no two units left to fight')
    await append({
      type: 'MeleeAttacksDeclared',
      actor: player,
      payload: { attacker: attacker.id, target: target.id, models: 5 },
    })
  }
}

function summary(times: number[]): { median: number; worst: number } {
  const sorted = [...times].sort((a, b) => a - b)
  const middle = sorted.length / 2
  const median = sorted.length % 2 === 0 ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!
  return { median, worst: sorted[sorted.length - 1]! }
}

function line(name: string, times: number[]): string {
  const { median, worst } = summary(times)
  const verdict = median < MEDIAN_TARGET_MS && worst < WORST_TARGET_MS ? 'under' : 'OVER'
  const figures = `median ${median.toFixed(1).padStart(6)} ms   worst ${worst.toFixed(1).padStart(6)} ms`
  return `${name.padEnd(44)} ${figures}   (${verdict} ${MEDIAN_TARGET_MS} / ${WORST_TARGET_MS} ms)`
}

async function main(): Promise<void> {
  if (!existsSync(join(rendererDir, 'index.html'))) throw new Error(`bench: build the renderer first (${rendererDir})`)
  if (!existsSync(CHROMIUM)) throw new Error(`bench: ${CHROMIUM} is missing (apt-get install chromium)`)
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-ui-bench-'))
  const file = join(dir, 'bench.sqlite')
  try {
    const built = await buildGame(file, EVENTS, SEED)
    const api = await LocalGameApi.open(file)
    const counting = countingCalls(api)
    const host = await startWebHost({ api: counting.api, rendererDir, port: 0 })
    const browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      viewport: { width: 1600, height: 1000 },
      // The bench's waits are expressions Playwright evaluates in the page; the page's CSP forbids eval.
      bypassCSP: true,
    })
    try {
      await openDiceRequest(host, api, built.gameId)
      // The window the browser opened with: a second tab could be throttled as a background one.
      const page = browser.pages()[0] ?? (await browser.newPage())
      page.on('crash', () => console.error('bench: the page crashed'))
      page.on('pageerror', (error) => console.error(`bench: the page threw: ${error.message}`))
      await page.goto(`${host.url}#game=${built.gameId}`)
      const head = (await api.status(built.gameId)).seq
      await waitInPage(
        page,
        `app.querySelector('game-timeline')?.steps.length === ${head}`,
        `the whole timeline (${head} events)`,
      )

      const random = seededRandom(SEED)
      const diceTimes: number[] = []
      const callsPerAnswer: string[][] = []
      for (let run = 0; run < RUNS; run++) {
        const request = await openDiceRequest(host, api, built.gameId)
        await waitInPage(
          page,
          `app.querySelector('game-console')?.shadowRoot?.querySelector('dice-entry')?.request?.id === ${JSON.stringify(request.id)}`,
          `request ${request.id}`,
        )
        const counts = new Array<number>(request.sides).fill(0)
        for (let die = 0; die < request.count; die++) counts[Math.floor(random() * request.sides)]! += 1
        const seq = (await api.status(built.gameId)).seq + 1
        // The notices of the bench's own writes beside the page have been followed by now: count from here.
        await new Promise((done) => setTimeout(done, SETTLE_MS))
        counting.calls.length = 0
        diceTimes.push(
          await page
            .evaluate<number>(`(${submitDiceInPage})(${JSON.stringify({ counts, seq })})`)
            .catch(async (error) => {
              await page.screenshot({ path: join(tmpdir(), 'arbiter-ui-bench-failure.png') })
              throw new Error(
                `bench: dice entry ${run + 1} (request ${request.id}, seq ${seq}): ${(error as Error).message}`,
              )
            }),
        )
        await new Promise((done) => setTimeout(done, SETTLE_MS))
        callsPerAnswer.push([...counting.calls])
      }

      const newHead = (await api.status(built.gameId)).seq
      await waitInPage(page, `app.querySelector('game-timeline')?.head === ${newHead}`, `the head at ${newHead}`)
      const scrubTimes: number[] = []
      for (let run = 0; run < RUNS; run++) {
        // Spread over the game, never the head (that is no scrub) and never the same seq twice running.
        const seq = 1 + Math.floor(((run + random()) / RUNS) * (newHead - 2))
        scrubTimes.push(await page.evaluate(`(${scrubInPage})(${seq})`))
      }

      const dragTimes: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const from = 1 + Math.floor(random() * (newHead - 2))
        const to = 1 + Math.floor(random() * (newHead - 2))
        const seqs = Array.from({ length: DRAG_MOVES }, (_, i) =>
          Math.round(from + ((to - from) * (i + 1)) / DRAG_MOVES),
        )
        dragTimes.push(await page.evaluate(`(${dragInPage})(${JSON.stringify(seqs)})`))
      }

      console.log(
        `\n[ui] headless Chromium against the web host, a ${head.toLocaleString('en-US')}-event game, ${RUNS} runs each`,
      )
      console.log(line('dice entry submitted -> result + explanation', diceTimes))
      console.log(line('scrubber moved -> state at that seq', scrubTimes))
      console.log(line(`scrubber dragged (${DRAG_MOVES} moves) -> last state`, dragTimes))
      const most = Math.max(...callsPerAnswer.map((calls) => calls.length))
      const fewest = Math.min(...callsPerAnswer.map((calls) => calls.length))
      const kinds = [...new Set(callsPerAnswer.flat())].join(', ')
      console.log(
        `${'host calls per dice answer'.padEnd(44)} ${fewest === most ? most : `${fewest} to ${most}`} (${kinds})   ` +
          `(${most === 1 ? 'as targeted' : 'OVER'}: 1)`,
      )
      if (most !== 1) process.exitCode = 1
    } finally {
      await browser.close()
      await host.close()
      await api.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
