import { css, html, LitElement, nothing, type PropertyValues } from 'lit'
import type { EventDraft, GameView } from '../../core/api/game-api-contract.js'
import {
  type SigningView,
  signatureSentence,
  signHead,
  signingViewOf,
  unwrapWithPin,
} from '../../core/api/signatures.js'
import { forgetKey, type KeptKey, keptKey, makeKey } from '../device-keys.js'
import type { Named } from '../texts.js'
import { baseStyles } from '../theme.js'

/** How the element records: the app's own write (busy, the step shown, the refusal in its bar); undefined when refused. */
export type RecordDraft = (draft: EventDraft) => Promise<unknown>

/**
 * The game's head and its signatures (issue 17): the short head hash, who has signed through which seq,
 * and for each player a key to make (on this device, or under a PIN on a shared one) and the end of the
 * turn or of the game to sign. It is built from the game view a write brings (its state and head hash),
 * so an answer at the table still costs one call; each signature was checked when it was written.
 */
export class GameSignatures extends LitElement {
  static override properties = {
    view: { attribute: false },
    watching: { type: Boolean },
    player: { type: String },
    busy: { type: Boolean },
    named: { attribute: false },
    record: { attribute: false },
    kept: { state: true },
    problem: { state: true },
  }

  /** The game at its head. */
  view: GameView | null = null
  /** A second screen that only watches: the signatures are shown, nothing is recorded here. */
  watching = false
  /** The one player this panel acts for (a player who joined a second screen), or null (everyone at the table). */
  player: string | null = null
  busy = false
  named: Named = { players: [] }
  record: RecordDraft | null = null
  kept: Readonly<Record<string, KeptKey | undefined>> = {}
  /** A problem of this panel's own (a wrong PIN), shown beside it. */
  problem: string | null = null

  static override styles = [
    baseStyles,
    css`
      .head {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 1rem;
        align-items: baseline;
      }
      code {
        font-family: var(--mono);
        font-size: 1.05rem;
        color: var(--heading);
      }
      ul {
        list-style: none;
        margin: 0.5rem 0 0;
        padding: 0;
      }
      li {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 0.8rem;
        align-items: center;
        padding: 0.35rem 0;
        border-top: 1px solid var(--border);
      }
      .who {
        min-width: 9rem;
        font-weight: 600;
      }
      input {
        width: 6.5rem;
      }
      /* A PIN and the button that uses it wrap together, never apart. */
      .pin {
        display: inline-flex;
        gap: 0.4rem;
        align-items: center;
      }
      .problem {
        color: var(--danger, #ff8a80);
      }
    `,
  ]

  private keysOf = ''

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The keys this browser keeps are read again when the game or its recorded keys change.
    const keys = `${this.view?.gameId}:${Object.keys(this.view?.state.signing?.keys ?? {}).join(',')}`
    if (changed.has('view') && keys !== this.keysOf) {
      this.keysOf = keys
      void this.loadKept()
    }
  }

  private get gameId(): string {
    return this.view?.gameId ?? ''
  }

  private async loadKept(): Promise<void> {
    const gameId = this.gameId
    const players = this.view?.state.players.map((player) => player.id) ?? []
    try {
      const kept = Object.fromEntries(
        await Promise.all(players.map(async (p) => [p, await keptKey(gameId, p)] as const)),
      )
      if (gameId === this.gameId) this.kept = kept
    } catch (error) {
      this.problem = (error as Error).message
    }
  }

  private nameOf(player: string): string {
    return this.named.players.find((each) => each.id === player)?.name ?? player
  }

  private pinOf(player: string): string {
    return this.renderRoot.querySelector<HTMLInputElement>(`input[data-pin="${player}"]`)?.value ?? ''
  }

  private async makeKey(player: string, underPin: boolean): Promise<void> {
    this.problem = null
    const pin = underPin ? this.pinOf(player) : undefined
    try {
      const kept = await makeKey(this.gameId, player, pin)
      const recorded = await this.record?.({
        type: 'PlayerKeyRecorded',
        actor: player,
        payload: { player, publicKey: kept.publicKey, holder: kept.holder },
      })
      if (recorded === undefined) await forgetKey(this.gameId, player)
    } catch (error) {
      this.problem = (error as Error).message
    }
    await this.loadKept()
  }

  private async sign(player: string, end: 'turn' | 'game'): Promise<void> {
    this.problem = null
    const kept = this.kept[player]
    const point = this.view ? signingViewOf(this.gameId, this.view.state, this.view.hash).toSign[player] : undefined
    if (!kept || !point) return
    try {
      const privateKey =
        kept.holder === 'device'
          ? kept.privateKey
          : await unwrapWithPin(kept.sealed, this.pinOf(player), this.nameOf(player))
      const signature = await signHead(privateKey, { gameId: this.gameId, player, ...point, end })
      await this.record?.({ type: 'HeadSigned', actor: player, payload: { player, ...point, end, signature } })
    } catch (error) {
      this.problem = (error as Error).message
    }
  }

  private renderPlayer(player: string, signing: SigningView) {
    const key = signing.summary.keys.find((each) => each.player === player)
    const signed = signing.summary.signed.find((each) => each.player === player)
    const kept = this.kept[player]
    const here = key !== undefined && kept?.publicKey === key.publicKey
    const state = signed
      ? `signed through #${signed.seq} (turn ${signed.turn}${signed.end === 'game' ? ', end of the game' : ''})`
      : key
        ? 'not signed yet'
        : 'no key yet'
    const pinInput = html`<input
      type="password"
      inputmode="numeric"
      autocomplete="off"
      data-pin=${player}
      aria-label=${`${this.nameOf(player)}'s PIN`}
      placeholder="PIN"
    />`
    let actions: unknown = nothing
    if (this.watching || (this.player !== null && player !== this.player)) actions = nothing
    else if (!key)
      actions = html`<button ?disabled=${this.busy} @click=${() => this.makeKey(player, false)}>Key on this device</button>
        <span class="pin">
          ${pinInput}
          <button ?disabled=${this.busy} @click=${() => this.makeKey(player, true)}>Key under this PIN</button>
        </span>`
    else if (!here) actions = html`<span class="muted">key kept on another device</span>`
    else if (!signing.toSign[player]) actions = html`<span class="muted">signed up to the head</span>`
    else if (signing.canSign)
      actions = html`${kept?.holder === 'pin' ? pinInput : nothing}
        <button class="primary" data-sign=${player} ?disabled=${this.busy} @click=${() => this.sign(player, 'turn')}>
          Sign the end of turn ${signing.toSign[player]?.turn ?? ''}
        </button>
        <button ?disabled=${this.busy} @click=${() => this.sign(player, 'game')}>Sign the end of the game</button>`
    else actions = html`<span class="muted">sign once nothing is owed</span>`
    return html`<li data-player=${player}>
      <span class="who">${this.nameOf(player)}</span>
      <span data-testid="signed-state">${state}${key ? html` · ${key.holder === 'pin' ? 'PIN key' : 'device key'}` : nothing}</span>
      ${actions}
    </li>`
  }

  override render() {
    if (!this.view) return nothing
    const signing = signingViewOf(this.gameId, this.view.state, this.view.hash)
    return html`<section class="panel" aria-label="Signatures">
      <h2>Signatures</h2>
      <div class="head">
        <span
          >Head
          <code data-testid="head-hash" title=${signing.head.hash}>#${signing.head.seq} ${signing.head.hash.slice(0, 12)}</code></span
        >
        <span data-testid="signed-through">${signatureSentence(signing.summary)}</span>
      </div>
      <ul>
        ${signing.summary.players.map((player) => this.renderPlayer(player, signing))}
      </ul>
      ${
        !this.watching && this.player === null && signing.summary.keys.length < signing.summary.players.length
          ? html`<p class="muted">
            A key on this device signs for whoever uses this browser: on a shared machine, give each player a PIN.
          </p>`
          : nothing
      }
      ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}
    </section>`
  }
}

customElements.define('game-signatures', GameSignatures)

declare global {
  interface HTMLElementTagNameMap {
    'game-signatures': GameSignatures
  }
}
