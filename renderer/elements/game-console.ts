import { css, html, LitElement, nothing } from 'lit'
import { type ChargedCombat, chargedCombats } from '../../core/api/declarations.js'
import type { GameStatus, GameView, RuleEntry, StepView } from '../../core/api/game-api-contract.js'
import type { OpenRequest } from '../../core/engine/types.js'
import { baseStyles } from '../theme.js'
import './choice-entry.js'
import './declare-form.js'
import './explanation-tree.js'
import './dice-entry.js'
import './odds-panel.js'

/**
 * The game console: the turn, the phase and who is playing; the rolls and choices the table owes
 * (the oldest is answered here, with its odds); and, when nothing is owed, what can be declared now
 * — exactly `status().canDeclare`, each opening its form.
 */
export class GameConsole extends LitElement {
  static override properties = {
    view: { attribute: false },
    status: { attribute: false },
    phases: { attribute: false },
    catalogue: { attribute: false },
    steps: { attribute: false },
    busy: { type: Boolean },
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
        font-size: 1.15rem;
        font-weight: 600;
        margin: 0.2rem 0 0.5rem;
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

  rollForMe(): void {
    this.renderRoot.querySelector('dice-entry')?.rollForMe()
  }

  focusDeclare(): void {
    this.renderRoot.querySelector<HTMLButtonElement>('.declare button')?.focus()
  }

  private renderRequest(request: OpenRequest, game: GameView['state']) {
    const who = request.kind === 'dice' ? request.roller : request.chooser
    const name = game.players.find((player) => player.id === who)?.name ?? who
    return html`<section class="owed" aria-label="Open request">
      <div class="muted">Request ${request.id} · ${name} ${request.kind === 'dice' ? 'rolls' : 'chooses'}</div>
      <p class="request-text">${request.text}</p>
      ${
        request.kind === 'dice'
          ? html`<odds-panel .request=${request}></odds-panel>
            <dice-entry .request=${request} .busy=${this.busy}></dice-entry>`
          : html`<choice-entry .request=${request} .busy=${this.busy}></choice-entry>`
      }
      <details>
        <summary>Why this roll</summary>
        <explanation-tree .node=${request.explanation}></explanation-tree>
      </details>
    </section>`
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
    return html`<section class="panel" aria-label="Game console">
      <div class="where">
        <span>Turn <strong data-testid="turn">${status.turn > 0 ? status.turn : '—'}</strong></span>
        <span>Phase <strong data-testid="phase">${status.phase ?? '—'}</strong></span>
        <span>${active ? html`<strong>${active.name}</strong> to play` : html`<span class="muted">no turn started</span>`}</span>
        <span class="muted">seq ${status.seq}</span>
      </div>
      ${oldest ? this.renderRequest(oldest, game) : nothing}
      ${
        waiting.length > 0
          ? html`<ol class="queue" aria-label="Waiting requests">
            ${waiting.map((request) => html`<li>${request.id}: ${request.text}</li>`)}
          </ol>`
          : nothing
      }
      ${this.renderChargedCombats(view, status)}
      ${
        status.canDeclare.length > 0
          ? html`<h3>Declare now</h3>
            <div class="row declare" role="group" aria-label="Declare now">
              ${status.canDeclare.map((type) =>
                // An army is mustered on its own screen, unit by unit.
                type === 'ArmyMustered'
                  ? html`<button @click=${() => this.dispatchEvent(new CustomEvent('muster'))}>ArmyMustered</button>`
                  : html`<button
                      aria-pressed=${this.declaring === type ? 'true' : 'false'}
                      @click=${() => {
                        this.prefill = null
                        this.declaring = this.declaring === type ? null : type
                      }}
                    >
                      ${type}
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
                  .actor=${status.activePlayer ?? game.players[0]?.id ?? ''}
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

customElements.define('game-console', GameConsole)

declare global {
  interface HTMLElementTagNameMap {
    'game-console': GameConsole
  }
}
