import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import {
  type ChargedCombat,
  type DeclarationForm,
  declarationForm,
  type FormContext,
  type FormField,
  formPayload,
  mustPick,
} from '../../core/api/declarations.js'
import type { EventDraft, GameView, RuleEntry, StepView, UnitState } from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'

/** A unit's place in a combat being declared. */
interface CombatPick {
  side: 0 | 1
  charged: boolean
  /** The enemy's facing it fights against: a charger's, the one it charged into. */
  facing: string
  /** Whole inches a charger moved before contact (The Old World); blank when not said. */
  moved: string
  /** Models in base contact. */
  models: number
  /** Attacks its rank and file direct at the enemy's ridden monster (classic), the rest at the rider; 0: none. */
  atMount?: number
}

/** Troop types whose mount is a monster, wounded apart from its rider in classic (core: rules/battle/mounts.ts). */
const MONSTER_TYPES: readonly string[] = ['monster', 'monstrous-creature', 'behemoth']

const FACINGS = [
  { value: 'front', label: 'front' },
  { value: 'flank', label: 'flank' },
  { value: 'rear', label: 'rear' },
]

/**
 * The form for one declaration the console offers, built from its description (core/api/declarations): every
 * field the rules need in this situation, units, weapons, spells and items picked by name, distances in inches,
 * yes-no as checkboxes. The sides and base contact of a combat are a structured sub-form. The api validates and
 * resolves; the form only gathers what the players say. Emits `declare`.
 */
export class DeclareForm extends LitElement {
  static override properties = {
    type: { type: String },
    view: { attribute: false },
    phases: { attribute: false },
    catalogue: { attribute: false },
    steps: { attribute: false },
    prefill: { attribute: false },
    actor: { type: String },
    actorFixed: { type: Boolean },
    values: { state: true },
    picks: { state: true },
    problem: { state: true },
  }

  /** The form declares as `actor` alone (a player who joined a second screen): no other player to pick. */
  actorFixed = false
  type = ''
  view: GameView | null = null
  phases: readonly string[] = []
  catalogue: readonly RuleEntry[] = []
  steps: readonly StepView[] = []
  /** A combat the log already knows (a charge that reached): the CombatJoined form starts from it. */
  prefill: ChargedCombat | null = null
  /** The player who declares (the active player unless changed). */
  actor = ''
  /** What the player has entered, payload-shaped (text as typed); the description fills the rest. */
  values: Record<string, unknown> = {}
  /** CombatJoined / CombatRoundDeclared: unit id -> its place in the combat. */
  picks: Record<string, CombatPick> = {}
  problem = ''
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
        min-width: 0;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.4rem 0.8rem;
      }
      .head strong {
        color: var(--heading);
        font-size: 1.05rem;
      }
      .fields {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr));
        gap: 0.6rem 0.8rem;
        align-items: start;
      }
      .field {
        display: grid;
        gap: 0.15rem;
        min-width: 0;
      }
      .field.wide {
        grid-column: 1 / -1;
      }
      .field select,
      .field input:not([type='checkbox']),
      .field textarea {
        width: 100%;
        min-width: 0;
      }
      .help {
        color: var(--muted);
        font-size: 0.75rem;
        line-height: 1.25;
      }
      .with-unit {
        display: flex;
        align-items: center;
        gap: 0.35rem;
      }
      .with-unit span {
        color: var(--muted);
        font-size: 0.85rem;
      }
      .check label {
        color: var(--text);
        font-size: 0.95rem;
      }
      textarea {
        min-height: 5rem;
      }
      fieldset {
        border: 1px solid var(--border);
        border-radius: 0.4rem;
        padding: 0.4rem 0.6rem;
        margin: 0;
        min-width: 0;
      }
      legend {
        color: var(--heading);
        padding: 0 0.3rem;
      }
      .sides {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr));
        gap: 0.6rem;
      }
      .unit {
        display: grid;
        gap: 0.3rem;
        padding: 0.35rem 0;
        border-bottom: 1px solid var(--border);
      }
      .unit:last-child {
        border-bottom: none;
      }
      .unit > label {
        color: var(--text);
        font-size: 0.95rem;
      }
      .unit .row label {
        color: var(--muted);
      }
      .unit input[type='number'],
      .unit input.inches {
        width: 4.5rem;
      }
      .choices {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 0.9rem;
      }
      .choices label {
        color: var(--text);
      }
    `,
  ]

  override willUpdate(): void {
    if (this.formFor !== this.type) {
      this.formFor = this.type
      this.values = {}
      this.picks = this.prefill && this.type === 'CombatJoined' ? this.picksFrom(this.prefill) : {}
      if (this.prefill && this.type === 'CombatJoined') this.values = { combat: this.prefill.payload.combat }
      if (this.type === 'CombatRoundDeclared' && this.view) this.picks = this.roundPicks(this.form())
      this.problem = ''
    }
  }

  override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLElement>('input, select, textarea')?.focus()
  }

  private get game() {
    return this.view!.state
  }

  private context(): FormContext {
    const game = this.game
    return {
      ruleset: { id: game.ruleset, phases: this.phases },
      state: game,
      catalogue: this.catalogue,
      actor: this.actor,
      steps: this.steps,
    }
  }

  private form(): DeclarationForm {
    return declarationForm(this.type, this.context(), this.values)
  }

  /** The sub-form's picks from a combat the log knows: who charged, into which facing, how far. */
  private picksFrom(known: ChargedCombat): Record<string, CombatPick> {
    const order = this.game.players.map((player) => player.id)
    const picks: Record<string, CombatPick> = {}
    for (const side of known.payload.sides) {
      const at = order.indexOf(side.player) === 1 ? 1 : 0
      for (const unit of side.units) {
        const contact = known.payload.contact.find((each) => each.unit === unit.unit)
        picks[unit.unit] = {
          side: at,
          charged: unit.charged,
          facing: unit.facing,
          moved: unit.moved === undefined ? '' : String(unit.moved),
          models: contact?.models ?? 0,
        }
      }
    }
    return picks
  }

  /** The next round of a combat: every unit still in it, its front rank in contact, as the round before began. */
  private roundPicks(form: DeclarationForm): Record<string, CombatPick> {
    const game = this.game
    const combat = game.combats[String(form.fields.find((f) => f.name === 'combat')?.value ?? '')]
    const picks: Record<string, CombatPick> = {}
    for (const side of combat?.sides ?? [])
      for (const each of side.units) {
        const unit = game.units[each.unit]
        if (unit && unit.models > 0)
          picks[unit.id] = {
            side: 0,
            charged: false,
            facing: each.facing,
            moved: '',
            models: Math.min(unit.files ?? unit.models, unit.models),
          }
      }
    return picks
  }

  private oldWorld(): boolean {
    return this.game.ruleset === 'old-world'
  }

  /** The combat's sides and contact from the sub-form; a reason when it cannot make them. */
  private combatFields(): { sides?: unknown; contact: unknown } | string {
    const picked = Object.entries(this.picks)
    const contact = picked.map(([unit, pick]) => ({
      unit,
      models: pick.models,
      ...(pick.atMount && this.enemyMonster(unit) ? { directed: [{ at: 'mount', attacks: pick.atMount }] } : {}),
    }))
    if (this.type === 'CombatRoundDeclared') return { contact }
    const players = this.game.players
    const sides = ([0, 1] as const).map((side) => ({
      player: players[side]?.id ?? '',
      units: picked
        .filter(([, pick]) => pick.side === side)
        .map(([unit, pick]) => {
          const moved = Number.parseInt(pick.moved, 10)
          return {
            unit,
            charged: pick.charged,
            facing: pick.facing,
            ...(pick.charged && this.oldWorld() && !Number.isNaN(moved) ? { moved } : {}),
          }
        }),
    }))
    if (sides.some((side) => side.units.length === 0)) return 'pick at least one unit on each side'
    return { sides, contact }
  }

  private draft(): EventDraft | string {
    const payload = formPayload(this.form())
    if (this.type === 'CombatJoined' || this.type === 'CombatRoundDeclared') {
      const combat = this.combatFields()
      if (typeof combat === 'string') return combat
      Object.assign(payload, combat)
    }
    return { type: this.type, actor: this.actor, payload }
  }

  private submit(event: Event): void {
    event.preventDefault()
    const draft = this.draft()
    if (typeof draft === 'string') {
      this.problem = draft
      return
    }
    this.dispatchEvent(new CustomEvent('declare', { detail: draft, bubbles: true, composed: true }))
  }

  private set(name: string, value: unknown): void {
    this.values = { ...this.values, [name]: value }
    this.problem = ''
    // Another combat: its own units in contact.
    if (this.type === 'CombatRoundDeclared' && name === 'combat') this.picks = this.roundPicks(this.form())
  }

  private renderInput(field: FormField, id: string, describedBy: string): TemplateResult {
    const text = (event: Event) => this.set(field.name, (event.target as HTMLInputElement).value)
    const value = field.value === undefined ? '' : String(field.value)
    switch (field.kind) {
      case 'inches':
        return html`<div class="with-unit">
          <input
            id=${id}
            inputmode="decimal"
            aria-describedby=${describedBy}
            placeholder=${field.required ? '' : 'not measured'}
            .value=${value}
            @input=${text}
          /><span>inches</span>
        </div>`
      case 'count':
      case 'number':
      case 'turn':
        return html`<input
          id=${id}
          type="number"
          min=${field.min ?? 0}
          max=${field.max ?? nothing}
          aria-describedby=${describedBy}
          placeholder=${field.required ? '' : field.name === 'models' ? 'all' : ''}
          .value=${value}
          @input=${text}
        />`
      default:
        if (this.type === 'Note')
          return html`<textarea id=${id} aria-describedby=${describedBy} .value=${value} @input=${text}></textarea>`
        return html`<input id=${id} aria-describedby=${describedBy} .value=${value} @input=${text} />`
    }
  }

  private renderField(field: FormField): TemplateResult | typeof nothing {
    if (field.settled || field.kind === 'fixed' || field.kind === 'sides' || field.kind === 'contact') return nothing
    const id = `f-${field.name}`
    const help = html`<span class="help" id=${`${id}-help`}>${field.help}</span>`
    if (field.kind === 'yes-no')
      return html`<div class="field check">
        <label
          ><input
            id=${id}
            type="checkbox"
            aria-describedby=${`${id}-help`}
            .checked=${field.value === true}
            @change=${(e: Event) => this.set(field.name, (e.target as HTMLInputElement).checked)}
          />${field.label}</label
        >
        ${help}
      </div>`
    if (field.kind === 'units') {
      const chosen = new Set((field.value as readonly string[] | undefined) ?? [])
      return html`<fieldset class="field wide" aria-describedby=${`${id}-help`}>
        <legend>${field.label}</legend>
        <div class="choices">
          ${(field.options ?? []).map(
            (option) => html`<label
              ><input
                type="checkbox"
                .checked=${chosen.has(option.value)}
                @change=${(e: Event) => {
                  const next = new Set(chosen)
                  if ((e.target as HTMLInputElement).checked) next.add(option.value)
                  else next.delete(option.value)
                  this.set(field.name, [...next])
                }}
              />${option.label}</label
            >`,
          )}
        </div>
        ${help}
      </fieldset>`
    }
    if (field.options) {
      const value = field.value === undefined ? '' : String(field.value)
      return html`<div class="field">
        <label for=${id}>${field.label}</label>
        <select
          id=${id}
          aria-describedby=${`${id}-help`}
          @change=${(e: Event) => this.set(field.name, (e.target as HTMLSelectElement).value || undefined)}
        >
          ${mustPick(field) ? nothing : html`<option value="" ?selected=${value === ''}>—</option>`}
          ${
            mustPick(field) && field.options.length === 0
              ? html`<option value="" selected>none can be picked now</option>`
              : nothing
          }
          ${field.options.map((option) => html`<option value=${option.value} ?selected=${option.value === value}>${option.label}</option>`)}
        </select>
        ${help}
      </div>`
    }
    return html`<div class="field ${this.type === 'Note' ? 'wide' : ''}">
      <label for=${id}>${field.label}</label>
      ${this.renderInput(field, id, `${id}-help`)} ${help}
    </div>`
  }

  private units(player?: string): UnitState[] {
    return Object.values(this.game.units).filter(
      (unit) => unit.models > 0 && (player === undefined || unit.player === player),
    )
  }

  private pick(unit: UnitState, side: 0 | 1, on: boolean): void {
    const { [unit.id]: _dropped, ...rest } = this.picks
    this.picks = on
      ? {
          ...rest,
          [unit.id]: {
            side,
            charged: false,
            facing: 'front',
            moved: '',
            models: Math.min(unit.files ?? unit.models, unit.models),
          },
        }
      : rest
    this.problem = ''
  }

  private change(unitId: string, change: Partial<CombatPick>): void {
    const pick = this.picks[unitId]
    if (pick) this.picks = { ...this.picks, [unitId]: { ...pick, ...change } }
  }

  /**
   * The one enemy a unit fights when it is a lone character on a monster whose wounds are its own (classic): attacks
   * can be directed at the monster (classic/mounts §ridden-monster). Null when none, or several enemies are picked.
   */
  private enemyMonster(unitId: string): UnitState | null {
    if (this.game.ruleset === 'old-world') return null
    const game = this.game
    const combat =
      this.type === 'CombatRoundDeclared'
        ? game.combats[String(this.form().fields.find((f) => f.name === 'combat')?.value ?? '')]
        : undefined
    const sideOf = (id: string) =>
      combat ? combat.sides.findIndex((side) => side.units.some((each) => each.unit === id)) : this.picks[id]?.side
    const enemies = Object.keys(this.picks).filter((id) => sideOf(id) !== sideOf(unitId))
    const enemy = enemies.length === 1 ? game.units[enemies[0] as string] : undefined
    return enemy?.character && enemy.mount && MONSTER_TYPES.includes(enemy.troopType) ? enemy : null
  }

  private renderCombatUnit(unit: UnitState, side: 0 | 1, joining: boolean) {
    const pick = this.picks[unit.id]
    const input = (e: Event) => (e.target as HTMLInputElement).value
    return html`<div class="unit">
      <label
        ><input
          type="checkbox"
          .checked=${pick !== undefined}
          @change=${(e: Event) => this.pick(unit, side, (e.target as HTMLInputElement).checked)}
        />${unit.name} (${unit.models})</label
      >
      ${
        pick
          ? html`<div class="row">
            ${
              joining
                ? html`<label
                    ><input
                      type="checkbox"
                      .checked=${pick.charged}
                      @change=${(e: Event) => this.change(unit.id, { charged: (e.target as HTMLInputElement).checked })}
                    />charged</label
                  >
                  <label
                    >${pick.charged ? 'into its' : 'fights its'}
                    <select
                      aria-label=${`${unit.name}: the enemy's facing it fights`}
                      @change=${(e: Event) => this.change(unit.id, { facing: (e.target as HTMLSelectElement).value })}
                    >
                      ${FACINGS.map((f) => html`<option value=${f.value} ?selected=${f.value === pick.facing}>${f.label}</option>`)}
                    </select></label
                  >
                  ${
                    pick.charged && this.oldWorld()
                      ? html`<label
                        >moved
                        <input
                          class="inches"
                          inputmode="numeric"
                          aria-label=${`${unit.name}: whole inches moved before contact`}
                          .value=${pick.moved}
                          @input=${(e: Event) => this.change(unit.id, { moved: input(e) })}
                        />
                        inches</label
                      >`
                      : nothing
                  }`
                : nothing
            }
            <label
              >in contact
              <input
                type="number"
                min="0"
                aria-label=${`${unit.name}: models in base contact`}
                .value=${String(pick.models)}
                @input=${(e: Event) => this.change(unit.id, { models: Math.max(0, Number(input(e)) || 0) })}
            /></label>
            ${this.renderAtMount(unit, pick)}
          </div>`
          : nothing
      }
    </div>`
  }

  /** How many attacks go at the enemy's ridden monster rather than its rider (classic): offered only then. */
  private renderAtMount(unit: UnitState, pick: CombatPick) {
    const enemy = this.enemyMonster(unit.id)
    if (!enemy?.mount) return nothing
    return html`<label
      >attacks at the ${enemy.mount.name}
      <input
        type="number"
        min="0"
        aria-label=${`${unit.name}: attacks directed at ${enemy.name}'s ${enemy.mount.name}, the rest at the rider`}
        .value=${String(pick.atMount ?? 0)}
        @input=${(e: Event) =>
          this.change(unit.id, { atMount: Math.max(0, Number((e.target as HTMLInputElement).value) || 0) })}
    /></label>`
  }

  private renderCombat(form: DeclarationForm): TemplateResult | typeof nothing {
    const game = this.game
    if (this.type === 'CombatJoined')
      return html`<div class="sides">
        ${([0, 1] as const).map((side) => {
          const player = game.players[side]
          return html`<fieldset role="group" aria-label=${`Side: ${player?.name ?? ''}`}>
            <legend>${player?.name}</legend>
            ${this.units(player?.id).map((unit) => this.renderCombatUnit(unit, side, true))}
          </fieldset>`
        })}
      </div>`
    if (this.type === 'CombatRoundDeclared') {
      const combat = game.combats[String(form.fields.find((f) => f.name === 'combat')?.value ?? '')]
      const inCombat = combat ? combat.sides.flatMap((side) => side.units.map((each) => game.units[each.unit])) : []
      return html`<fieldset role="group" aria-label="In base contact">
        <legend>In base contact</legend>
        ${inCombat.map((unit) => (unit && unit.models > 0 ? this.renderCombatUnit(unit, 0, false) : nothing))}
      </fieldset>`
    }
    return nothing
  }

  override render() {
    if (!this.view) return nothing
    const form = this.form()
    return html`<form @submit=${this.submit} aria-label=${`Declare ${form.title}`} data-type=${this.type}>
      <div class="head">
        <strong>${form.title}</strong>
        <label for="actor">as</label>
        <select
          id="actor"
          ?disabled=${this.actorFixed}
          @change=${(e: Event) => (this.actor = (e.target as HTMLSelectElement).value)}
        >
          ${this.game.players
            .filter((player) => !this.actorFixed || player.id === this.actor)
            .map(
              (player) =>
                html`<option value=${player.id} ?selected=${player.id === this.actor}>${player.name}</option>`,
            )}
        </select>
      </div>
      <p class="help">${form.help}</p>
      ${this.prefill && this.type === 'CombatJoined' ? html`<p>From the log: ${this.prefill.title}.</p>` : nothing}
      <div class="fields">${form.fields.map((field) => this.renderField(field))}</div>
      ${this.renderCombat(form)}
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      <div class="row">
        <button class="primary" type="submit">Declare ${form.title}</button>
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
