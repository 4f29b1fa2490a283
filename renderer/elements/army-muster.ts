import { css, html, LitElement, nothing, type PropertyValues } from 'lit'
import type {
  EventDraft,
  GameView,
  RuleEntry,
  TroopTemplate,
  TroopType,
  UnitDefinitionInput,
} from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'
import './unit-editor.js'

/**
 * Army muster: a player's units, added one by one in the unit editor, then recorded as one
 * ArmyMustered event (emitted as `declare`; the shell appends it). The units the player already
 * has are listed from the game's state.
 */
export class ArmyMuster extends LitElement {
  static override properties = {
    view: { attribute: false },
    catalogue: { attribute: false },
    troops: { attribute: false },
    troopTypes: { attribute: false },
    player: { state: true },
    drafts: { state: true },
    editing: { state: true },
  }

  view: GameView | null = null
  catalogue: readonly RuleEntry[] | null = null
  troops: readonly TroopTemplate[] = []
  troopTypes: readonly TroopType[] = []
  player = ''
  drafts: UnitDefinitionInput[] = []
  editing = false

  static override styles = [
    baseStyles,
    css`
      ul {
        margin: 0.3rem 0;
        padding-left: 1.2rem;
      }
      li {
        margin: 0.15rem 0;
      }
      .head {
        display: flex;
        justify-content: space-between;
        align-items: center;
        gap: 0.5rem;
      }
      unit-editor {
        margin: 0.6rem 0;
      }
    `,
  ]

  override willUpdate(changed: PropertyValues<this>): void {
    const players = this.view?.state.players ?? []
    const units = Object.values(this.view?.state.units ?? {})
    const hasArmy = (player: string) => units.some((unit) => unit.player === player)
    const known = players.some((player) => player.id === this.player)
    // Start with, and after each muster move on to, the first player who has no army yet.
    if (!known || (changed.has('view') && this.drafts.length === 0 && hasArmy(this.player))) {
      const next = players.find((player) => !hasArmy(player.id)) ?? (known ? undefined : players[0])
      if (next) this.player = next.id
    }
  }

  private muster(): void {
    const draft: EventDraft = {
      type: 'ArmyMustered',
      actor: this.player,
      payload: { player: this.player, units: this.drafts },
    }
    this.dispatchEvent(new CustomEvent('declare', { detail: draft, bubbles: true, composed: true }))
    this.drafts = []
  }

  override render() {
    const game = this.view?.state
    if (!game) return nothing
    const mustered = Object.values(game.units).filter((unit) => unit.player === this.player)
    const taken = [...Object.keys(game.units), ...this.drafts.map((unit) => unit.id)]
    return html`<section class="panel" aria-label="Army muster">
      <div class="head">
        <h2>Army muster</h2>
        <button @click=${() => this.dispatchEvent(new CustomEvent('close'))}>Close</button>
      </div>
      <div class="row">
        <label for="muster-player">Player</label>
        <select
          id="muster-player"
          @change=${(e: Event) => {
            this.player = (e.target as HTMLSelectElement).value
            this.drafts = []
          }}
        >
          ${game.players.map((player) => html`<option value=${player.id} ?selected=${player.id === this.player}>${player.name}</option>`)}
        </select>
      </div>
      ${
        mustered.length > 0
          ? html`<h3>On the table</h3>
            <ul>
              ${mustered.map((unit) => html`<li>${unit.name}: ${unit.models} ${unit.troopType}</li>`)}
            </ul>`
          : nothing
      }
      ${
        this.drafts.length > 0
          ? html`<h3>To muster</h3>
            <ul>
              ${this.drafts.map(
                (unit, index) =>
                  html`<li>
                    ${unit.name}: ${unit.models} ${unit.troopType}
                    <button
                      aria-label=${`Remove ${unit.name}`}
                      @click=${() => (this.drafts = this.drafts.filter((_, i) => i !== index))}
                    >
                      ✕
                    </button>
                  </li>`,
              )}
            </ul>`
          : nothing
      }
      ${
        this.editing
          ? html`<unit-editor
            .catalogue=${this.catalogue ?? []}
            .troops=${this.troops}
            .troopTypes=${this.troopTypes}
            .takenIds=${taken}
            @unit-saved=${(e: CustomEvent<UnitDefinitionInput>) => {
              this.drafts = [...this.drafts, e.detail]
              this.editing = false
            }}
            @cancel=${() => (this.editing = false)}
          ></unit-editor>`
          : html`<div class="row">
            <button @click=${() => (this.editing = true)}>Add a unit</button>
            <button class="primary" ?disabled=${this.drafts.length === 0} @click=${this.muster}>
              Muster ${this.drafts.length} unit${this.drafts.length === 1 ? '' : 's'}
            </button>
          </div>`
      }
    </section>`
  }
}

customElements.define('army-muster', ArmyMuster)

declare global {
  interface HTMLElementTagNameMap {
    'army-muster': ArmyMuster
  }
}
