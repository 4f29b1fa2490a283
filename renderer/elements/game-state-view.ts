import { css, html, LitElement, nothing } from 'lit'
import { repeat } from 'lit/directives/repeat.js'
import { phaseLabel } from '../../core/api/declarations.js'
import type { GameView, ParamValue, RuleEntry, UnitState } from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'
import { words } from './unit-editor.js'

/**
 * The game's state at the seq being shown (the head, or wherever the timeline is scrubbed to): a
 * card for each unit (its profile, gear, special rules with their parameters, the models and
 * wounds it has left, and one status: destroyed, fleeing, or in combat), and the combats. When it
 * is not the head it says so plainly; the way back is the shell's.
 */
export class GameStateView extends LitElement {
  static override properties = {
    view: { attribute: false },
    head: { type: Number },
    catalogue: { attribute: false },
  }

  view: GameView | null = null
  head = 0
  /** The ruleset's catalogue, for the names of gear and rules. */
  catalogue: readonly RuleEntry[] | null = null
  private namesFrom: readonly RuleEntry[] | null = null
  private entryNames = new Map<string, string>()

  static override styles = [
    baseStyles,
    css`
      .past {
        padding: 0.4rem 0.6rem;
        margin-bottom: 0.6rem;
        border: 1px solid var(--rule);
        border-radius: 0.4rem;
        color: var(--rule);
      }
      /* Wrapping flex, not an auto-fill grid: the grid's sizing took half of every scrub's time. */
      .cards {
        display: flex;
        flex-wrap: wrap;
        gap: 0.6rem;
        margin-bottom: 0.6rem;
      }
      .cards > div {
        flex: 1 1 15rem;
        min-width: 0;
      }
      article {
        border: 1px solid var(--border);
        border-radius: 0.5rem;
        background: var(--bg);
        padding: 0.5rem 0.7rem;
        min-width: 0;
      }
      /* Faded by colour, not opacity: an opacity would take its words under a readable contrast. */
      article.gone {
        border-style: dashed;
      }
      article.gone .name,
      article.gone .models {
        color: var(--muted);
      }
      article.gone .name {
        text-decoration: line-through;
      }
      .top {
        display: flex;
        justify-content: space-between;
        align-items: baseline;
        gap: 0.5rem;
      }
      .name {
        font-weight: 700;
        color: var(--heading);
        overflow-wrap: anywhere;
      }
      .models {
        font-size: 1.2rem;
        font-weight: 700;
        white-space: nowrap;
      }
      .kind {
        font-size: 0.8rem;
        color: var(--muted);
      }
      table.profile {
        width: 100%;
        border-collapse: collapse;
        table-layout: fixed;
        margin: 0.3rem 0;
        font-family: var(--mono);
        font-size: 0.8rem;
        text-align: center;
      }
      table.profile th {
        font-weight: 500;
        color: var(--muted);
      }
      .line {
        font-size: 0.85rem;
        margin: 0.15rem 0;
        overflow-wrap: anywhere;
      }
      .line .label {
        color: var(--muted);
      }
      .flag {
        white-space: nowrap;
        display: inline-block;
        font-size: 0.8rem;
        border-radius: 0.25rem;
        padding: 0 0.3rem;
        border: 1px solid var(--danger);
        color: var(--danger);
      }
      .flag.combat {
        border-color: var(--accent);
        color: var(--accent);
      }
      .combat {
        margin: 0.2rem 0;
      }
    `,
  ]

  override willUpdate(): void {
    if (this.catalogue !== this.namesFrom) {
      this.namesFrom = this.catalogue
      this.entryNames = new Map((this.catalogue ?? []).map((entry) => [entry.id, entry.name]))
    }
  }

  /** An entry with its parameters as a player reads them: "Regeneration (5+)", "Stomp Attacks (count D3)". */
  private entryLine(entry: { readonly id: string; readonly params?: Readonly<Record<string, ParamValue>> }): string {
    const name = this.entryNames.get(entry.id) ?? entry.id
    const params = Object.entries(entry.params ?? {})
    if (params.length === 0) return name
    const said = params.map(([key, value]) => (params.length === 1 ? String(value) : `${key} ${String(value)}`))
    return `${name} (${said.join(', ')})`
  }

  /** The unit's points cost and the victory points it gives the enemy now (state.score), where the game has them. */
  private worth(unit: UnitState) {
    const given = this.view?.state.score?.units[unit.id]?.lost ?? 0
    const words = [
      ...(unit.points !== undefined ? [`${unit.points} pts`] : []),
      ...(given > 0 ? [`gives ${given} VP`] : []),
    ]
    return words.length > 0
      ? html`<span class="muted" data-testid=${`worth-${unit.id}`}>${words.join(' · ')}</span>`
      : nothing
  }

  private renderUnit(unit: UnitState, inCombat: boolean) {
    const destroyed = unit.models === 0
    // One status: a destroyed unit is only destroyed, not also fleeing or fighting.
    const status = destroyed
      ? html`<span class="flag">destroyed</span>`
      : unit.fleeing
        ? html`<span class="flag">fleeing</span>`
        : inCombat
          ? html`<span class="flag combat">in combat</span>`
          : nothing
    if (destroyed)
      // What is left of a destroyed unit to see is its name and its loss: one line, not a card.
      return html`<article class="gone" data-unit=${unit.id} aria-label=${unit.name}>
        <div class="top">
          <span class="name">${unit.name}</span>
          <span class="models" data-testid=${`models-${unit.id}`}>${unit.models} / ${unit.startingModels}</span>
        </div>
        <div class="row"><span class="kind">${troopWords(unit.troopType)}</span>${status}${this.worth(unit)}</div>
      </article>`
    const profile = Object.entries(unit.profile).sort(([a], [b]) => profileRank(a) - profileRank(b))
    const characters = unit.characters.filter((character) => !character.slain)
    return html`<article data-unit=${unit.id} aria-label=${unit.name}>
      <div class="top">
        <span class="name">${unit.name}</span>
        <span class="models" data-testid=${`models-${unit.id}`}>${unit.models} / ${unit.startingModels}</span>
      </div>
      <div class="row">
        <span class="kind">${troopWords(unit.troopType)}${unit.character ? ' · character' : ''}</span>
        ${status} ${this.worth(unit)}
        ${
          unit.woundsOnNextModel > 0
            ? html`<span class="muted" data-testid=${`wounds-${unit.id}`}
                >one model has ${unit.profile.W - unit.woundsOnNextModel} of ${unit.profile.W} wounds left</span
              >`
            : nothing
        }
      </div>
      <table class="profile" aria-label=${`${unit.name}'s profile`}>
        <thead>
          <tr>${profile.map(([key]) => html`<th scope="col">${key}</th>`)}</tr>
        </thead>
        <tbody>
          <tr>${profile.map(([, value]) => html`<td>${value}</td>`)}</tr>
        </tbody>
      </table>
      ${
        unit.gear.length > 0
          ? html`<p class="line"><span class="label">Gear:</span> ${unit.gear
              .map((each) => this.entryLine({ id: each.id, params: each.options }))
              .join(', ')}</p>`
          : nothing
      }
      ${
        unit.rules.length > 0
          ? html`<p class="line"><span class="label">Rules:</span> ${unit.rules.map((each) => this.entryLine(each)).join(', ')}</p>`
          : nothing
      }
      ${
        unit.mount
          ? html`<p class="line" data-testid=${`mount-${unit.id}`}>
            <span class="label">Rides:</span>
            ${unit.mount.name} (${Object.entries(unit.mount.profile)
              .sort(([a], [b]) => profileRank(a) - profileRank(b))
              .map(([key, value]) => `${key} ${value}`)
              .join(' ')})${
              unit.mount.woundsLost
                ? `, ${unit.mount.profile.W - unit.mount.woundsLost} of ${unit.mount.profile.W} W`
                : ''
            }
          </p>`
          : nothing
      }
      ${
        unit.command.champion || unit.command.standard || unit.command.musician
          ? html`<p class="line">
            <span class="label">Command:</span>
            ${(['champion', 'standard', 'musician'] as const).filter((role) => unit.command[role]).join(', ')}
          </p>`
          : nothing
      }
      ${
        characters.length > 0
          ? html`<p class="line">
            <span class="label">With:</span>
            ${characters
              .map(
                (character) =>
                  `${character.name} (${character.profile.W - character.woundsLost} of ${character.profile.W} W)`,
              )
              .join(', ')}
          </p>`
          : nothing
      }
    </article>`
  }

  override render() {
    const view = this.view
    if (!view) return nothing
    const game = view.state
    const phase = game.phase ? ` · ${phaseLabel(game.ruleset, game.phase).toLowerCase()}` : ''
    const moment = `${game.turn > 0 ? ` · turn ${game.turn}` : ''}${phase}`
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
          ? html`<p class="past" role="status">The game as it stood at <strong>#${view.seq}</strong> of ${this.head}${moment}</p>`
          : html`<p class="muted">Now, after #${view.seq}${moment}</p>`
      }
      ${game.players.map((player) => {
        const theirs = units.filter((unit) => unit.player === player.id)
        return html`<h3>${player.name}</h3>
          ${
            theirs.length === 0
              ? html`<p class="muted">No army mustered yet.</p>`
              : html`<div class="cards" role="list" aria-label=${`${player.name}'s units`}>
                ${repeat(
                  theirs,
                  // Keyed: a scrub keeps each unit's card and changes its figures, rather than rebuilding the list.
                  (unit) => unit.id,
                  (unit) => html`<div role="listitem">${this.renderUnit(unit, inCombat.has(unit.id))}</div>`,
                )}
              </div>`
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

/** A profile reads in the order of the rulebooks' stat lines, whatever order the state's keys came in. */
const PROFILE_ORDER = ['M', 'WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld']

function profileRank(key: string): number {
  const rank = PROFILE_ORDER.indexOf(key)
  return rank === -1 ? PROFILE_ORDER.length : rank
}

/** A troop type as the muster offered it: "monstrous-infantry" reads "monstrous infantry". */
function troopWords(type: string): string {
  return words(type).toLowerCase()
}

customElements.define('game-state-view', GameStateView)

declare global {
  interface HTMLElementTagNameMap {
    'game-state-view': GameStateView
  }
}
