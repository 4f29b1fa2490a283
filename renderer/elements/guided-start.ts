import { css, html, LitElement, nothing } from 'lit'
import { declarations } from '../../core/api/declarations.js'
import type { GameView } from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'

/**
 * The short guided path to a real game, read off the game's state: muster each army, start the
 * first turn, start a phase, declare what happens. It hides itself once the game is under way.
 */
export class GuidedStart extends LitElement {
  static override properties = {
    view: { attribute: false },
    phases: { attribute: false },
    dismissed: { state: true },
  }

  view: GameView | null = null
  phases: readonly string[] = []
  dismissed = false

  static override styles = [
    baseStyles,
    css`
      ol {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1.5rem;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      li {
        display: flex;
        gap: 0.4rem;
        align-items: baseline;
      }
      li .mark {
        display: inline-grid;
        place-items: center;
        width: 1.5rem;
        height: 1.5rem;
        border-radius: 50%;
        border: 2px solid var(--border);
        font-size: 0.8rem;
        font-weight: 700;
      }
      li.done {
        color: var(--muted);
      }
      li.done .mark {
        border-color: var(--good);
        color: var(--good);
      }
      li.next .mark {
        border-color: var(--accent);
        color: var(--accent);
      }
      li.next {
        font-weight: 600;
      }
      .head {
        display: flex;
        justify-content: space-between;
        align-items: center;
      }
    `,
  ]

  override render() {
    const game = this.view?.state
    // A game that has ended (GameEnded) has nothing left to start: its score stands in the game view.
    if (!game || this.dismissed || game.result) return nothing
    const units = Object.values(game.units)
    const mustered = game.players.filter((player) => units.some((unit) => unit.player === player.id)).length
    const steps = [
      {
        text: `Muster each army (${mustered} of ${game.players.length}): add units in the muster below`,
        done: mustered === game.players.length,
      },
      { text: `Start the first turn: “${declarations.TurnStarted.title}” under Declare now`, done: game.turn >= 1 },
      {
        text: `Start a phase${this.phases.length > 0 ? ` (${this.phases.join(', ')})` : ''}: “${declarations.PhaseStarted.title}”`,
        done: game.phase !== null,
      },
      {
        text: 'Declare what happens (a combat, attacks…) and answer each roll Arbiter asks for',
        // Under way once a combat is joined, a roll is owed, or a unit has changed since its muster.
        done:
          Object.keys(game.combats).length > 0 ||
          Object.keys(game.requests).length > 0 ||
          units.some((unit) => unit.changedAt > unit.musteredAt),
      },
    ]
    if (steps.every((step) => step.done)) return nothing
    const next = steps.findIndex((step) => !step.done)
    return html`<section class="panel" aria-label="Getting started">
      <div class="head">
        <h2>Getting started</h2>
        <button @click=${() => (this.dismissed = true)}>Hide</button>
      </div>
      <ol>
        ${steps.map(
          (step, index) =>
            html`<li class=${step.done ? 'done' : index === next ? 'next' : ''}>
              <span class="mark" aria-hidden="true">${step.done ? '✓' : index + 1}</span>
              <span>${step.text}</span>
            </li>`,
        )}
      </ol>
    </section>`
  }
}

customElements.define('guided-start', GuidedStart)

declare global {
  interface HTMLElementTagNameMap {
    'guided-start': GuidedStart
  }
}
