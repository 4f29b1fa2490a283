import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import type { EventDraft, GameView, UnitState } from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'

/** A unit's place in a combat being declared. */
interface CombatPick {
  side: 0 | 1
  charged: boolean
  /** Models in base contact. */
  models: number
}

/**
 * The form for one declaration the console offers. The common ones get fields (who, which units,
 * how many in contact); a declaration this form does not know yet (a procedure that landed after
 * it) is typed as its JSON payload, so the UI offers every declaration the api does. The api
 * validates and resolves; the form only gathers what the players say. Emits `declare`.
 */
export class DeclareForm extends LitElement {
  static override properties = {
    type: { type: String },
    view: { attribute: false },
    phases: { attribute: false },
    actor: { type: String },
    fields: { state: true },
    picks: { state: true },
  }

  type = ''
  view: GameView | null = null
  phases: readonly string[] = []
  /** The player who declares (the active player unless changed). */
  actor = ''
  /** The form's plain fields by name. */
  fields: Record<string, string> = {}
  /** CombatJoined / CombatRoundDeclared: unit id -> its place in the combat. */
  picks: Record<string, CombatPick> = {}
  private formFor = ''

  static override styles = [
    baseStyles,
    css`
      form {
        display: grid;
        gap: 0.6rem;
        margin-top: 0.6rem;
        padding: 0.7rem;
        border: 1px solid var(--border);
        border-radius: 0.5rem;
        background: var(--bg);
      }
      .field {
        display: grid;
        gap: 0.15rem;
      }
      textarea {
        width: 100%;
        min-height: 6rem;
        font-family: var(--mono);
      }
      .sides {
        display: grid;
        grid-template-columns: 1fr 1fr;
        gap: 0.6rem;
      }
      .unit {
        display: grid;
        gap: 0.2rem;
        padding: 0.35rem 0;
        border-bottom: 1px solid var(--border);
      }
      .unit label {
        color: var(--text);
        font-size: 0.95rem;
      }
      .unit input[type='number'] {
        width: 4.5rem;
      }
      input.number {
        width: 5rem;
      }
    `,
  ]

  override willUpdate(): void {
    if (this.formFor !== this.type) {
      this.formFor = this.type
      this.fields = this.defaults()
      this.picks = {}
    }
  }

  override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLElement>('input, select, textarea')?.focus()
  }

  private get game() {
    return this.view!.state
  }

  /** Sensible first values, all editable: the next player's turn, the next phase, a fresh combat id. */
  private defaults(): Record<string, string> {
    const game = this.view?.state
    if (!game) return {}
    const players = game.players
    switch (this.type) {
      case 'TurnStarted': {
        const at = players.findIndex((player) => player.id === game.activePlayer)
        const next = at < 0 ? 0 : (at + 1) % players.length
        const turn = at < 0 ? Math.max(1, game.turn) : next === 0 ? game.turn + 1 : game.turn
        return { turn: String(turn), player: players[next]?.id ?? '' }
      }
      case 'PhaseStarted': {
        const at = this.phases.indexOf(game.phase ?? '')
        return { phase: this.phases[at + 1] ?? this.phases[0] ?? '' }
      }
      case 'CombatJoined':
        return { combat: `combat-${Object.keys(game.combats).length + 1}` }
      case 'CombatRoundDeclared':
        return { combat: Object.values(game.combats).find((combat) => !combat.ended)?.id ?? '' }
      case 'Note':
        return { text: '' }
      case 'MeleeAttacksDeclared':
        return { attacker: '', target: '', models: '' }
      default:
        return { json: '{\n  \n}' }
    }
  }

  private units(player?: string): UnitState[] {
    return Object.values(this.game.units).filter(
      (unit) => unit.models > 0 && (player === undefined || unit.player === player),
    )
  }

  private draft(): EventDraft | string {
    const f = this.fields
    const picked = Object.entries(this.picks)
    const contact = picked.map(([unit, pick]) => ({ unit, models: pick.models }))
    switch (this.type) {
      case 'TurnStarted':
        return this.make({ turn: Number(f.turn), player: f.player })
      case 'PhaseStarted':
        return this.make({ phase: f.phase })
      case 'Note':
        return this.make({ text: f.text })
      case 'MeleeAttacksDeclared':
        return this.make({
          attacker: f.attacker,
          target: f.target,
          ...(f.models ? { models: Number(f.models) } : {}),
        })
      case 'CombatJoined': {
        const players = this.game.players
        const sides = ([0, 1] as const).map((side) => ({
          player: players[side]?.id ?? '',
          units: picked
            .filter(([, pick]) => pick.side === side)
            .map(([unit, pick]) => ({ unit, charged: pick.charged })),
        }))
        if (sides.some((side) => side.units.length === 0)) return 'pick at least one unit on each side'
        return this.make({ combat: f.combat, sides, contact })
      }
      case 'CombatRoundDeclared':
        return this.make({ combat: f.combat, contact })
      default:
        try {
          return this.make(JSON.parse(f.json ?? ''))
        } catch (error) {
          return `the payload is not JSON: ${(error as Error).message}`
        }
    }
  }

  private make(payload: unknown): EventDraft {
    return { type: this.type, actor: this.actor, payload }
  }

  private submit(event: Event): void {
    event.preventDefault()
    const draft = this.draft()
    if (typeof draft === 'string') {
      this.fields = { ...this.fields, problem: draft }
      return
    }
    this.dispatchEvent(new CustomEvent('declare', { detail: draft, bubbles: true, composed: true }))
  }

  private set(name: string) {
    return (event: Event) => {
      this.fields = { ...this.fields, [name]: (event.target as HTMLInputElement).value, problem: '' }
    }
  }

  private select(name: string, label: string, options: readonly { id: string; name: string }[]): TemplateResult {
    return html`<div class="field">
      <label for=${name}>${label}</label>
      <select id=${name} @change=${this.set(name)}>
        <option value="" ?selected=${!this.fields[name]}>—</option>
        ${options.map((option) => html`<option value=${option.id} ?selected=${option.id === this.fields[name]}>${option.name}</option>`)}
      </select>
    </div>`
  }

  private pick(unit: UnitState, side: 0 | 1, on: boolean): void {
    const { [unit.id]: _dropped, ...rest } = this.picks
    this.picks = on
      ? { ...rest, [unit.id]: { side, charged: false, models: Math.min(unit.files ?? unit.models, unit.models) } }
      : rest
  }

  private change(unitId: string, change: Partial<CombatPick>): void {
    const pick = this.picks[unitId]
    if (pick) this.picks = { ...this.picks, [unitId]: { ...pick, ...change } }
  }

  private renderCombatUnit(unit: UnitState, side: 0 | 1, withCharge: boolean) {
    const pick = this.picks[unit.id]
    return html`<div class="unit">
      <label
        ><input
          type="checkbox"
          .checked=${pick !== undefined}
          @change=${(e: Event) => this.pick(unit, side, (e.target as HTMLInputElement).checked)}
          />
        ${unit.name} (${unit.models})</label
      >
      ${
        pick
          ? html`<div class="row">
            ${
              withCharge
                ? html`<label
                  ><input
                    type="checkbox"
                    .checked=${pick.charged}
                    @change=${(e: Event) => this.change(unit.id, { charged: (e.target as HTMLInputElement).checked })}
                    />
                  charged</label
                >`
                : nothing
            }
            <label
              >in contact
              <input
                type="number"
                min="0"
                aria-label=${`${unit.name}: models in base contact`}
                .value=${String(pick.models)}
                @input=${(e: Event) => this.change(unit.id, { models: Math.max(0, Number((e.target as HTMLInputElement).value) || 0) })}
            /></label>
          </div>`
          : nothing
      }
    </div>`
  }

  private renderFields(): TemplateResult {
    const game = this.game
    const f = this.fields
    const unitOptions = this.units().map((unit) => ({ id: unit.id, name: unit.name }))
    switch (this.type) {
      case 'TurnStarted':
        return html`<div class="row">
          <div class="field">
            <label for="turn">Turn</label>
            <input id="turn" class="number" type="number" min="1" .value=${f.turn ?? ''} @input=${this.set('turn')} />
          </div>
          ${this.select('player', 'Player', game.players)}
        </div>`
      case 'PhaseStarted':
        return this.phases.length > 0
          ? this.select(
              'phase',
              'Phase',
              this.phases.map((phase) => ({ id: phase, name: phase })),
            )
          : html`<div class="field">
              <label for="phase">Phase</label><input id="phase" .value=${f.phase ?? ''} @input=${this.set('phase')} />
            </div>`
      case 'Note':
        return html`<div class="field">
          <label for="text">Note</label><textarea id="text" .value=${f.text ?? ''} @input=${this.set('text')}></textarea>
        </div>`
      case 'MeleeAttacksDeclared':
        return html`<div class="row">
          ${this.select('attacker', 'Attacker', unitOptions)} ${this.select('target', 'Target', unitOptions)}
          <div class="field">
            <label for="models">Models fighting</label>
            <input
              id="models"
              class="number"
              type="number"
              min="1"
              placeholder="all"
              .value=${f.models ?? ''}
              @input=${this.set('models')}
              />
          </div>
        </div>`
      case 'CombatJoined':
        return html`<div class="field">
            <label for="combat">Combat name</label>
            <input id="combat" .value=${f.combat ?? ''} @input=${this.set('combat')} />
          </div>
          <div class="sides">
            ${([0, 1] as const).map((side) => {
              const player = game.players[side]
              return html`<fieldset role="group" aria-label=${`Side: ${player?.name ?? ''}`}>
                <legend>${player?.name}</legend>
                ${this.units(player?.id).map((unit) => this.renderCombatUnit(unit, side, true))}
              </fieldset>`
            })}
          </div>`
      case 'CombatRoundDeclared': {
        const combat = game.combats[f.combat ?? '']
        const inCombat = combat ? combat.sides.flatMap((side) => side.units.map((each) => game.units[each.unit])) : []
        return html`${this.select(
          'combat',
          'Combat',
          Object.values(game.combats)
            .filter((each) => !each.ended)
            .map((each) => ({ id: each.id, name: `${each.id} (round ${each.round})` })),
        )}
          ${inCombat.map((unit) => (unit && unit.models > 0 ? this.renderCombatUnit(unit, 0, false) : nothing))}`
      }
      default:
        return html`<div class="field">
          <label for="json">${this.type} payload (JSON)</label>
          <textarea id="json" .value=${f.json ?? ''} @input=${this.set('json')}></textarea>
        </div>`
    }
  }

  override render() {
    if (!this.view) return nothing
    return html`<form @submit=${this.submit} aria-label=${`Declare ${this.type}`}>
      <div class="row">
        <strong>${this.type}</strong>
        <label for="actor">as</label>
        <select id="actor" @change=${(e: Event) => (this.actor = (e.target as HTMLSelectElement).value)}>
          ${this.game.players.map(
            (player) => html`<option value=${player.id} ?selected=${player.id === this.actor}>${player.name}</option>`,
          )}
        </select>
      </div>
      ${this.renderFields()}
      ${this.fields.problem ? html`<p class="error" role="alert">${this.fields.problem}</p>` : nothing}
      <div class="row">
        <button class="primary" type="submit">Declare ${this.type}</button>
        <button type="button" @click=${() => this.dispatchEvent(new CustomEvent('cancel'))}>Cancel</button>
      </div>
    </form>`
  }
}

customElements.define('declare-form', DeclareForm)

declare global {
  interface HTMLElementTagNameMap {
    'declare-form': DeclareForm
  }
}
