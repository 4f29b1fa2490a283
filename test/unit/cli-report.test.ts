import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LocalGameApi } from '../../core/api/index.js'
import { findBrowser, printPdf } from '../../core/cli/pdf-print.js'
import { firstDifference } from '../../core/cli/report-commands.js'
import { ArbiterError } from '../../core/events/errors.js'
import { readReportMeta } from '../../core/report/meta.js'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

/**
 * `arbiter report` and `arbiter verify --report` (issue 19 items 3-5). The game is the demo's two combat rounds,
 * ended by the Orcs' concession, so that the report has a result. The PDFs are printed by Debian's Chromium
 * (.ci/run installs it) and read with poppler-utils (pdfinfo, pdftotext, pdftoppm).
 */
const tempDir = useTempDir()
const CHROMIUM = '/usr/bin/chromium'
const artifacts = join(import.meta.dirname, '..', 'e2e', 'artifacts')

afterEach(() => {
  vi.unstubAllEnvs()
})

/** A demo game ended by a concession (druchii win), in a database of its own; its head seq and hash. */
async function endedDemo(): Promise<{ dir: string; db: string; gameId: string; head: { seq: number; hash: string } }> {
  const dir = tempDir()
  const db = join(dir, 'games.sqlite')
  const gameId = (await run('demo', '--db', db)).out.trimEnd().split('\n').at(-1) as string
  const ended = await run(
    'declare',
    'GameEnded',
    '--reason',
    'concession',
    '--db',
    db,
    '--game',
    gameId,
    '--as',
    'orcs',
  )
  expect(ended.code, ended.err).toBe(0)
  const api = await LocalGameApi.open(db, { readOnly: true })
  const { head } = await api.signatures(gameId)
  await api.close()
  return { dir, db, gameId, head }
}

/** The report the api writes of a game, for comparing the command's file with. */
async function apiReport(db: string, gameId: string, format: 'md' | 'html'): Promise<string> {
  const api = await LocalGameApi.open(db, { readOnly: true })
  try {
    return (await api.report(gameId, { format, lang: 'en' })).text
  } finally {
    await api.close()
  }
}

async function exported(db: string, gameId: string, out: string): Promise<string> {
  expect((await run('export', '--db', db, '--game', gameId, '--out', out)).code).toBe(0)
  return out
}

const pdfInfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' })
const pagesOf = (file: string) => Number(/^Pages:\s+(\d+)$/m.exec(pdfInfo(file))?.[1])

/** The width and height of a PNG, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const png = readFileSync(file)
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

/** The share of dark pixels in rows [from, to) of a binary PGM (P5) such as `pdftoppm -gray` writes. */
function darkShare(pgm: Buffer, fromRow: number, toRow: number): number {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))
  if (!header) throw new Error('not a binary PGM')
  const width = Number(header[1])
  const offset = header[0].length
  let dark = 0
  for (let i = offset + fromRow * width; i < offset + toRow * width; i++) if ((pgm[i] as number) < 128) dark++
  return dark / ((toRow - fromRow) * width)
}

/** Every file of a folder with its bytes and modification time. */
function folderPrint(folder: string): unknown {
  return readdirSync(folder)
    .sort()
    .map((name) => ({
      name,
      bytes: readFileSync(join(folder, name)).toString('base64'),
      mtime: statSync(join(folder, name)).mtimeMs,
    }))
}

describe('arbiter report: Markdown and HTML', () => {
  it('writes the api’s report of the game, stamped with its game, head, format and language', async () => {
    const { dir, db, gameId, head } = await endedDemo()
    for (const format of ['md', 'html'] as const) {
      const out = join(dir, `battle.${format}`)
      const result = await run('report', '--db', db, '--game', gameId, '--format', format, '--out', out)
      expect(result.code, result.err).toBe(0)
      expect(result.out).toBe(
        `wrote the ${format} report of Demo: the Boyz charge the Warriors (game ${gameId}, head #${head.seq} ` +
          `${head.hash.slice(0, 12)}…, en) to ${out}\n`,
      )
      const text = readFileSync(out, 'utf8')
      expect(text).toBe(await apiReport(db, gameId, format))
      expect(readReportMeta(text)).toEqual({
        arbiter: 'battle-report',
        version: 1,
        gameId,
        headSeq: head.seq,
        headHash: head.hash,
        format,
        lang: 'en',
      })
    }
    // --lang en is the default, said out loud.
    const out = join(dir, 'en.md')
    expect(
      (await run('report', '--db', db, '--game', gameId, '--format', 'md', '--lang', 'en', '--out', out)).code,
    ).toBe(0)
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(dir, 'battle.md'), 'utf8'))
  })

  it('refuses a bad format, a bad language, an unknown game or a missing flag, and writes nothing', async () => {
    const { dir, db, gameId } = await endedDemo()
    const out = join(dir, 'never.html')
    const cases: [string[], number, RegExp][] = [
      [['--format', 'docx'], 1, /report\/bad-format: no report format "docx": the formats are md .*, html .* and pdf/],
      [['--format', 'html', '--lang', 'fr'], 1, /report\/bad-lang: no report language "fr": reports are written in en/],
      [['--format', 'html', '--game', 'no-such-game'], 1, /no-such-game/],
      [['--format', 'html', '--out', db], 1, /is the database being read/],
      [['--format', 'html', '--out', dir], 1, /is a folder: give the path of the file to write/],
    ]
    for (const [flags, code, message] of cases) {
      const argv = ['report', '--db', db, '--game', gameId, '--out', out, ...flags]
      const result = await run(...argv)
      expect(result.code, argv.join(' ')).toBe(code)
      expect(result.err).toMatch(message)
      expect(result.out).toBe('')
      expect(existsSync(out)).toBe(false)
    }
    const missing = await run('report', '--db', db, '--game', gameId, '--out', out)
    expect(missing).toMatchObject({ code: 2, err: expect.stringMatching(/--format is required\nusage: /) })
    expect(readdirSync(dir).sort()).toEqual(['games.sqlite'])
  })

  it('is listed by --help, explains its flags, and verify --help names --report', async () => {
    expect((await run('--help')).out).toMatch(/^ {2}report {3}Write the battle report of a game/m)
    const help = (await run('report', '--help')).out
    expect(help).toMatch(/^usage: node bin\/arbiter\.js report --db FILE --game ID --format md\|html\|pdf --out FILE/)
    for (const flag of ['--db', '--game', '--format', '--out', '--lang']) expect(help).toContain(`  ${flag} `)
    expect(help).toContain('ARBITER_CHROMIUM')
    expect((await run('verify', '--help')).out).toContain('verify --report battle.html battle.jsonl')
  })
})

describe('arbiter report --format pdf', () => {
  it('prints the HTML report with Chromium: a PDF whose first page shows the title and the result', async () => {
    const { dir, db, gameId } = await endedDemo()
    vi.stubEnv('ARBITER_CHROMIUM', CHROMIUM)
    const out = join(dir, 'battle.pdf')
    const result = await run('report', '--db', db, '--game', gameId, '--format', 'pdf', '--out', out)
    expect(result.code, result.err).toBe(0)
    expect(result.out).toMatch(new RegExp(`to ${out}; printed by ${CHROMIUM}\\n$`))
    const info = pdfInfo(out)
    // The PDF's title is the HTML page's <title>: the report's.
    const html = await apiReport(db, gameId, 'html')
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] as string
    expect(info).toMatch(new RegExp(`^Title:\\s+${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'))
    // As many pages as the report prints to, each A4 or Letter; the first holds the title and the winner.
    expect(pagesOf(out)).toBeGreaterThanOrEqual(1)
    expect(info).toMatch(/^Page size:\s+(59[45]\.\d+ x 841\.\d+ pts \(A4\)|612 x 792 pts \(letter\))$/m)
    const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', out, '-'], { encoding: 'utf8' })
    expect(firstPage).toContain('Demo: the Boyz charge the Warriors')
    expect(firstPage).toMatch(/druchii/i)
    // Page 1 rendered as pdftoppm renders it, kept for looking at.
    mkdirSync(artifacts, { recursive: true })
    const png = join(artifacts, 'report-page-1')
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', out, png])
    const { width, height } = pngSize(`${png}.png`)
    expect([496, 510]).toContain(width)
    expect([702, 660]).toContain(height)
    const gray = execFileSync('pdftoppm', ['-gray', '-r', '60', '-f', '1', '-l', '1', '-singlefile', out])
    // Ink at the top of the page (the title), not a blank page.
    expect(darkShare(gray, 0, Math.round(height * 0.15))).toBeGreaterThan(0.002)
  }, 60_000)

  it('gives exactly the pages the HTML asks for, on the page size it asks for', async () => {
    const page = (n: number) => `<section style="break-after: page"><h1>Page ${n}</h1></section>`
    const head = '<!doctype html><html><head><title>Three pages</title><style>@page { size: A4 }</style></head>'
    const html = `${head}<body>${[1, 2].map(page).join('')}<h1>Page 3</h1></body></html>`
    const pdf = await printPdf(html, { browser: CHROMIUM })
    const file = join(tempDir(), 'three.pdf')
    writeFileSync(file, pdf)
    expect(pagesOf(file)).toBe(3)
    expect(pdfInfo(file)).toMatch(/^Page size:\s+59[45]\.\d+ x 841\.\d+ pts \(A4\)$/m)
    const text = execFileSync('pdftotext', ['-f', '3', '-l', '3', file, '-'], { encoding: 'utf8' })
    expect(text.trim()).toBe('Page 3')
  }, 60_000)

  it('with no browser anywhere, says plainly what it looked for and how to print the HTML instead', async () => {
    const { dir, db, gameId } = await endedDemo()
    vi.stubEnv('ARBITER_CHROMIUM', join(dir, 'no-such-chromium'))
    vi.stubEnv('PATH', dir)
    const out = join(dir, 'battle.pdf')
    const result = await run('report', '--db', db, '--game', gameId, '--format', 'pdf', '--out', out)
    expect(result.code).toBe(1)
    expect(result.err).toContain(
      'arbiter report: report/no-browser: no Chromium, Chrome or Edge was found to print the PDF',
    )
    expect(result.err).toContain(`ARBITER_CHROMIUM (${join(dir, 'no-such-chromium')}: no such program)`)
    expect(result.err).toContain(
      'chromium, chromium-browser, google-chrome, google-chrome-stable, microsoft-edge on PATH',
    )
    expect(result.err).toContain('write the report with --format html and print it to PDF from any browser')
    expect(existsSync(out)).toBe(false)
  })

  it('looks in the usual macOS and Windows install places too', () => {
    const none = () => false
    const mac = () => findBrowser({ env: { HOME: '/Users/ann' }, platform: 'darwin', isExecutable: none })
    expect(mac).toThrow('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome')
    expect(mac).toThrow('/Users/ann/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge')
    const env = { PROGRAMFILES: 'C:\\Program Files', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)', PATH: 'C:\\bin' }
    const edge = 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe'
    expect(findBrowser({ env, platform: 'win32', isExecutable: (path) => path === edge })).toBe(edge)
    // On PATH before the install places; ARBITER_CHROMIUM before both.
    const onPath = 'C:\\bin\\chrome.exe'
    expect(findBrowser({ env, platform: 'win32', isExecutable: (p) => p === edge || p === onPath })).toBe(onPath)
    const chosen = { ...env, ARBITER_CHROMIUM: 'D:\\chromium\\chrome.exe' }
    expect(findBrowser({ env: chosen, platform: 'win32', isExecutable: () => true })).toBe(chosen.ARBITER_CHROMIUM)
    // A bare name in ARBITER_CHROMIUM is a program on PATH.
    const brave = { PATH: '/opt/brave:/usr/bin', ARBITER_CHROMIUM: 'brave-browser' }
    const found = (path: string) => path === '/opt/brave/brave-browser' || path === '/usr/bin/chromium'
    expect(findBrowser({ env: brave, platform: 'linux', isExecutable: found })).toBe('/opt/brave/brave-browser')
    expect(
      findBrowser({
        env: { PATH: '/opt/x:/usr/bin' },
        platform: 'linux',
        isExecutable: (p) => p === '/usr/bin/google-chrome',
      }),
    ).toBe('/usr/bin/google-chrome')
  })

  it('a browser that fails or hangs is a clear error, stopped, and the file at --out is left as it was', async () => {
    const { dir, db, gameId } = await endedDemo()
    const failing = join(dir, 'failing-browser')
    writeFileSync(failing, '#!/bin/sh\necho "cannot open display" >&2\nexit 3\n')
    chmodSync(failing, 0o755)
    const out = join(dir, 'battle.pdf')
    writeFileSync(out, 'an earlier file')
    vi.stubEnv('ARBITER_CHROMIUM', failing)
    const result = await run('report', '--db', db, '--game', gameId, '--format', 'pdf', '--out', out)
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      `arbiter report: report/print-failed: ${failing} could not print the PDF: it exited with 3 and wrote no PDF; ` +
        'it said: cannot open display\n',
    )
    expect(readFileSync(out, 'utf8')).toBe('an earlier file')

    const hanging = join(dir, 'hanging-browser')
    const pidFile = join(dir, 'hanging.pid')
    writeFileSync(hanging, `#!/bin/sh\necho $$ > ${pidFile}\nexec sleep 60\n`)
    chmodSync(hanging, 0o755)
    const started = Date.now()
    const refused = await printPdf('<p>x</p>', { browser: hanging, timeoutMs: 500 }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ArbiterError)
    expect((refused as ArbiterError).code).toBe('report/print-failed')
    expect((refused as Error).message).toBe(
      `${hanging} could not print the PDF: it did not finish within 1 s, and was stopped`,
    )
    expect(Date.now() - started).toBeLessThan(10_000)
    const pid = Number(readFileSync(pidFile, 'utf8'))
    expect(() => process.kill(pid, 0)).toThrow()
  })
})

describe('arbiter verify --report', () => {
  it('a fresh report matches its exported log, in HTML and Markdown, and nothing is written', async () => {
    const { dir, db, gameId, head } = await endedDemo()
    const log = await exported(db, gameId, join(dir, 'battle.jsonl'))
    for (const format of ['html', 'md'] as const) {
      const report = join(dir, `battle.${format}`)
      expect((await run('report', '--db', db, '--game', gameId, '--format', format, '--out', report)).code).toBe(0)
      const before = folderPrint(dir)
      const result = await run('verify', '--report', report, log)
      expect(result.code, result.err).toBe(0)
      expect(result.out).toBe(
        `OK ${report}: the report ${log} gives, byte for byte (${format}, en), of game ${gameId} at head #${head.seq}\n` +
          `OK ${log}: ${head.seq} events, chain intact, head ${head.hash}\n` +
          'rules: every event replays; unsigned: no player has a key in this game\n',
      )
      expect(folderPrint(dir)).toEqual(before)
    }
    // --signed asks that the log is signed to its end, as for a log alone.
    const unsigned = await run('verify', '--report', join(dir, 'battle.html'), log, '--signed')
    expect(unsigned.code).toBe(1)
    expect(unsigned.out).toContain(`NOT SIGNED ${log}`)
  })

  it('a report of a game signed to its end matches its log, --signed too', async () => {
    const { dir, db, gameId } = await endedDemo()
    const as = (player: string) => ['--db', db, '--game', gameId, '--as', player, '--pin', `pin-${player}`]
    for (const player of ['druchii', 'orcs']) expect((await run('key', ...as(player))).code).toBe(0)
    for (const player of ['druchii', 'orcs']) expect((await run('sign', ...as(player), '--end', 'game')).code).toBe(0)
    const report = join(dir, 'signed.html')
    expect((await run('report', '--db', db, '--game', gameId, '--format', 'html', '--out', report)).code).toBe(0)
    const log = await exported(db, gameId, join(dir, 'signed.jsonl'))
    const result = await run('verify', '--report', report, log, '--signed')
    expect(result.code, result.err).toBe(0)
    expect(result.out).toMatch(
      /^rules: every event replays; signed by both through seq \d+ \(turn 1, the end of the game\)/m,
    )
  }, 30_000)

  it('refuses a report with one figure edited, naming the first line that differs and both versions', async () => {
    const { dir, db, gameId } = await endedDemo()
    const log = await exported(db, gameId, join(dir, 'battle.jsonl'))
    const report = join(dir, 'battle.html')
    await run('report', '--db', db, '--game', gameId, '--format', 'html', '--out', report)
    const text = readFileSync(report, 'utf8')
    // The last number of the page's visible text (between tags) that is no part of a hash or an id: one more.
    const body = text.indexOf('</head>')
    const figures = [...text.slice(body).matchAll(/>([^<]+)</g)].flatMap((node) =>
      [...(node[1] as string).matchAll(/(?<![0-9a-f-])\d+(?![0-9a-f-])/g)].map((number) => ({
        at: body + (node.index as number) + 1 + (number.index as number),
        value: number[0],
      })),
    )
    const figure = figures.at(-1) as { at: number; value: string }
    const edited = `${text.slice(0, figure.at)}${Number(figure.value) + 1}${text.slice(figure.at + figure.value.length)}`
    writeFileSync(report, edited)
    const result = await run('verify', '--report', report, log)
    expect(result.code).toBe(1)
    expect(result.out).toBe('')
    expect(result.err).toMatch(
      new RegExp(
        `^arbiter verify: report/does-not-match: ${report} is not the report ${log} gives: they differ from line \\d+`,
      ),
    )
    expect(result.err).toContain(`the report has "`)
    expect(result.err).toContain(String(Number(figure.value) + 1))
  })

  it('refuses a report whose stamp names another head, and one whose visible head hash was edited', async () => {
    const { dir, db, gameId, head } = await endedDemo()
    const log = await exported(db, gameId, join(dir, 'battle.jsonl'))
    const report = join(dir, 'battle.html')
    await run('report', '--db', db, '--game', gameId, '--format', 'html', '--out', report)
    const text = readFileSync(report, 'utf8')
    const forged = `${head.hash[0] === 'a' ? 'b' : 'a'}${head.hash.slice(1)}`

    const stampEnd = text.indexOf('>', text.indexOf('name="arbiter-report"'))
    writeFileSync(report, text.slice(0, stampEnd).replace(head.hash, forged) + text.slice(stampEnd))
    const stamp = await run('verify', '--report', report, log)
    expect(stamp.code).toBe(1)
    expect(stamp.err).toBe(
      `arbiter verify: report/does-not-match: the report names head ${forged.slice(0, 12)}… (seq ${head.seq}) ` +
        `but the log's head is ${head.hash.slice(0, 12)}… (seq ${head.seq})\n`,
    )

    // The report states the head hash where a reader sees it; an edit there is found by the bytes.
    const shown = text.indexOf(head.hash.slice(0, 12), stampEnd)
    expect(shown, 'the report shows its head hash').toBeGreaterThan(stampEnd)
    const flipped = text[shown + 6] === '0' ? '1' : '0'
    writeFileSync(report, `${text.slice(0, shown + 6)}${flipped}${text.slice(shown + 7)}`)
    const visible = await run('verify', '--report', report, log)
    expect(visible.code).toBe(1)
    expect(visible.err).toMatch(/report\/does-not-match: .* they differ from line \d+/)
  })

  it("refuses a report checked against another game's log, or a log that went on after it", async () => {
    const { dir, db, gameId, head } = await endedDemo()
    const report = join(dir, 'battle.md')
    await run('report', '--db', db, '--game', gameId, '--format', 'md', '--out', report)
    const other = await endedDemo()
    const otherLog = await exported(other.db, other.gameId, join(dir, 'other.jsonl'))
    const result = await run('verify', '--report', report, otherLog)
    expect(result.code).toBe(1)
    expect(result.err).toBe(
      `arbiter verify: report/does-not-match: the report is of game ${gameId}, but the log is of game ${other.gameId}: another game\n`,
    )

    const note = await run('declare', 'Note', '--text', 'a handshake', '--db', db, '--game', gameId, '--as', 'orcs')
    expect(note.code, note.err).toBe(0)
    const longer = await exported(db, gameId, join(dir, 'longer.jsonl'))
    const later = await run('verify', '--report', report, longer)
    expect(later.code).toBe(1)
    expect(later.err).toContain(
      `the report names head ${head.hash.slice(0, 12)}… (seq ${head.seq}) but the log's head is`,
    )
    expect(later.err).toContain(
      `the log holds that head at seq ${head.seq}: the report tells the game as it stood 1 event(s) before`,
    )
  })

  it('refuses what is no report, a PDF (checked by its HTML), and a log that does not verify', async () => {
    const { dir, db, gameId } = await endedDemo()
    const log = await exported(db, gameId, join(dir, 'battle.jsonl'))
    const notes = join(dir, 'notes.html')
    writeFileSync(notes, '<!doctype html><title>My notes</title><p>We played.</p>')
    const none = await run('verify', '--report', notes, log)
    expect(none).toMatchObject({ code: 1, out: '' })
    expect(none.err).toBe(
      `arbiter verify: report/not-a-report: ${notes}: this is not an Arbiter battle report: it has no arbiter-report ` +
        'stamp (a <meta> in HTML, a first-line comment in Markdown)\n',
    )
    const pdf = join(dir, 'battle.pdf')
    writeFileSync(pdf, '%PDF-1.4\n')
    const printed = await run('verify', '--report', pdf, log)
    expect(printed.code).toBe(1)
    expect(printed.err).toMatch(
      /report\/not-a-report: .*battle\.pdf is a PDF, which cannot be checked byte for byte: check the HTML/,
    )

    const report = join(dir, 'battle.html')
    await run('report', '--db', db, '--game', gameId, '--format', 'html', '--out', report)
    const broken = join(dir, 'broken.jsonl')
    writeFileSync(broken, readFileSync(log, 'utf8').replace('"faces":[', '"faces":[6,'))
    const result = await run('verify', '--report', report, broken)
    expect(result.code).toBe(1)
    expect(result.out).toMatch(new RegExp(`^BROKEN ${broken}: line \\d+`))

    expect((await run('verify', '--report', report)).err).toMatch(/give the exported log to check the report against/)
    expect((await run('verify', '--report', report, log, '--db', db)).code).toBe(2)
  })

  it('names the first difference on its line, both sides cut to a readable length', () => {
    const line = `${'a'.repeat(100)}X${'b'.repeat(100)}`
    expect(firstDifference(`one\n${line}\n`, `one\n${line.replace('X', 'Y')}\n`)).toBe(
      `they differ from line 2, column 101: the report has "…${'a'.repeat(24)}X${'b'.repeat(47)}…" where the log ` +
        `gives "…${'a'.repeat(24)}Y${'b'.repeat(47)}…"`,
    )
    expect(firstDifference('one\ntwo\n', 'one\ntwo\nthree\n')).toBe(
      `the report stops at line 3, where the log's goes on: "one\\ntwo\\nthree\\n"`,
    )
    expect(firstDifference('a\r\nb', 'a\nb')).toBe(
      'they differ from line 1, column 2: the report has "a\\r" where the log gives "a"',
    )
  })
})
