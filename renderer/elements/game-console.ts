import { css, html, LitElement, nothing } from 'lit'
import {
  type ChargedCombat,
  chargedCombats,
  declarations,
  isEventType,
  phaseLabel,
} from '../../core/api/declarations.js'
import type { GameStatus, GameView, OpenRequest, RuleEntry, StepView } from '../../core/api/game-api-contract.js'
import { type Named, namesIn, stepSummary } from '../texts.js'
import { baseStyles } from '../theme.js'
import './choice-entry.js'
import './declare-form.js'
import './explanation-tree.js'
import './dice-entry.js'
import './odds-panel.js'

/**
 * The game console, the "now" of the table: the turn, the phase and who is playing; the last outcome
 * in one line; the rolls and choices the table owes (the oldest is answered here, large, with its
 * odds, and its reasons folded until asked for); and, when nothing is owed, what can be declared
 * now — exactly `status().canDeclare`, each opening its form.
 */
export class GameConsole extends LitElement {
  static override properties = {
    view: { attribute: false },
    status: { attribute: false },
    phases: { attribute: false },
    catalogue: { attribute: false },
    steps: { attribute: false },
    busy: { type: Boolean },
    last: { attribute: false },
    named: { attribute: false },
    player: { type: String },
    declaring: { state: true },
    prefill: { state: true },
  }

  view: GameView | null = null
  status: GameStatus | null = null
  phases: readonly string[] = []
  /** The ruleset's catalogue and the game's steps: the declaration forms name weapons, spells and charges from them. */
  catalogue: readonly RuleEntry[] = []
  steps: readonly StepView[] = []
  busy = false
  /** The newest step, for its outcome in one line. */
  last: StepView | null = null
  /** The game's players and its ruleset's variants: the texts read their names, not their ids. */
  named: Named = { players: [] }
  /**
   * The one player this console acts for (a player who joined a second screen), or null (the table's
   * own screen acts for everyone): another player's roll or choice is shown, not answered, here.
   */
  player: string | null = null
  /** The declaration whose form is open. */
  declaring: string | null = null
  /** The combat a charge led to, when its form was opened from it. */
  prefill: ChargedCombat | null = null

  static override styles = [
    baseStyles,
    css`
      .where {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 1.4rem;
        font-size: 1.1rem;
        margin-bottom: 0.6rem;
      }
      .where strong {
        color: var(--heading);
      }
      .owed {
        border-left: 4px solid var(--accent);
        padding-left: 0.8rem;
        margin: 0.6rem 0;
      }
      .request-text {
        font-size: 1.35rem;
        font-weight: 700;
        line-height: 1.3;
        margin: 0.2rem 0 0.5rem;
        overflow-wrap: anywhere;
      }
      .result {
        margin: 0 0 0.6rem;
        padding: 0.5rem 0.7rem;
        border: 2px solid var(--accent, currentColor);
        border-radius: 6px;
        font-size: 1.1rem;
      }
      .last {
        margin: 0 0 0.4rem;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .last .seq {
        font-family: var(--mono);
        color: var(--muted);
        margin-right: 0.4rem;
      }

      .queue {
        margin: 0.4rem 0 0;
        padding-left: 1.2rem;
        color: var(--muted);
      }
      .declare button[aria-pressed='true'] {
        border-color: var(--accent);
        color: var(--accent);
      }
      details {
        margin-top: 0.4rem;
      }
      summary {
        cursor: pointer;
        color: var(--muted);
      }
    `,
  ]

  override willUpdate(): void {
    if (this.declaring && !this.status?.canDeclare.includes(this.declaring)) this.declaring = null
  }

  /** Focuses the first field of the answer to the oldest open request. */
  focusAnswer(): void {
    const entry = this.renderRoot.querySelector('dice-entry') ?? this.renderRoot.querySelector('choice-entry')
    entry?.focusFirst()
  }

  /**
   * After an answer or a declaration: the focus goes where the next action is, the next request's
   * entry or else the first declaration, so the table goes on by keyboard without a click.
   */
  async focusNext(): Promise<void> {
    await this.updateComplete
    const entry = this.renderRoot.querySelector('dice-entry') ?? this.renderRoot.querySelector('choice-entry')
    if (entry) {
      await entry.updateComplete
      entry.focusFirst()
    } else this.focusDeclare()
  }

  /** A choice key (1 to 9): picks that option of the open choice; false when no choice is open. */
  choose(index: number): boolean {
    return this.renderRoot.querySelector('choice-entry')?.chooseAt(index) ?? false
  }

  rollForMe(): void {
    this.renderRoot.querySelector('dice-entry')?.rollForMe()
  }

  focusDeclare(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('.declare button')?.focus()
  }

  private renderRequest(request: OpenRequest, game: GameView['state']) {
    const who = request.kind === 'dice' ? request.roller : request.chooser
    const name = game.players.find((player) => player.id === who)?.name ?? who
    const names = namesIn(this.named)
    return html`<section class="owed" aria-label="Open request">
      <div class="muted">Request ${request.id} · ${name} ${request.kind === 'dice' ? 'rolls' : 'chooses'}</div>
      <p class="request-text">${names(request.text)}</p>
      ${
        this.player !== null && who !== this.player
          ? html`<p class="muted" data-testid="not-yours">${name} answers this at the table or on their own screen.</p>`
          : request.kind === 'dice'
            ? html`<odds-panel .request=${request}></odds-panel>
            <dice-entry .request=${request} .busy=${this.busy}></dice-entry>`
            : html`<choice-entry .request=${request} .busy=${this.busy}></choice-entry>`
      }
      <details>
        <summary>Why this ${request.kind === 'dice' ? 'roll' : 'choice'}</summary>
        <explanation-tree .node=${request.explanation} .named=${this.named}></explanation-tree>
      </details>
    </section>`
  }

  /** Victory points so far, were the game to end now: the engine's running score (each figure explained at its step). */
  private renderScore(game: GameView['state']) {
    const score = game.score
    if (!score) return nothing
    const turns = game.progress?.turns
    return html`<span data-testid="score" title="victory points so far, were the game to end now"
      >VP ${game.players.map(
        (player, index) => html`${index > 0 ? ' · ' : ''}${player.name} <strong>${score.vp[player.id] ?? 0}</strong>`,
      )}${turns ? html` <span class="muted">(of ${turns} ${turns === 1 ? 'turn' : 'turns'} each)</span>` : nothing}</span
    >`
  }

  /** After GameEnded: who won, by how much, and the ruleset's name for it. */
  private renderResult(game: GameView['state']) {
    const result = game.result
    if (!result) return nothing
    const name = (id: string | null) => game.players.find((player) => player.id === id)?.name ?? id ?? ''
    const how = result.conceded ? `${name(result.conceded)} conceded` : 'the last turn is over'
    const scores = game.players.map((player) => `${player.name} ${result.vp[player.id] ?? 0}`).join(', ')
    const outcome =
      result.winner === null
        ? `A draw (${bandText(result.band)})`
        : `${name(result.winner)} wins: ${bandText(result.band)} by ${result.margin} VP`
    return html`<p class="result" role="status" data-testid="result">
      <strong>Game over</strong> — ${how}. ${outcome}. <span class="muted">${scores}</span>
    </p>`
  }

  /** The charges of this turn that reached their targets: each leads straight to its combat, filled from the log. */
  private renderChargedCombats(view: GameView, status: GameStatus) {
    if (!status.canDeclare.includes('CombatJoined')) return nothing
    const known = chargedCombats({
      ruleset: { id: view.state.ruleset, phases: this.phases },
      state: view.state,
      catalogue: this.catalogue,
      actor: status.activePlayer ?? '',
      steps: this.steps,
    })
    if (known.length === 0) return nothing
    return html`<div class="row next" role="group" aria-label="Next">
      ${known.map(
        (combat) => html`<button
          class="primary"
          @click=${() => {
            // A fresh form each time: the same type reopened from a charge starts from the log again.
            this.declaring = null
            this.prefill = combat
            void this.updateComplete.then(() => (this.declaring = 'CombatJoined'))
          }}
        >
          Fight the combat: ${combat.title}
        </button>`,
      )}
    </div>`
  }

  override render() {
    const view = this.view
    const status = this.status
    if (!view || !status) return nothing
    const game = view.state
    const active = game.players.find((player) => player.id === status.activePlayer)
    const [oldest, ...waiting] = status.openRequests
    const names = namesIn(this.named)
    const last = this.last
    const lastText = last ? names(stepSummary(last)) : ''
    return html`<section class="panel" aria-label="Game console">
      <div class="where">
        <span>Turn <strong data-testid="turn">${status.turn > 0 ? status.turn : '—'}</strong></span>
        <span>Phase <strong data-testid="phase"
            >${status.phase ? phaseLabel(this.view?.state.ruleset ?? '', status.phase) : '—'}</strong
          ></span>
        <span>${active ? html`<strong>${active.name}</strong> to play` : html`<span class="muted">no turn started</span>`}</span>
        <span class="muted">seq ${status.seq}</span>
        ${this.renderScore(game)}
      </div>
      ${this.renderResult(game)}
      ${
        last && lastText
          ? html`<p class="last" data-testid="last-outcome" title=${lastText}>
            <span class="seq">#${last.seq}</span>${lastText}
          </p>`
          : nothing
      }
      ${oldest ? this.renderRequest(oldest, game) : nothing}
      ${
        waiting.length > 0
          ? html`<ol class="queue" aria-label="Waiting requests">
            ${waiting.map((request) => html`<li>${request.id}: ${names(request.text)}</li>`)}
          </ol>`
          : nothing
      }
      ${this.renderChargedCombats(view, status)}
      ${
        status.canDeclare.length > 0
          ? html`<h3>Declare now</h3>
            <div class="row declare" role="group" aria-label="Declare now">
              ${status.canDeclare.map((type) =>
                // Named as players say it (declarations' title); the event type stays on the button for tools.
                // An army is mustered on its own screen, unit by unit.
                type === 'ArmyMustered'
                  ? html`<button data-type=${type} @click=${() => this.dispatchEvent(new CustomEvent('muster'))}>
                      ${titleOf(type)}
                    </button>`
                  : html`<button
                      data-type=${type}
                      aria-pressed=${this.declaring === type ? 'true' : 'false'}
                      @click=${() => {
                        this.prefill = null
                        this.declaring = this.declaring === type ? null : type
                      }}
                    >
                      ${titleOf(type)}
                    </button>`,
              )}
            </div>
            ${
              this.declaring
                ? html`<declare-form
                  .type=${this.declaring}
                  .view=${view}
                  .phases=${this.phases}
                  .catalogue=${this.catalogue}
                  .steps=${this.steps}
                  .prefill=${this.prefill}
                  .actor=${this.player ?? status.activePlayer ?? game.players[0]?.id ?? ''}
                  .actorFixed=${this.player !== null}
                  @cancel=${() => (this.declaring = null)}
                ></declare-form>`
                : nothing
            }`
          : oldest
            ? html`<p class="muted">Nothing can be declared until the open requests are answered.</p>`
            : nothing
      }
    </section>`
  }
}

/** A result band as players say it: "solid-victory" is "a solid victory". */
function bandText(band: string): string {
  const words = band.replace(/-/g, ' ')
  return band === 'draw' ? 'a draw' : band === 'massacre' ? 'a massacre' : `a ${words}`
}

/** A declaration as players call it (its type when the api offers one this renderer does not know). */
function titleOf(type: string): string {
  return isEventType(type) ? declarations[type].title : type
}

customElements.define('game-console', GameConsole)

declare global {
  interface HTMLElementTagNameMap {
    'game-console': GameConsole
  }
}
