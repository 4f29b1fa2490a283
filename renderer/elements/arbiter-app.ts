import { css, html, LitElement, nothing } from 'lit'
import { listImportedPayload } from '../../core/api/client-kit.js'
import type {
  AuditReport,
  EventDraft,
  GameStatus,
  GameView,
  RuleEntry,
  RuleRef,
  RulesetSummary,
  SetAsideSnapshot,
  StateChecks,
  StepView,
  TroopTemplate,
  TroopType,
  WhatIfEdit,
  WhatIfResult,
  WrittenStep,
} from '../../core/api/game-api-contract.js'
import {
  ApiError,
  type ArbiterClient,
  connectGameApi,
  type LiveEvent,
  type MenuCommand,
  type ScreenInfo,
  type ScreenSigner,
  toApiError,
} from '../api-client.js'
import { forgetKey, keptKey, makeKey } from '../device-keys.js'
import { downloadExport } from '../export-game.js'
import { isTextField, isTyping, shortcutFor } from '../shortcuts.js'
import type { Named } from '../texts.js'
import { baseStyles } from '../theme.js'
import type { ListImportRequest, MusterRequest } from './army-muster.js'
import './army-muster.js'
import './audit-panel.js'
import './explanation-panel.js'
import './game-console.js'
import './game-library.js'
import './game-signatures.js'
import './game-state-view.js'
import './game-timeline.js'
import './guided-start.js'
import './report-preview.js'
import './rules-browser.js'
import './shortcut-help.js'
import './state-checks.js'

type Screen = 'library' | 'game' | 'rules'

/** Past states kept for scrubbing back to them (a state is a few kilobytes). */
const PAST_VIEWS_KEPT = 200

/**
 * The application shell: which screen is shown, the open game as GameApi last reported it, and
 * every write. Children show state and ask for changes with events (`declare`, `dice`, …); the shell
 * makes the call, shows the result and reloads what the call changed. No rule is decided here.
 */
export class ArbiterApp extends LitElement {
  static override properties = {
    screen: { state: true },
    gameId: { state: true },
    view: { state: true },
    status: { state: true },
    steps: { state: true },
    shownStep: { state: true },
    scrubSeq: { state: true },
    scrubView: { state: true },
    catalogue: { state: true },
    troops: { state: true },
    cited: { state: true },
    phases: { state: true },
    troopTypes: { state: true },
    rulesetInfo: { state: true },
    error: { state: true },
    busy: { state: true },
    helpOpen: { state: true },
    musterOpen: { state: true },
    secondScreen: { state: true },
    audit: { state: true },
    fork: { state: true },
    joined: { state: true },
    setAsideSeen: { state: true },
    reportOpen: { state: true },
  }

  /** Set before the element connects to use another client (tests); otherwise the host's. */
  client: ArbiterClient | null = null
  screen: Screen = 'library'
  gameId: string | null = null
  view: GameView | null = null
  status: GameStatus | null = null
  /** Every step of the open game, in seq order (index = seq - 1), for the timeline. */
  steps: StepView[] = []
  /** The step the explanation panel shows: the last answer, or the one scrubbed to. */
  shownStep: StepView | null = null
  /** The seq the timeline is scrubbed to; null at the head. */
  scrubSeq: number | null = null
  scrubView: GameView | null = null
  /** The open game's ruleset's catalogue, for the rules' names and texts. */
  catalogue: RuleEntry[] | null = null
  /** The ruleset's ready units, for the muster screen to start a unit from. */
  troops: TroopTemplate[] = []
  private catalogueOf: string | null = null
  /** The rule a player last clicked in an explanation. */
  cited: RuleRef | null = null
  phases: readonly string[] = []
  /** The open game's ruleset's troop types, for the muster screen. */
  troopTypes: readonly TroopType[] = []
  /** The open game's ruleset, for its own and its variants' names. */
  rulesetInfo: RulesetSummary | null = null
  error: ApiError | null = null
  busy = false
  helpOpen = false
  musterOpen = false
  /**
   * Set when the host is a second screen: this page shows that one game and records nothing, unless
   * the host lets players join (`writes: 'with-a-key'`) and one has.
   */
  secondScreen: Extract<ScreenInfo, { kind: 'game' }> | null = null
  /** The open game's audit while the audit panel is shown (null: hidden); `undefined` while it is read. */
  audit: AuditReport | null | undefined = null
  /** The last what-if fork asked for on the timeline. */
  fork: WhatIfResult | null = null
  /** The player who joined this second screen with their key: the page records as them alone. */
  joined: string | null = null
  /** Stored snapshots of the open game that its replay (the timeline's) found wrong and set aside. */
  setAsideSeen: readonly SetAsideSnapshot[] = []
  /** The open game's battle report is previewed (Export report), over the screen. */
  reportOpen = false
  /** Where the focus was when the report preview opened: it goes back there when the preview closes. */
  private focusBeforeReport: HTMLElement | null = null

  private unsubscribe: (() => void) | null = null
  private unsubscribeMenu: (() => void) | null = null
  /**
   * A drag sends many positions a second and each state costs the host a chain check: one fetch is
   * in flight at a time, and when it lands the newest position still wanted is fetched next, so
   * the state shown never waits behind positions the scrubber has already left.
   */
  private scrubWanted: number | null = null
  private scrubFetching = false
  /**
   * States already fetched, by seq, newest last. The state at a past seq never changes (the log is
   * append-only), so scrubbing back and forth over the same stretch shows it at once.
   */
  private pastViews = new Map<number, GameView>()
  private loadingSteps: Promise<void> | null = null
  private named: Named = { players: [] }
  private namedKey = ''
  /** The write in flight, if any: live notices wait for it (see onLiveEvent). */
  private writing: Promise<unknown> | null = null

  static override styles = [
    baseStyles,
    css`
      :host {
        min-height: 100vh;
      }
      header {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem 1rem;
        padding: 0.6rem 1.2rem;
        background: var(--panel);
        border-bottom: 1px solid var(--border);
      }
      header h1 {
        font-size: 1.3rem;
        margin: 0;
        color: var(--accent);
        letter-spacing: 0.04em;
      }
      nav {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
      }
      nav button[aria-current='page'] {
        border-color: var(--accent);
        color: var(--accent);
      }
      .title {
        flex: 1 1 10rem;
        min-width: 0;
        color: var(--muted);
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      main {
        padding: 1rem 1.2rem 2rem;
      }
      /*
       * The table's screen: the "now" (the open request, large) beside the units, the reasons
       * under the now, the timeline across. Columns are minmax(0, …): a long line wraps, it never
       * widens the page.
       */
      .game {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
        grid-template-areas:
          'guide guide'
          'now state'
          'explain state'
          'audit audit'
          'timeline timeline';
        grid-template-rows: auto auto 1fr auto auto;
        gap: 1rem;
        align-items: start;
      }
      .game > * {
        min-width: 0;
      }
      guided-start {
        grid-area: guide;
      }
      .now {
        grid-area: now;
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 1rem;
      }
      explanation-panel {
        grid-area: explain;
      }
      game-state-view {
        grid-area: state;
      }
      audit-panel {
        grid-area: audit;
      }
      game-timeline {
        grid-area: timeline;
      }
      @media (max-width: 56rem) {
        main {
          padding: 0.6rem 0.5rem 1.5rem;
        }
        header {
          padding: 0.5rem 0.6rem;
        }
        .game {
          grid-template-columns: minmax(0, 1fr);
          grid-template-areas: 'guide' 'now' 'state' 'explain' 'audit' 'timeline';
          grid-template-rows: none;
          gap: 0.7rem;
        }
      }
      @media (max-width: 30rem) {
        kbd {
          display: none;
        }
      }
      .past-bar {
        display: flex;
        flex-wrap: wrap;
        gap: 0.6rem 1rem;
        align-items: center;
        justify-content: space-between;
        border-color: var(--rule);
      }
      .past-bar strong {
        color: var(--rule);
        font-size: 1.2rem;
      }
      .error-bar {
        display: flex;
        gap: 1rem;
        align-items: center;
        margin: 0 0 1rem;
        padding: 0.6rem 1rem;
        border: 1px solid var(--danger);
        border-radius: 0.5rem;
        background: #2a1515;
      }
      .error-bar code {
        font-family: var(--mono);
        color: var(--danger);
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    this.client ??= connectGameApi()
    this.unsubscribe = this.client.subscribe((event) => void this.onLiveEvent(event))
    this.unsubscribeMenu = this.client.onMenu((command) => void this.onMenu(command))
    document.addEventListener('keydown', this.onKey)
    const fromHash = new URLSearchParams(location.hash.slice(1)).get('game')
    if (fromHash) void this.openGame(fromHash)
    void this.attempt(() => this.api.screen()).then(async (screen) => {
      if (screen?.kind !== 'game') return
      this.secondScreen = screen
      if (this.gameId !== screen.gameId) await this.openGame(screen.gameId)
      await this.rejoin()
    })
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.unsubscribe?.()
    this.unsubscribeMenu?.()
    document.removeEventListener('keydown', this.onKey)
  }

  private get api(): ArbiterClient {
    if (!this.client) throw new Error('arbiter-app: no client before connecting')
    return this.client
  }

  /** Runs a read, showing its refusal as `{ code, message }` instead of throwing it away. */
  private async attempt<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call()
    } catch (error) {
      this.error = toApiError(error)
      return undefined
    }
  }

  /**
   * Runs a write and shows what it did: `busy` from the call until the head is reloaded, so the
   * same answer cannot be sent twice, while reads in the background (a live update, the timeline
   * filling in) never hold up a player's entry. A write that goes through clears the last refusal.
   */
  private async write(call: () => Promise<WrittenStep>, moveFocus = true): Promise<StepView | undefined> {
    this.busy = true
    const written = this.attempt(call)
    this.writing = written
    try {
      const step = await written
      if (step) {
        this.error = null
        this.record(step, moveFocus)
      }
      return step
    } finally {
      if (this.writing === written) this.writing = null
      this.busy = false
    }
  }

  /** A write on a second screen is made at the head this page shows, signed with the joined player's key. */
  private signerFor(player: string, privateKey: ScreenSigner['privateKey']): ScreenSigner {
    return { player, privateKey, head: () => (this.view ? { seq: this.view.seq, hash: this.view.hash } : null) }
  }

  /**
   * Joins this second screen as a player: with the key this device keeps for them, the one the game
   * records; or, for a player with no key recorded yet, with a new non-extractable key made here and
   * recorded now (the request that records it is signed with it). A player whose recorded key is kept
   * elsewhere cannot join here.
   */
  private async join(player: string): Promise<void> {
    const gameId = this.gameId
    const view = this.view
    const api = this.api
    if (!gameId || !view || !api.joinAs) return
    const name = view.state.players.find((each) => each.id === player)?.name ?? player
    const recorded = view.state.signing?.keys[player]
    try {
      const kept = await keptKey(gameId, player)
      if (recorded) {
        if (kept?.holder !== 'device' || kept.publicKey !== recorded.publicKey) {
          this.error = new ApiError(
            'client/key-elsewhere',
            `${name}'s key is kept on another device (or under a PIN): join from the device that keeps it`,
          )
          return
        }
        api.joinAs(this.signerFor(player, kept.privateKey))
        this.error = null
        this.joined = player
        sessionStorage.setItem(joinedKey(gameId), player)
        return
      }
      const made = await makeKey(gameId, player)
      if (made.holder !== 'device') return
      api.joinAs(this.signerFor(player, made.privateKey))
      const draft: EventDraft = {
        type: 'PlayerKeyRecorded',
        actor: player,
        payload: { player, publicKey: made.publicKey, holder: 'device' },
      }
      const step = await this.write(() => api.append(gameId, draft, view.seq), false)
      if (step) {
        this.joined = player
        sessionStorage.setItem(joinedKey(gameId), player)
      } else {
        api.joinAs(null)
        await forgetKey(gameId, player)
      }
    } catch (error) {
      this.error = toApiError(error)
    }
  }

  private leave(): void {
    this.api.joinAs?.(null)
    this.joined = null
    if (this.gameId) sessionStorage.removeItem(joinedKey(this.gameId))
  }

  /** A phone that reloads (or wakes) stays joined as the player it joined as, with the key it keeps; it never records one. */
  private async rejoin(): Promise<void> {
    const gameId = this.gameId
    if (this.secondScreen?.writes !== 'with-a-key' || !gameId) return
    const player = sessionStorage.getItem(joinedKey(gameId))
    if (player && this.view?.state.signing?.keys[player]) await this.join(player)
  }

  async openGame(gameId: string): Promise<void> {
    const opened = await this.attempt(async () => {
      const [view, status] = await Promise.all([this.api.openGame(gameId), this.api.status(gameId)])
      return { view, status }
    })
    if (!opened) return
    this.error = null
    this.gameId = gameId
    this.audit = null
    this.fork = null
    this.view = opened.view
    this.status = opened.status
    this.steps = []
    this.shownStep = null
    this.scrubSeq = null
    this.scrubView = null
    this.pastViews = new Map()
    this.setAsideSeen = []
    this.screen = 'game'
    this.musterOpen = false
    history.replaceState(null, '', `${location.search}#game=${encodeURIComponent(gameId)}`)
    void this.loadRuleset(opened.view.state.ruleset)
    void this.loadSteps()
  }

  private async loadRuleset(ruleset: string): Promise<void> {
    if (this.catalogueOf === ruleset) return
    this.catalogueOf = ruleset
    const [catalogue, known, troops] = await Promise.all([
      this.attempt(() => this.api.catalogue(ruleset)),
      this.attempt(() => this.api.rulesets()),
      this.attempt(() => this.api.troops(ruleset)),
    ])
    if (catalogue) this.catalogue = catalogue
    this.troops = troops ?? []
    const summary = known?.find((each) => each.id === ruleset)
    this.phases = summary?.phases ?? []
    this.troopTypes = summary?.troopTypes ?? []
    this.rulesetInfo = summary ?? null
  }

  /** Reads the steps the timeline lacks, page by page; one load at a time, each going on from the last. */
  private loadSteps(): Promise<void> {
    const run = async () => {
      const gameId = this.gameId
      if (!gameId) return
      let fromSeq: number | null = this.steps.length + 1
      const head = this.view?.seq ?? 0
      const loaded: StepView[] = []
      let last: GameView | null = null
      while (fromSeq !== null && fromSeq <= head) {
        const page = await this.attempt(() => this.api.replay(gameId, { fromSeq: fromSeq! }))
        if (!page || this.gameId !== gameId) return
        loaded.push(...page.steps)
        fromSeq = page.nextSeq
        last = page.view ?? last
      }
      if (loaded.length > 0) this.steps = [...this.steps, ...loaded.filter((step) => step.seq > this.steps.length)]
      if (!this.shownStep && this.steps.length > 0) this.shownStep = this.steps[this.steps.length - 1]!
      if (last) await this.afterReplay(last)
    }
    const previous = this.loadingSteps ?? Promise.resolve()
    this.loadingSteps = previous.then(run)
    return this.loadingSteps
  }

  /**
   * A replay folds the events from seq 1 and compares every stored snapshot it passes (issue 17): the
   * ones it found wrong are kept to be shown, and a head shown from a snapshot (unverified, or one now
   * set aside) is asked for again, so that what is shown rests on what the replay checked.
   */
  private async afterReplay(last: GameView): Promise<void> {
    const found = last.checks?.setAside ?? []
    if (found.length > 0 || this.view?.checks !== undefined) await this.refresh()
    if (found.length > 0) {
      // Shown with the head asked for again, in one change of the screen.
      const known = new Set(this.setAsideSeen.map((snapshot) => snapshot.seq))
      this.setAsideSeen = [...this.setAsideSeen, ...found.filter((snapshot) => !known.has(snapshot.seq))]
      // Past states may have been restored from one of them.
      this.pastViews = new Map()
    }
  }

  /** What the state shown rests on: its own checks, with the snapshots a replay set aside. */
  private shownChecks(shown: GameView): StateChecks | null {
    const setAside = [...(shown.checks?.setAside ?? [])]
    for (const snapshot of this.setAsideSeen) if (!setAside.some((s) => s.seq === snapshot.seq)) setAside.push(snapshot)
    const unverified = shown.checks?.unverifiedSnapshot
    if (unverified === undefined && setAside.length === 0) return null
    return {
      ...(unverified === undefined ? {} : { unverifiedSnapshot: unverified }),
      ...(setAside.length === 0 ? {} : { setAside: setAside.sort((a, b) => a.seq - b.seq) }),
    }
  }

  /** Reloads the head after a change: the state and what can be done now. */
  private async refresh(): Promise<void> {
    const gameId = this.gameId
    if (!gameId) return
    const fresh = await this.attempt(async () => {
      const [view, status] = await Promise.all([this.api.openGame(gameId), this.api.status(gameId)])
      return { view, status }
    })
    if (!fresh || this.gameId !== gameId) return
    this.view = fresh.view
    this.status = fresh.status
  }

  /**
   * A step this window made, with the game after it (the write's own answer: nothing is fetched
   * again). The timeline keeps the step alone, not the state it came with. Unless told otherwise
   * the focus goes where the next action is (game-console's `focusNext`).
   */
  private record(written: WrittenStep, moveFocus: boolean): void {
    const { status, view, ...step } = written
    this.view = view
    this.status = status
    this.shownStep = step
    this.cited = null
    this.scrubSeq = null
    this.scrubView = null
    if (step.seq === this.steps.length + 1) this.steps = [...this.steps, step]
    else if (this.steps.length < view.seq) void this.loadSteps()
    // A correction changes the steps it corrects and every state after them: read them again.
    if (step.type === 'Correction') this.forgetCorrectedPast()
    if (this.audit !== null) void this.readAudit()
    if (moveFocus) void this.updateComplete.then(() => this.renderRoot.querySelector('game-console')?.focusNext())
  }

  /** After a correction the past is folded anew (docs/corrections.md): the steps and the states kept are read again. */
  private forgetCorrectedPast(): void {
    this.steps = []
    this.pastViews = new Map()
    void this.loadSteps()
  }

  /** Shows or hides the audit panel; shown, it is read now and again after each write. */
  private toggleAudit(): void {
    if (this.audit !== null) {
      this.audit = null
      return
    }
    this.audit = undefined
    void this.readAudit()
  }

  /**
   * A table ruling from the explanation panel: recorded by the player to play (else the first), every other
   * player named as agreeing (the form asks that every player agrees).
   */
  private async onRuling(event: CustomEvent<{ about: number; units: object[]; dropOpen: boolean; why: string }>) {
    const gameId = this.gameId
    const game = this.view?.state
    if (!gameId || !game) return
    const actor = game.activePlayer ?? game.players[0]?.id ?? ''
    const agreedBy = game.players.map((player) => player.id).filter((id) => id !== actor)
    await this.write(
      () => this.api.append(gameId, { type: 'Ruling', actor, payload: { ...event.detail, agreedBy } }, this.view?.seq),
      false,
    )
  }

  /**
   * A claim from the explanation panel (docs/audit.md): what the table did about the event shown, recorded at the
   * head by the player who claims it; the audit panel opens to show how the rules see it.
   */
  private async onClaim(event: CustomEvent<{ actor: string; payload: object }>) {
    const gameId = this.gameId
    if (!gameId || !this.view) return
    const { actor, payload } = event.detail
    if (this.audit === null) this.audit = undefined
    const step = await this.write(
      () => this.api.append(gameId, { type: 'Claim', actor, payload }, this.view?.seq),
      false,
    )
    if (!step && this.audit === undefined) this.audit = null
  }

  /** A what-if fork from the timeline (nothing is written); its refusal shows like any other. */
  private async onWhatIf(event: CustomEvent<{ edits: WhatIfEdit[] }>): Promise<void> {
    const gameId = this.gameId
    if (!gameId) return
    const fork = await this.attempt(() => this.api.whatIf(gameId, event.detail.edits))
    if (fork && this.gameId === gameId) {
      this.error = null
      this.fork = fork
    }
  }

  private async readAudit(): Promise<void> {
    const gameId = this.gameId
    if (!gameId) return
    const report = await this.attempt(() => this.api.audit(gameId))
    if (report && this.gameId === gameId && this.audit !== null) this.audit = report
  }

  /**
   * Undo (Edit > Undo, Ctrl+Z, the Undo button): takes back the last event the game still counts, as the player
   * who recorded it (at a shared screen, that player's own undo). Arbiter refuses what needs the others' agreement.
   */
  private async undoLast(): Promise<void> {
    const gameId = this.gameId
    if (!gameId || this.busy) return
    const last = [...this.steps]
      .reverse()
      .find((step) => step.type !== 'Correction' && !(step.correction && !step.correction.replacement))
    if (!last || last.type === 'GameCreated') {
      this.error = toApiError({ code: 'api/correction-refused', message: 'there is nothing to undo' })
      return
    }
    await this.write(() => this.api.undo(gameId, last.actor, { reason: 'undo' }), false)
  }

  private async onLiveEvent(event: LiveEvent): Promise<void> {
    if (this.screen === 'library') {
      this.renderRoot.querySelector('game-library')?.reload()
      return
    }
    // A notice of this window's own write can arrive before the write's answer: wait for the answer,
    // which already holds the game after it, then fetch only what another writer added.
    if (this.writing) await this.writing
    if (event.gameId !== this.gameId || event.seq <= (this.view?.seq ?? 0)) return
    if (event.type === 'Correction') this.forgetCorrectedPast()
    await this.refresh()
    await this.loadSteps()
    const newest = this.steps[this.steps.length - 1]
    if (newest && this.scrubSeq === null) this.shownStep = newest
  }

  /** The open game's battle report, previewed over the screen with the ways to keep it. */
  private openReport(): void {
    if (!this.gameId || this.reportOpen) return
    const focused = deepActiveElement()
    this.focusBeforeReport = focused instanceof HTMLElement ? focused : null
    this.reportOpen = true
  }

  private closeReport(): void {
    this.reportOpen = false
    this.focusBeforeReport?.focus()
    this.focusBeforeReport = null
  }

  /** New, Open, Export and Export Report from the desktop app's native menu. */
  private async onMenu(command: MenuCommand): Promise<void> {
    // Over the report preview, New and Open close it first; nothing is undone behind it.
    if (this.reportOpen) {
      if (command === 'undo') return
      if (command === 'new-game' || command === 'open-game') this.closeReport()
    }
    if (command === 'undo') {
      // In a field, Undo is the field's own; elsewhere it takes back the last event.
      const focused = deepActiveElement()
      if (focused instanceof HTMLElement && isTextField(focused)) document.execCommand('undo')
      else if (this.screen === 'game' && this.scrubSeq === null) await this.undoLast()
      return
    }
    if (command === 'export-game') {
      if (this.gameId)
        await this.attempt(() => downloadExport(this.api, this.gameId!, this.view?.state.title ?? undefined))
      return
    }
    if (command === 'import-list') {
      await this.openListImport()
      return
    }
    if (command === 'export-report') {
      if (this.gameId) this.openReport()
      else
        this.error = new ApiError(
          'client/no-game',
          'Open a game first: Export Report makes the report of the open game',
        )
      return
    }
    this.screen = 'library'
    await this.updateComplete
    if (command === 'new-game') this.renderRoot.querySelector('game-library')?.startNewGame()
  }

  /** File > Import List…: the open game's muster, and its list file picker. */
  private async openListImport(): Promise<void> {
    if (!this.gameId || this.secondScreen) {
      this.error = new ApiError('client/no-game', "Open a game first: a list is imported into a game's army muster")
      return
    }
    if (this.reportOpen) this.closeReport()
    if (this.scrubSeq !== null) await this.onScrub(new CustomEvent('scrub', { detail: { seq: this.view?.seq ?? 0 } }))
    this.screen = 'game'
    this.musterOpen = true
    await this.updateComplete
    const muster = this.renderRoot.querySelector('army-muster')
    await muster?.updateComplete
    muster?.chooseListFile()
  }

  /** A list file from the muster, read by the api for the open game's ruleset; the answer goes back to the muster. */
  private async onImportList(event: CustomEvent<ListImportRequest>): Promise<void> {
    const { fileName, bytesBase64, done } = event.detail
    const ruleset = this.view?.state.ruleset
    if (!ruleset) return done(new ApiError('client/no-game', 'no game is open'))
    try {
      done(await this.api.importList(ruleset, fileName, bytesBase64))
    } catch (error) {
      done(toApiError(error))
    }
  }

  private async onDeclare(event: CustomEvent<EventDraft>): Promise<void> {
    const gameId = this.gameId
    if (!gameId) return
    // A unit mustered leaves the focus in the muster, where the next unit is added.
    const step = await this.write(
      () => this.api.append(gameId, event.detail, this.view?.seq),
      event.detail.type !== 'ArmyMustered',
    )
    if (step && event.detail.type === 'ArmyMustered') this.musterOpen = false
  }

  /** A muster: its refusal goes back to the muster screen, to stand beside the field it is about. */
  private async onMusterArmy(event: CustomEvent<MusterRequest>): Promise<void> {
    const gameId = this.gameId
    if (!gameId) return
    const { list, draft, done } = event.detail
    this.busy = true
    // Like every write, its own live notice is not fetched again (see `write`). A list's ListImported goes first.
    const written = (async () => {
      if (!list) return this.api.append(gameId, draft, this.view?.seq)
      const player = draft.actor
      const imported = await this.api.append(
        gameId,
        {
          type: 'ListImported',
          actor: player,
          payload: listImportedPayload(player, list),
        },
        this.view?.seq,
      )
      this.record(imported, false)
      return this.api.append(gameId, draft, imported.seq)
    })()
    this.writing = written
    try {
      const step = await written
      this.error = null
      done(null)
      this.musterOpen = false
      this.record(step, false)
    } catch (error) {
      done(toApiError(error))
    } finally {
      if (this.writing === written) this.writing = null
      this.busy = false
    }
  }

  private async onDice(event: CustomEvent<{ requestId: string; faces: number[]; actor: string }>): Promise<void> {
    const gameId = this.gameId
    if (!gameId) return
    const { requestId, faces, actor } = event.detail
    await this.write(() =>
      this.api.append(gameId, { type: 'DiceRolled', actor, payload: { requestId, faces, source: 'physical' } }),
    )
  }

  private async onRollForMe(event: CustomEvent<{ requestId: string; actor: string }>): Promise<void> {
    const gameId = this.gameId
    if (!gameId) return
    await this.write(() => this.api.rollDice(gameId, event.detail.requestId, event.detail.actor))
  }

  private async onScrub(event: CustomEvent<{ seq: number }>): Promise<void> {
    const gameId = this.gameId
    const head = this.view?.seq ?? 0
    if (!gameId) return
    const seq = Math.max(1, Math.min(head, event.detail.seq))
    this.scrubSeq = seq === head ? null : seq
    this.shownStep = this.steps[seq - 1] ?? this.shownStep
    if (this.scrubSeq === null) {
      this.scrubView = null
      this.scrubWanted = null
      return
    }
    const known = this.pastViews.get(seq)
    if (known) {
      this.scrubWanted = null
      this.scrubView = known
      return
    }
    this.scrubWanted = seq
    if (this.scrubFetching) return
    this.scrubFetching = true
    try {
      while (this.scrubWanted !== null && this.scrubWanted !== this.scrubView?.seq) {
        const wanted = this.scrubWanted
        const view = await this.attempt(() => this.api.openGame(gameId, wanted))
        if (!view || this.gameId !== gameId) break
        this.remember(view)
        // Shown while the scrubber is still on its way somewhere (a drag passes through it), or
        // when it is where the scrubber stopped; not once the scrubber is back at the head or on a
        // state already kept.
        if (this.scrubSeq !== null && (this.scrubWanted !== null || this.scrubSeq === wanted)) this.scrubView = view
      }
    } finally {
      this.scrubFetching = false
    }
  }

  private remember(view: GameView): void {
    this.pastViews.delete(view.seq)
    this.pastViews.set(view.seq, view)
    if (this.pastViews.size > PAST_VIEWS_KEPT) this.pastViews.delete(this.pastViews.keys().next().value!)
  }

  /** The shortcuts that act on the present (answer, roll, declare): none of them acts while the past is shown. */
  private static readonly LIVE_ACTIONS: ReadonlySet<string> = new Set(['dice', 'roll-for-me', 'declare'])

  private onKey = (event: KeyboardEvent): void => {
    if (event.defaultPrevented) return
    // The report preview is modal: Escape closes it, and no other key acts on the screen behind it.
    if (this.reportOpen) {
      if (event.key === 'Escape') {
        event.preventDefault()
        this.closeReport()
      }
      return
    }
    // A second screen only watches, unless a player joined it with their key; an undo is never made from one.
    const live =
      this.screen === 'game' && this.scrubSeq === null && (this.secondScreen === null || this.joined !== null)
    const undoKey =
      (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z'
    if (undoKey && !isTyping(event) && live && this.secondScreen === null) {
      event.preventDefault()
      void this.undoLast()
      return
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return
    // 1 to 9 pick an open choice's option at once, wherever the focus is but in a field.
    if (/^[1-9]$/.test(event.key) && !isTyping(event) && live) {
      if (this.renderRoot.querySelector('game-console')?.choose(Number(event.key) - 1)) event.preventDefault()
      return
    }
    const action = shortcutFor(event.key)
    if (!action || (isTyping(event) && action !== 'escape')) return
    if (ArbiterApp.LIVE_ACTIONS.has(action) && !live) return
    event.preventDefault()
    switch (action) {
      case 'help':
        this.helpOpen = !this.helpOpen
        break
      case 'escape':
        if (this.helpOpen) this.helpOpen = false
        else if (this.scrubSeq !== null)
          void this.onScrub(new CustomEvent('scrub', { detail: { seq: this.view!.seq } }))
        else if (isTyping(event)) (event.composedPath()[0] as HTMLElement).blur()
        break
      case 'library':
        if (this.secondScreen === null) this.screen = 'library'
        break
      case 'game':
        if (this.gameId) this.screen = 'game'
        break
      case 'report':
        this.openReport()
        break
      case 'rules':
        this.screen = 'rules'
        void this.updateComplete.then(() => this.renderRoot.querySelector('rules-browser')?.focusSearch())
        break
      case 'dice':
        this.renderRoot.querySelector('game-console')?.focusAnswer()
        break
      case 'roll-for-me':
        this.renderRoot.querySelector('game-console')?.rollForMe()
        break
      case 'declare':
        this.renderRoot.querySelector('game-console')?.focusDeclare()
        break
      case 'timeline':
        this.renderRoot.querySelector('game-timeline')?.focusScrubber()
        break
      case 'step-back':
      case 'step-forward': {
        const head = this.view?.seq ?? 0
        const at = this.scrubSeq ?? head
        const seq = action === 'step-back' ? at - 1 : at + 1
        if (this.screen === 'game' && seq >= 1 && seq <= head)
          void this.onScrub(new CustomEvent('scrub', { detail: { seq } }))
        break
      }
    }
  }

  private renderNav() {
    const tab = (screen: Screen, label: string, key: string, disabled = false) =>
      html`<button
        aria-current=${this.screen === screen ? 'page' : 'false'}
        ?disabled=${disabled}
        @click=${() => {
          this.screen = screen
        }}
      >
        ${label} <kbd>${key}</kbd>
      </button>`
    return html`<header>
      <h1>Arbiter</h1>
      <nav aria-label="Screens">
        ${this.secondScreen ? nothing : tab('library', 'Library', 'L')} ${tab('game', 'Game', 'G', !this.gameId)}
        ${tab('rules', 'Rules', '/')}
      </nav>
      <span class="title">${this.view ? gameTitle(this.view.state, this.rulesetInfo) : ''}</span>
      ${
        this.screen === 'game' && this.view
          ? html`${
              this.secondScreen
                ? nothing
                : html`<button
                    @click=${() => void this.undoLast()}
                    ?disabled=${this.busy || this.scrubSeq !== null}
                    title="Take back the last event: a correction, kept in the log"
                  >
                    Undo <kbd>Ctrl+Z</kbd>
                  </button>`
            }
            <button aria-pressed=${this.audit !== null ? 'true' : 'false'} @click=${() => this.toggleAudit()}>
              Audit
            </button>
            <button @click=${() => this.openReport()} title="The battle report: a preview, then HTML, Markdown or PDF">
              Export report <kbd>E</kbd>
            </button>`
          : nothing
      }
      <button @click=${() => (this.helpOpen = true)}>Shortcuts <kbd>?</kbd></button>
    </header>`
  }

  /**
   * The names the texts are read with, the same object while they stay the same: every view brings
   * a new players array, and a new object would re-render every explanation for nothing.
   */
  private namedFor(players: GameView['state']['players']): Named {
    const variants = this.rulesetInfo?.variants ?? []
    const key = JSON.stringify([players, variants.map((variant) => [variant.id, variant.name])])
    if (key !== this.namedKey) {
      this.namedKey = key
      this.named = { players, variants }
    }
    return this.named
  }

  /** While the past is shown: where the screen is, plainly, and the one way back. Nothing here acts on the game. */
  private renderPast(head: number) {
    return html`<section class="panel past-bar" aria-label="Looking at the past">
      <span role="status"><strong>Seq ${this.scrubSeq} of ${head}</strong> — looking at the past</span>
      <button class="primary" @click=${() => void this.onScrub(new CustomEvent('scrub', { detail: { seq: head } }))}>
        Back to now <kbd>Esc</kbd>
      </button>
    </section>`
  }

  /**
   * On a second screen: plainly, what this page may do. It watches; where the host lets players join,
   * each player can join with their key, and once joined it records as that player alone.
   */
  private renderScreenBar(screen: Extract<ScreenInfo, { kind: 'game' }>, players: GameView['state']['players']) {
    if (screen.writes === 'none')
      return html`<section class="panel past-bar" aria-label="Second screen">
        <span role="status"><strong>Second screen</strong> — watching this game live; nothing can be recorded here</span>
      </section>`
    const joined = players.find((player) => player.id === this.joined)
    if (joined)
      return html`<section class="panel past-bar" aria-label="Second screen">
        <span role="status"
          ><strong>Joined as ${joined.name}</strong> — you record as ${joined.name} alone, each write signed with the key
          kept on this device</span
        >
        <button @click=${() => this.leave()}>Leave</button>
      </section>`
    const keys = this.view?.state.signing?.keys ?? {}
    return html`<section class="panel past-bar" aria-label="Second screen">
      <span role="status"
        ><strong>Second screen</strong> — watching this game live; a player can join with their key to record as
        themselves</span
      >
      <div class="row" role="group" aria-label="Join">
        ${players.map(
          (player) => html`<button ?disabled=${this.busy} data-join=${player.id} @click=${() => this.join(player.id)}>
            Join as ${player.name}${keys[player.id] ? '' : ' (records a key kept on this device)'}
          </button>`,
        )}
      </div>
    </section>`
  }

  private renderGame() {
    if (!this.view || !this.status) return html`<p class="muted">No game is open.</p>`
    const shown = this.scrubView ?? this.view
    const past = this.scrubSeq !== null
    const watching = this.secondScreen !== null && this.joined === null
    const players = this.view.state.players
    const named = this.namedFor(players)
    const needsArmies = players.some(
      (player) => !Object.values(this.view!.state.units).some((unit) => unit.player === player.id),
    )
    // Scrubs (the timeline, an explanation's "← #seq", "back to now") and citations bubble up to here.
    return html`<div class="game" @scrub=${this.onScrub} @cite=${(e: CustomEvent<RuleRef>) => (this.cited = e.detail)}>
      ${past || this.secondScreen ? nothing : html`<guided-start .view=${this.view} .phases=${this.phases}></guided-start>`}
      <div class="now">
        <state-checks .checks=${this.shownChecks(shown)}></state-checks>
        ${
          past
            ? this.renderPast(this.view.seq)
            : this.secondScreen
              ? this.renderScreenBar(this.secondScreen, players)
              : nothing
        }
        ${
          past || watching
            ? nothing
            : html`<game-console
              .view=${this.view}
              .status=${this.status}
              .phases=${this.phases}
              .catalogue=${this.catalogue ?? []}
              .steps=${this.steps}
              .busy=${this.busy}
              .last=${this.steps[this.view.seq - 1] ?? (this.shownStep?.seq === this.view.seq ? this.shownStep : null)}
              .named=${named}
              .player=${this.joined}
              @declare=${this.onDeclare}
              @dice=${this.onDice}
              @roll-for-me=${this.onRollForMe}
              @muster=${() => (this.musterOpen = true)}
            ></game-console>`
        }
        ${
          past
            ? nothing
            : html`<game-signatures
              .view=${this.view}
              .busy=${this.busy}
              .named=${named}
              .watching=${watching}
              .player=${this.joined}
              .record=${(draft: EventDraft) => this.write(() => this.api.append(this.gameId!, draft, this.view?.seq), false)}
            ></game-signatures>`
        }
        ${
          !past && !this.secondScreen && (needsArmies || this.musterOpen)
            ? html`<army-muster
              .view=${this.view}
              .catalogue=${this.catalogue}
              .troops=${this.troops}
              .troopTypes=${this.troopTypes}
              @muster-army=${this.onMusterArmy}
              @import-list=${this.onImportList}
              @close=${() => (this.musterOpen = false)}
            ></army-muster>`
            : nothing
        }
      </div>
      <explanation-panel
        @ruling=${this.onRuling}
        @claim=${this.onClaim}
        .live=${!past}
        .units=${this.view.state.units}
        .step=${this.shownStep}
        .catalogue=${this.catalogue}
        .cited=${this.cited}
        .named=${named}
        ?open=${past}
      ></explanation-panel>
      <game-state-view .view=${shown} .head=${this.view.seq} .catalogue=${this.catalogue}></game-state-view>
      ${this.audit !== null ? html`<audit-panel .report=${this.audit ?? null} .named=${named}></audit-panel>` : nothing}
      <game-timeline
        @what-if=${this.onWhatIf}
        .fork=${this.fork}
        .steps=${this.steps}
        .head=${this.view.seq}
        .seq=${this.scrubSeq ?? this.view.seq}
        .named=${named}
      ></game-timeline>
    </div>`
  }

  override render() {
    return html`${this.renderNav()}
      <main>
        ${
          this.error
            ? html`<div class="error-bar" role="alert">
              <code>${this.error.code}</code><span>${this.error.message}</span>
              <button @click=${() => (this.error = null)}>Dismiss</button>
            </div>`
            : nothing
        }
        ${
          this.screen === 'library'
            ? html`<game-library .client=${this.client} @open-game=${(e: CustomEvent<string>) => this.openGame(e.detail)}
              @failed=${(e: CustomEvent<ApiError>) => (this.error = e.detail)}></game-library>`
            : this.screen === 'rules'
              ? html`<rules-browser .client=${this.client} .ruleset=${this.view?.state.ruleset ?? null}></rules-browser>`
              : this.renderGame()
        }
      </main>
      ${this.helpOpen ? html`<shortcut-help @close=${() => (this.helpOpen = false)}></shortcut-help>` : nothing}
      ${
        this.reportOpen && this.gameId
          ? html`<report-preview
              .client=${this.client}
              .gameId=${this.gameId}
              @close=${() => this.closeReport()}
            ></report-preview>`
          : nothing
      }`
  }
}

/** The element with the focus, inside shadow roots too. */
function deepActiveElement(): Element | null {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** Where this tab remembers the player it joined a second screen's game as (for this tab's life only). */
function joinedKey(gameId: string): string {
  return `arbiter-joined/${gameId}`
}

/** The header's words for a game: its title, else its players, and the ruleset and variant by name. */
function gameTitle(game: GameView['state'], ruleset: RulesetSummary | null): string {
  const title = game.title ?? game.players.map((player) => player.name).join(' against ')
  if (ruleset?.id !== game.ruleset) return title
  const variant = ruleset.variants.find((each) => each.id === game.variant)?.name ?? game.variant
  return `${title} · ${ruleset.name}, ${variant}`
}

customElements.define('arbiter-app', ArbiterApp)

declare global {
  interface HTMLElementTagNameMap {
    'arbiter-app': ArbiterApp
  }
}
