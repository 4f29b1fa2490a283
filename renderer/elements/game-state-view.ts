import { css, html, LitElement, nothing } from 'lit'
import type { GameView } from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'

/**
 * The game's state at the seq being shown (the head, or wherever the timeline is scrubbed to):
 * each player's units with the models they have left, and the combats. When it is not the head it
 * says so plainly, with the way back.
 */
export class GameStateView extends LitElement {
  static override properties = {
    view: { attribute: false },
    head: { type: Number },
  }

  view: GameView | null = null
  head = 0

  static override styles = [
    baseStyles,
    css`
      .past {
        display: flex;
        gap: 0.6rem;
        align-items: center;
        justify-content: space-between;
        padding: 0.4rem 0.6rem;
        margin-bottom: 0.6rem;
        border: 1px solid var(--rule);
        border-radius: 0.4rem;
        color: var(--rule);
      }
      table {
        width: 100%;
        border-collapse: collapse;
        margin-bottom: 0.6rem;
      }
      th,
      td {
        text-align: left;
        padding: 0.3rem 0.4rem;
        border-bottom: 1px solid var(--border);
      }
      th {
        font-weight: 500;
        font-size: 0.8rem;
        color: var(--muted);
      }
      td.models {
        font-size: 1.15rem;
        font-weight: 700;
        white-space: nowrap;
      }
      tr.gone td {
        color: var(--muted);
        text-decoration: line-through;
      }
      .flag {
        white-space: nowrap;
        display: inline-block;
        font-size: 0.8rem;
        border-radius: 0.25rem;
        padding: 0 0.3rem;
        margin-left: 0.3rem;
        border: 1px solid var(--danger);
        color: var(--danger);
      }
      .combat {
        margin: 0.2rem 0;
      }
    `,
  ]

  override render() {
    const view = this.view
    if (!view) return nothing
    const game = view.state
    const moment = `${game.turn > 0 ? ` · turn ${game.turn}` : ''}${game.phase ? ` · ${game.phase}` : ''}`
    const sides = (combat: (typeof game.combats)[string]) =>
      combat.sides.map((side) => side.units.map((each) => game.units[each.unit]?.name ?? each.unit).join(', '))
    const units = Object.values(game.units)
    const inCombat = new Set(
      Object.values(game.combats)
        .filter((combat) => !combat.ended)
        .flatMap((combat) => combat.sides.flatMap((side) => side.units.map((each) => each.unit))),
    )
    const past = view.seq < this.head
    return html`<section class="panel" aria-label="Game state">
      <h2>The table</h2>
      ${
        past
          ? html`<div class="past" role="status">
            <span>The game as it stood at <strong>#${view.seq}</strong> of ${this.head}</span>
            <button
              @click=${() => this.dispatchEvent(new CustomEvent('scrub', { detail: { seq: this.head }, bubbles: true, composed: true }))}
            >
              Back to now <kbd>Esc</kbd>
            </button>
          </div>`
          : html`<p class="muted">Now, after #${view.seq}${moment}</p>`
      }
      ${game.players.map((player) => {
        const theirs = units.filter((unit) => unit.player === player.id)
        return html`<h3>${player.name}</h3>
          ${
            theirs.length === 0
              ? html`<p class="muted">No army mustered yet.</p>`
              : html`<table aria-label=${`${player.name}'s units`}>
                <thead>
                  <tr><th>Unit</th><th>Models</th><th></th></tr>
                </thead>
                <tbody>
                  ${theirs.map(
                    (unit) =>
                      html`<tr class=${unit.models === 0 ? 'gone' : ''} data-unit=${unit.id}>
                        <td>${unit.name}</td>
                        <td class="models" data-testid=${`models-${unit.id}`}>${unit.models} / ${unit.startingModels}</td>
                        <td>
                          ${unit.fleeing ? html`<span class="flag">fleeing</span>` : nothing}
                          ${inCombat.has(unit.id) ? html`<span class="flag">in combat</span>` : nothing}
                          ${
                            unit.woundsOnNextModel > 0
                              ? html`<span class="muted">${unit.woundsOnNextModel} wound(s) on one</span>`
                              : nothing
                          }
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
          }`
      })}
      ${
        Object.values(game.combats).length > 0
          ? html`<h3>Combats</h3>
            ${Object.values(game.combats).map(
              (combat) =>
                html`<p class="combat">
                  <strong>${combat.id}</strong>: round ${combat.round}${combat.ended ? ', over' : ''} ·
                  ${sides(combat).join(' against ')}
                </p>`,
            )}`
          : nothing
      }
    </section>`
  }
}

customElements.define('game-state-view', GameStateView)

declare global {
  interface HTMLElementTagNameMap {
    'game-state-view': GameStateView
  }
}
