import { css, html, LitElement, nothing } from 'lit'
import { troopTypes } from '../../core/api/client-kit.js'
import type {
  ParamValue,
  Profile,
  RuleEntry,
  TroopTemplate,
  TroopType,
  UnitDefinitionInput,
} from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'

const characteristics = ['M', 'WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld'] as const satisfies readonly (keyof Profile)[]
const gearKinds: readonly RuleEntry['kind'][] = ['weapon', 'armour', 'item', 'banner']

interface Pick {
  readonly id: string
  /** The entry's parameters as the player set them; only those that differ from the catalogue's go in. */
  readonly params: Record<string, ParamValue>
}

/**
 * One unit as a list writes it: name, troop type, models, profile, gear and special rules picked
 * from the ruleset's catalogue with their parameters, rank width and command group. It emits
 * `unit-saved` with the ArmyMustered unit; the api checks it when the army is mustered.
 */
export class UnitEditor extends LitElement {
  static override properties = {
    catalogue: { attribute: false },
    troops: { attribute: false },
    troopTypes: { attribute: false },
    takenIds: { attribute: false },
    name: { state: true },
    race: { state: true },
    troopType: { state: true },
    models: { state: true },
    files: { state: true },
    profile: { state: true },
    gear: { state: true },
    rules: { state: true },
    command: { state: true },
  }

  catalogue: readonly RuleEntry[] = []
  /** Ready units of the ruleset: choosing one fills the form, to edit before it is added. */
  troops: readonly TroopTemplate[] = []
  /** The ruleset's troop types; every type Arbiter knows until the ruleset's are loaded. */
  troopTypes: readonly TroopType[] = troopTypes
  /** Unit ids already used in the game or this muster. */
  takenIds: readonly string[] = []
  name = ''
  /** The race or army, for rules such as "all Dark Elves" (the Hydra Banner); empty when none. */
  race = ''
  troopType: (typeof troopTypes)[number] = 'infantry'
  models = 10
  files = 5
  profile: Profile = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }
  gear: Pick[] = [{ id: 'hand-weapon', params: {} }]
  rules: Pick[] = []
  command = { champion: false, standard: false, musician: false }

  static override styles = [
    baseStyles,
    css`
      form {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 0.7rem;
      }
      .field {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 0.15rem;
      }
      .profile {
        display: grid;
        grid-template-columns: repeat(9, minmax(0, 1fr));
        gap: 0.3rem;
      }
      .profile input {
        width: 100%;
        text-align: center;
        padding: 0.2rem;
      }
      .profile label {
        text-align: center;
      }
      input.small {
        width: 5rem;
      }
      .picks {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 0.35rem;
      }
      .pick {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
        align-items: center;
        padding: 0.25rem 0.5rem;
        border: 1px solid var(--border);
        border-radius: 0.4rem;
        background: var(--raised);
      }
      .pick .name {
        font-weight: 600;
        margin-right: auto;
      }
      .pick input {
        width: 6rem;
      }
      .pick button {
        min-height: 1.9rem;
        padding: 0.1rem 0.5rem;
      }
      fieldset {
        border: 1px solid var(--border);
        border-radius: 0.4rem;
        padding: 0.4rem 0.7rem 0.6rem;
      }
      legend {
        color: var(--muted);
        font-size: 0.85rem;
      }
      .checks label {
        color: var(--text);
        font-size: 0.95rem;
        margin-right: 1rem;
      }
    `,
  ]

  override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLInputElement>('#unit-name')?.focus()
  }

  private entry(id: string): RuleEntry | undefined {
    return this.catalogue.find((entry) => entry.id === id)
  }

  private unitId(): string {
    const base =
      this.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 56) || 'unit'
    let id = base
    for (let n = 2; this.takenIds.includes(id); n++) id = `${base}-${n}`
    return id
  }

  private save(event: Event): void {
    event.preventDefault()
    const changed = (pick: Pick) => {
      const defaults = this.entry(pick.id)?.params ?? {}
      return Object.fromEntries(Object.entries(pick.params).filter(([name, value]) => defaults[name] !== value))
    }
    const unit: UnitDefinitionInput = {
      id: this.unitId(),
      name: this.name.trim(),
      troopType: this.troopType,
      ...(this.race.trim() ? { race: this.race.trim() } : {}),
      models: this.models,
      profile: this.profile,
      gear: this.gear.map((pick) => {
        const options = changed(pick)
        return Object.keys(options).length > 0 ? { id: pick.id, options } : pick.id
      }),
      rules: this.rules.map((pick) => {
        const params = changed(pick)
        return Object.keys(params).length > 0 ? { id: pick.id, params } : pick.id
      }),
      // No wider than its models: a lone monster is one model wide whatever the field says.
      formation: { files: Math.min(this.files, this.models) },
      command: this.command,
    }
    this.dispatchEvent(new CustomEvent('unit-saved', { detail: unit, bubbles: true, composed: true }))
  }

  /** Fills the form from a ready unit; every field stays editable. */
  private loadTroop(id: string): void {
    const troop = this.troops.find((each) => each.id === id)
    if (!troop) return
    const unit = troop.unit
    const pick = (ref: string | { id: string; options?: object; params?: object }): Pick =>
      typeof ref === 'string'
        ? { id: ref, params: { ...(this.entry(ref)?.params ?? {}) } }
        : {
            id: ref.id,
            params: { ...(this.entry(ref.id)?.params ?? {}), ...((ref.options ?? ref.params ?? {}) as Pick['params']) },
          }
    this.name = unit.name
    this.race = unit.race ?? ''
    this.troopType = unit.troopType
    this.models = unit.models
    this.files = unit.formation?.files ?? Math.min(5, unit.models)
    this.profile = { ...unit.profile }
    this.gear = (unit.gear ?? []).map(pick)
    this.rules = (unit.rules ?? []).map(pick)
    this.command = {
      champion: unit.command?.champion ?? false,
      standard: unit.command?.standard ?? false,
      musician: unit.command?.musician ?? false,
    }
  }

  private add(list: 'gear' | 'rules', id: string): void {
    if (!id || this[list].some((pick) => pick.id === id)) return
    const params = { ...(this.entry(id)?.params ?? {}) }
    this[list] = [...this[list], { id, params }]
  }

  private setParam(list: 'gear' | 'rules', id: string, name: string, raw: string): void {
    const previous = this.entry(id)?.params?.[name]
    const value: ParamValue =
      typeof previous === 'number' ? Number(raw) : typeof previous === 'boolean' ? raw === 'true' : raw
    this[list] = this[list].map((pick) => (pick.id === id ? { id, params: { ...pick.params, [name]: value } } : pick))
  }

  private renderPicks(list: 'gear' | 'rules', label: string, kinds: readonly RuleEntry['kind'][]) {
    const offered = this.catalogue.filter((entry) => kinds.includes(entry.kind))
    return html`<fieldset>
      <legend>${label}</legend>
      <div class="picks">
        ${this[list].map((pick) => {
          const entry = this.entry(pick.id)
          return html`<div class="pick">
            <span class="name" title=${entry?.text ?? ''}>${entry?.name ?? pick.id}</span>
            ${Object.entries(pick.params).map(
              ([name, value]) =>
                html`<label
                  >${name}
                  <input
                    aria-label=${`${entry?.name ?? pick.id} ${name}`}
                    .value=${String(value)}
                    @change=${(e: Event) => this.setParam(list, pick.id, name, (e.target as HTMLInputElement).value)}
                /></label>`,
            )}
            <button
              type="button"
              aria-label=${`Remove ${entry?.name ?? pick.id}`}
              @click=${() => (this[list] = this[list].filter((each) => each.id !== pick.id))}
            >
              ✕
            </button>
          </div>`
        })}
        <select
          aria-label=${`Add ${label.toLowerCase()}`}
          @change=${(e: Event) => {
            const select = e.target as HTMLSelectElement
            this.add(list, select.value)
            select.value = ''
          }}
        >
          <option value="">Add ${label.toLowerCase()}…</option>
          ${offered
            .filter((entry) => !this[list].some((pick) => pick.id === entry.id))
            .map((entry) => html`<option value=${entry.id}>${entry.name} (${entry.kind})</option>`)}
        </select>
      </div>
    </fieldset>`
  }

  override render() {
    const number = (value: string) => Math.max(0, Math.trunc(Number(value) || 0))
    return html`<form @submit=${this.save} aria-label="Unit editor">
      ${
        this.troops.length > 0
          ? html`<div class="field">
            <label for="ready-unit">Start from a ready unit</label>
            <select
              id="ready-unit"
              style="width: 100%; max-width: 100%"
              @change=${(e: Event) => this.loadTroop((e.target as HTMLSelectElement).value)}
            >
              <option value="">— or fill in your own —</option>
              ${this.troops.map((troop) => html`<option value=${troop.id} title=${troop.summary}>${troop.name}</option>`)}
            </select>
          </div>`
          : nothing
      }
      <div class="row">
        <div class="field" style="flex: 2 1 14rem">
          <label for="unit-name">Unit name</label>
          <input
            id="unit-name"
            required
            maxlength="120"
            .value=${this.name}
            @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)}
          />
        </div>
        <div class="field">
          <label for="race">Race or army</label>
          <input
            id="race"
            style="width: 10rem"
            placeholder="e.g. dark-elves"
            .value=${this.race}
            @input=${(e: Event) => (this.race = (e.target as HTMLInputElement).value)}
          />
        </div>
        <div class="field">
          <label for="troop-type">Troop type</label>
          <select id="troop-type" @change=${(e: Event) => (this.troopType = (e.target as HTMLSelectElement).value as never)}>
            ${this.troopTypes.map((type) => html`<option ?selected=${type === this.troopType}>${type}</option>`)}
          </select>
        </div>
        <div class="field">
          <label for="models">Models</label>
          <input
            id="models"
            class="small"
            type="number"
            min="1"
            .value=${String(this.models)}
            @input=${(e: Event) => (this.models = number((e.target as HTMLInputElement).value))}
          />
        </div>
        <div class="field">
          <label for="files">Ranked … wide</label>
          <input
            id="files"
            class="small"
            type="number"
            min="1"
            .value=${String(this.files)}
            @input=${(e: Event) => (this.files = number((e.target as HTMLInputElement).value))}
          />
        </div>
      </div>
      <div class="profile" role="group" aria-label="Profile">
        ${characteristics.map((key) => html`<label for=${`c-${key}`}>${key}</label>`)}
        ${characteristics.map(
          (key) =>
            html`<input
              id=${`c-${key}`}
              type="number"
              min="0"
              max="10"
              .value=${String(this.profile[key])}
              @input=${(e: Event) => (this.profile = { ...this.profile, [key]: number((e.target as HTMLInputElement).value) })}
            />`,
        )}
      </div>
      ${this.renderPicks('gear', 'Gear', gearKinds)} ${this.renderPicks('rules', 'Special rules', ['special-rule'])}
      <fieldset class="checks">
        <legend>Command group</legend>
        ${(['champion', 'standard', 'musician'] as const).map(
          (role) =>
            html`<label
              ><input
                type="checkbox"
                .checked=${this.command[role]}
                @change=${(e: Event) => (this.command = { ...this.command, [role]: (e.target as HTMLInputElement).checked })}
              />
              ${role}</label
            >`,
        )}
      </fieldset>
      <div class="row">
        <button class="primary" type="submit">Add this unit</button>
        <button type="button" @click=${() => this.dispatchEvent(new CustomEvent('cancel'))}>Cancel</button>
        ${this.catalogue.length === 0 ? html`<span class="muted">Loading the catalogue…</span>` : nothing}
      </div>
    </form>`
  }
}

customElements.define('unit-editor', UnitEditor)

declare global {
  interface HTMLElementTagNameMap {
    'unit-editor': UnitEditor
  }
}
