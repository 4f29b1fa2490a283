import { css, html, LitElement, nothing, type TemplateResult } from 'lit'
import { troopTypes } from '../../core/api/client-kit.js'
import type {
  ErrorField,
  ParamValue,
  Profile,
  RuleEntry,
  TroopTemplate,
  TroopType,
  UnitDefinitionInput,
} from '../../core/api/game-api-contract.js'
import { type ParamKind, paramWords, parseParam } from '../../core/api/params.js'
import { baseStyles } from '../theme.js'

const characteristics = ['M', 'WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld'] as const satisfies readonly (keyof Profile)[]
const gearKinds: readonly RuleEntry['kind'][] = ['weapon', 'armour', 'item', 'banner']

/** A piece of gear or a special rule as the player set it: each parameter as typed ("5+"), a flag as yes or no. */
export interface PickForm {
  readonly id: string
  readonly params: Readonly<Record<string, string | boolean>>
}

/**
 * A unit as the player is writing it: every field as typed, so a refused muster keeps it whole.
 * `id` is given when the unit joins the muster's list, and kept after.
 */
export interface UnitForm {
  readonly id: string | null
  readonly name: string
  /** The race or army in words ("Dark Elves"); recorded as its slug. */
  readonly race: string
  readonly troopType: TroopType
  readonly models: number
  readonly files: number
  readonly profile: Profile
  readonly gear: readonly PickForm[]
  readonly rules: readonly PickForm[]
  readonly command: { readonly champion: boolean; readonly standard: boolean; readonly musician: boolean }
  /** What each model rides (a horse, a Cold One, a monster): absent, or null, on foot (forms saved before mounts). */
  readonly mount?: MountForm | null
  /** Its points cost, for victory points; absent when the player gives none (its VP are then unknown). */
  readonly points?: number
  /**
   * What a list's unit has that the editor does not show (a lone character's Wizard level, joined characters, a
   * champion's profile, a mount's gear and rules): carried to the muster as it came, so nothing a list said is lost.
   */
  readonly carried?: CarriedFields
}

/** The fields of a list's unit that the editor carries without showing them. */
export interface CarriedFields {
  readonly character?: boolean
  readonly wizardLevel?: number
  readonly general?: boolean
  readonly championProfile?: Profile
  readonly characters?: UnitDefinitionInput['characters']
  readonly mountGear?: NonNullable<UnitDefinitionInput['mount']>['gear']
  readonly mountRules?: NonNullable<UnitDefinitionInput['mount']>['rules']
}

/** A mount as the player writes it: its name and its own profile (the rider and the mount strike apart). */
export interface MountForm {
  readonly name: string
  readonly profile: Profile
}

const blankMount = (): MountForm => ({ name: '', profile: { M: 8, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 5 } })

/** A refusal shown beside the field it is about: `path` as the api's `ErrorField` gives it, from the unit. */
export interface FieldProblem {
  readonly path: ErrorField['path']
  readonly message: string
}

export function blankUnit(): UnitForm {
  return {
    id: null,
    name: '',
    race: '',
    troopType: 'infantry',
    models: 10,
    files: 5,
    profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
    gear: [{ id: 'hand-weapon', params: {} }],
    rules: [],
    command: { champion: false, standard: false, musician: false },
  }
}

/** "dark-elves" in words: "Dark Elves". */
export function words(slug: string): string {
  return slug
    .split('-')
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ')
}

const slugOf = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

const kindOf = (entry: RuleEntry | undefined, name: string): ParamKind => entry?.paramKinds[name] ?? 'text'

/** A value as the player sees it: the save 5 as "5+", 6 inches as 6". */
function shownParam(entry: RuleEntry | undefined, name: string, value: ParamValue): string | boolean {
  const kind = kindOf(entry, name)
  if (kind === 'flag') return value === true
  const parsed = parseParam(kind, value)
  return parsed.ok ? parsed.shown : String(value)
}

/** An entry picked with its defaults (and a list's own values over them), shown as the player would type them. */
function pickOf(entry: RuleEntry | undefined, id: string, given: Readonly<Record<string, ParamValue>> = {}): PickForm {
  const values = { ...(entry?.params ?? {}), ...given }
  return {
    id,
    params: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, shownParam(entry, name, value)])),
  }
}

/** A ready unit as a form to edit. */
export function unitOfTroop(troop: TroopTemplate, catalogue: readonly RuleEntry[]): UnitForm {
  return formOfUnit(troop.unit, catalogue)
}

/** A unit as ArmyMustered takes it (a ready unit's, an imported list's) as a form to edit; `id` is given on saving. */
export function formOfUnit(unit: UnitDefinitionInput, catalogue: readonly RuleEntry[]): UnitForm {
  const entry = (id: string) => catalogue.find((each) => each.id === id)
  const pick = (ref: string | { id: string; options?: object; params?: object }): PickForm =>
    typeof ref === 'string'
      ? pickOf(entry(ref), ref)
      : pickOf(entry(ref.id), ref.id, (ref.options ?? ref.params ?? {}) as Record<string, ParamValue>)
  const carried: CarriedFields = {
    ...(unit.character !== undefined ? { character: unit.character } : {}),
    ...(unit.wizardLevel !== undefined ? { wizardLevel: unit.wizardLevel } : {}),
    ...(unit.general !== undefined ? { general: unit.general } : {}),
    ...(unit.championProfile ? { championProfile: unit.championProfile } : {}),
    ...(unit.characters ? { characters: unit.characters } : {}),
    ...(unit.mount?.gear?.length ? { mountGear: unit.mount.gear } : {}),
    ...(unit.mount?.rules?.length ? { mountRules: unit.mount.rules } : {}),
  }
  return {
    id: null,
    name: unit.name,
    race: words(unit.race ?? ''),
    troopType: unit.troopType,
    models: unit.models,
    files: unit.formation?.files ?? Math.min(5, unit.models),
    profile: { ...unit.profile },
    gear: (unit.gear ?? []).map(pick),
    rules: (unit.rules ?? []).map(pick),
    command: {
      champion: unit.command?.champion ?? false,
      standard: unit.command?.standard ?? false,
      musician: unit.command?.musician ?? false,
    },
    mount: unit.mount ? { name: unit.mount.name, profile: { ...unit.mount.profile } } : null,
    ...(unit.points !== undefined ? { points: unit.points } : {}),
    ...(Object.keys(carried).length > 0 ? { carried } : {}),
  }
}

/**
 * The ArmyMustered unit a form makes: each parameter read by core's parser into the form it is
 * recorded in, and left out when it is the entry's default; one that does not read goes as typed,
 * for the api to refuse beside its field.
 */
export function unitOfForm(form: UnitForm & { id: string }, catalogue: readonly RuleEntry[]): UnitDefinitionInput {
  const ref = (pick: PickForm) => {
    const entry = catalogue.find((each) => each.id === pick.id)
    const given: Record<string, ParamValue> = {}
    for (const [name, typed] of Object.entries(pick.params)) {
      const parsed = parseParam(kindOf(entry, name), typed)
      const value = parsed.ok ? parsed.value : typed
      // A field left empty is the entry's default (or, for one without a default, not given).
      if (typeof typed === 'string' && typed.trim() === '') continue
      if (entry?.params[name] !== value) given[name] = value
    }
    return given
  }
  const { mountGear: _gear, mountRules: _rules, ...unitFields } = form.carried ?? {}
  const carried = form.carried ?? {}
  return {
    id: form.id,
    name: form.name.trim(),
    troopType: form.troopType,
    ...(slugOf(form.race) ? { race: slugOf(form.race) } : {}),
    models: form.models,
    profile: form.profile,
    gear: form.gear.map((pick) => {
      const options = ref(pick)
      return Object.keys(options).length > 0 ? { id: pick.id, options } : pick.id
    }),
    rules: form.rules.map((pick) => {
      const params = ref(pick)
      return Object.keys(params).length > 0 ? { id: pick.id, params } : pick.id
    }),
    // No wider than its models: a lone monster is one model wide whatever the field says.
    formation: { files: Math.min(form.files, form.models) },
    command: form.command,
    ...(form.mount
      ? {
          mount: {
            name: form.mount.name.trim(),
            profile: form.mount.profile,
            ...(carried.mountGear ? { gear: carried.mountGear } : {}),
            ...(carried.mountRules ? { rules: carried.mountRules } : {}),
          },
        }
      : {}),
    ...(form.points !== undefined ? { points: form.points } : {}),
    ...unitFields,
  }
}

const samePath = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, i) => part === b[i])

/**
 * One unit as a list writes it: name, troop type, models, profile, gear and special rules picked
 * from the ruleset's catalogue with their parameters, rank width and command group. The muster owns
 * the form (`form`, changed with `form-change`), so nothing typed is lost to a refusal or a change of
 * screen; `unit-saved` says the player is done with it. A parameter that core's parser cannot read is
 * flagged at its field as it is typed, and one that reads is shown back as it will be recorded; a
 * refusal of the api (`problem`) stands beside the field it names.
 */
export class UnitEditor extends LitElement {
  static override properties = {
    catalogue: { attribute: false },
    troops: { attribute: false },
    troopTypes: { attribute: false },
    form: { attribute: false },
    problem: { attribute: false },
    existing: { type: Boolean },
  }

  catalogue: readonly RuleEntry[] = []
  /** Ready units of the ruleset: choosing one fills the form, to edit before it is added. */
  troops: readonly TroopTemplate[] = []
  /** The ruleset's troop types; every type Arbiter knows until the ruleset's are loaded. */
  troopTypes: readonly TroopType[] = troopTypes
  form: UnitForm = blankUnit()
  /** The api's refusal of this unit, beside its field. */
  problem: FieldProblem | null = null
  /** The unit is already in the muster's list: the form saves changes to it. */
  existing = false

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
        min-width: 0;
      }
      .profile {
        display: grid;
        grid-template-columns: repeat(9, minmax(0, 1fr));
        gap: 0.3rem;
      }
      .profile input {
        width: 100%;
        min-width: 0;
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
      .pick input:not([type='checkbox']) {
        width: 6rem;
      }
      .pick button {
        min-height: 1.9rem;
        padding: 0.1rem 0.5rem;
      }
      .picks > select {
        width: 100%;
      }
      fieldset {
        border: 1px solid var(--border);
        border-radius: 0.4rem;
        padding: 0.4rem 0.7rem 0.6rem;
        min-width: 0;
      }
      fieldset.mount {
        display: grid;
        gap: 0.45rem;
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
      .problem {
        flex-basis: 100%;
        color: var(--danger);
        font-size: 0.9rem;
        margin: 0.1rem 0 0;
      }
      [aria-invalid='true'] {
        border-color: var(--danger);
        outline: 2px solid var(--danger);
      }
    `,
  ]

  override firstUpdated(): void {
    if (!this.problem) this.renderRoot.querySelector<HTMLInputElement>('#unit-name')?.focus()
  }

  /** Brings the field the problem is about into view and puts the cursor in it. */
  focusProblem(): void {
    const field = this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')
    const target = field ?? this.renderRoot.querySelector<HTMLElement>('.problem')
    target?.scrollIntoView({ block: 'center' })
    field?.focus()
  }

  private entry(id: string): RuleEntry | undefined {
    return this.catalogue.find((entry) => entry.id === id)
  }

  private change(changes: Partial<UnitForm>, clears?: readonly (string | number)[]): void {
    // Editing the field a refusal is about answers it: the refusal goes until the api is asked again.
    if (this.problem && clears && samePath(this.problem.path.slice(0, clears.length), clears)) this.problem = null
    this.form = { ...this.form, ...changes }
    this.dispatchEvent(new CustomEvent('form-change', { detail: this.form }))
  }

  /** The api's refusal if it is about `path` (or, with `within`, anything under it). */
  private problemAt(path: readonly (string | number)[], within = false): string | null {
    if (!this.problem) return null
    const at = this.problem.path
    return samePath(within ? at.slice(0, path.length) : at, path) ? this.problem.message : null
  }

  private save(event: Event): void {
    event.preventDefault()
    this.dispatchEvent(new CustomEvent('unit-saved', { detail: this.form }))
  }

  private loadTroop(id: string): void {
    const troop = this.troops.find((each) => each.id === id)
    if (troop) this.change({ ...unitOfTroop(troop, this.catalogue), id: this.form.id }, [])
  }

  private add(list: 'gear' | 'rules', id: string): void {
    if (!id || this.form[list].some((pick) => pick.id === id)) return
    this.change({ [list]: [...this.form[list], pickOf(this.entry(id), id)] })
  }

  private setParam(list: 'gear' | 'rules', id: string, name: string, value: string | boolean): void {
    const picks = this.form[list].map((pick) =>
      pick.id === id ? { id, params: { ...pick.params, [name]: value } } : pick,
    )
    this.change({ [list]: picks }, [list, id])
  }

  /** Once the player leaves a parameter, a value that reads is shown as it will be recorded ("5" becomes "5+"). */
  private tidyParam(list: 'gear' | 'rules', id: string, name: string, typed: string): void {
    const parsed = parseParam(kindOf(this.entry(id), name), typed)
    if (parsed.ok && parsed.shown !== typed) this.setParam(list, id, name, parsed.shown)
  }

  /** A parameter's field, and the problem with it (shown on a line of its own, after the pick's buttons). */
  private renderParam(
    list: 'gear' | 'rules',
    pick: PickForm,
    entry: RuleEntry | undefined,
    name: string,
  ): { control: TemplateResult; problem: TemplateResult | typeof nothing } {
    const typed = pick.params[name]!
    const label = `${entry?.name ?? pick.id} ${paramWords(name)}`
    const problemId = `problem-${list}-${pick.id}-${name}`
    if (typeof typed === 'boolean')
      return {
        control: html`<label
          ><input
            type="checkbox"
            aria-label=${label}
            .checked=${typed}
            @change=${(e: Event) => this.setParam(list, pick.id, name, (e.target as HTMLInputElement).checked)}
          />${paramWords(name)}</label
        >`,
        problem: nothing,
      }
    const kind = kindOf(entry, name)
    const parsed = typed.trim() === '' ? null : parseParam(kind, typed)
    const fallback = entry && Object.hasOwn(entry.params, name) ? shownParam(entry, name, entry.params[name]!) : ''
    const problem =
      this.problemAt([list, pick.id, name]) ??
      (parsed && !parsed.ok ? `${entry?.name ?? pick.id} needs ${parsed.expected}` : null)
    const control = html`<label
        >${paramWords(name)}
        <input
          aria-label=${label}
          aria-invalid=${problem ? 'true' : 'false'}
          aria-describedby=${problem ? problemId : nothing}
          placeholder=${String(fallback)}
          .value=${typed}
          @input=${(e: Event) => this.setParam(list, pick.id, name, (e.target as HTMLInputElement).value)}
          @change=${(e: Event) => this.tidyParam(list, pick.id, name, (e.target as HTMLInputElement).value)}
      /></label>`
    return {
      control,
      problem: problem ? html`<p class="problem" id=${problemId} role="alert">${problem}</p>` : nothing,
    }
  }

  private renderPicks(list: 'gear' | 'rules', label: string, kinds: readonly RuleEntry['kind'][]) {
    const offered = this.catalogue.filter((entry) => kinds.includes(entry.kind))
    const listProblem = this.problemAt([list])
    return html`<fieldset>
      <legend>${label}</legend>
      <div class="picks">
        ${this.form[list].map((pick) => {
          const entry = this.entry(pick.id)
          const names = [...new Set([...Object.keys(pick.params), ...Object.keys(entry?.paramKinds ?? {})])]
          const withOptional = {
            ...pick,
            params: Object.fromEntries(names.map((name) => [name, pick.params[name] ?? ''])),
          }
          const pickProblem = this.problemAt([list, pick.id])
          const params = names.map((name) => this.renderParam(list, withOptional, entry, name))
          return html`<div class="pick">
            <span class="name" title=${entry?.text ?? ''}>${entry?.name ?? pick.id}</span>
            ${params.map((param) => param.control)}
            <button
              type="button"
              aria-label=${`Remove ${entry?.name ?? pick.id}`}
              @click=${() => this.change({ [list]: this.form[list].filter((each) => each.id !== pick.id) }, [list, pick.id])}
            >
              ✕
            </button>
            ${params.map((param) => param.problem)}
            ${pickProblem ? html`<p class="problem" role="alert">${pickProblem}</p>` : nothing}
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
            .filter((entry) => !this.form[list].some((pick) => pick.id === entry.id))
            .map((entry) => html`<option value=${entry.id}>${entry.name} (${words(entry.kind)})</option>`)}
        </select>
        ${listProblem ? html`<p class="problem" role="alert">${listProblem}</p>` : nothing}
      </div>
    </fieldset>`
  }

  /** A field and the refusal about it, if any. */
  private field(id: string, label: string, path: readonly (string | number)[], control: TemplateResult, style = '') {
    const problem = this.problemAt(path)
    return html`<div class="field" style=${style}>
      <label for=${id}>${label}</label>
      ${control}
      ${problem ? html`<p class="problem" id=${`problem-${id}`} role="alert">${problem}</p>` : nothing}
    </div>`
  }

  /** The mount each model rides, if any: its name and profile (cavalry, a Cold One, a character's monster). */
  private renderMount() {
    const mount = this.form.mount ?? null
    const number = (value: string) => Math.max(0, Math.trunc(Number(value) || 0))
    const problem = this.problemAt(['mount'], true)
    const invalid = (path: readonly (string | number)[]) => (this.problemAt(['mount', ...path]) ? 'true' : 'false')
    return html`<fieldset class="mount">
      <legend>Mount</legend>
      <label class="checks"
        ><input
          type="checkbox"
          .checked=${mount !== null}
          @change=${(e: Event) =>
            this.change({ mount: (e.target as HTMLInputElement).checked ? blankMount() : null }, ['mount'])}
        />
        Rides a mount (rider and mount strike apart)</label
      >
      ${
        mount
          ? html`<div class="field">
              <label for="mount-name">Mount name</label>
              <input
                id="mount-name"
                required
                maxlength="120"
                placeholder="e.g. Cold One"
                aria-invalid=${invalid(['name'])}
                .value=${mount.name}
                @input=${(e: Event) =>
                  this.change({ mount: { ...mount, name: (e.target as HTMLInputElement).value } }, ['mount', 'name'])}
              />
            </div>
            <div class="profile" role="group" aria-label="Mount profile">
              ${characteristics.map((key) => html`<label for=${`m-${key}`}>${key}</label>`)}
              ${characteristics.map(
                (key) =>
                  html`<input
                    id=${`m-${key}`}
                    type="number"
                    min="0"
                    max="10"
                    aria-label=${`Mount ${key}`}
                    aria-invalid=${invalid(['profile', key])}
                    .value=${String(mount.profile[key])}
                    @input=${(e: Event) =>
                      this.change(
                        {
                          mount: {
                            ...mount,
                            profile: { ...mount.profile, [key]: number((e.target as HTMLInputElement).value) },
                          },
                        },
                        ['mount', 'profile', key],
                      )}
                  />`,
              )}
            </div>`
          : nothing
      }
      ${problem ? html`<p class="problem" role="alert">${problem}</p>` : nothing}
    </fieldset>`
  }

  override render() {
    const number = (value: string) => Math.max(0, Math.trunc(Number(value) || 0))
    const form = this.form
    const invalid = (path: readonly (string | number)[]) => (this.problemAt(path) ? 'true' : 'false')
    const profileProblem = this.problemAt(['profile'], true)
    const known = [
      'name',
      'race',
      'troopType',
      'models',
      'formation',
      'profile',
      'gear',
      'rules',
      'command',
      'mount',
      'points',
    ]
    const elsewhere = this.problem && !known.includes(String(this.problem.path[0])) ? this.problem.message : null
    return html`<form @submit=${this.save} aria-label="Unit editor">
      ${elsewhere ? html`<p class="problem" role="alert">${elsewhere}</p>` : nothing}
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
        ${this.field(
          'unit-name',
          'Unit name',
          ['name'],
          html`<input
            id="unit-name"
            required
            maxlength="120"
            aria-invalid=${invalid(['name'])}
            .value=${form.name}
            @input=${(e: Event) => this.change({ name: (e.target as HTMLInputElement).value }, ['name'])}
          />`,
          'flex: 2 1 14rem',
        )}
        ${this.field(
          'race',
          'Race or army',
          ['race'],
          html`<input
            id="race"
            style="width: 10rem; max-width: 100%"
            placeholder="e.g. Dark Elves"
            aria-invalid=${invalid(['race'])}
            .value=${form.race}
            @input=${(e: Event) => this.change({ race: (e.target as HTMLInputElement).value }, ['race'])}
          />`,
        )}
        ${this.field(
          'troop-type',
          'Troop type',
          ['troopType'],
          html`<select
            id="troop-type"
            aria-invalid=${invalid(['troopType'])}
            @change=${(e: Event) =>
              this.change({ troopType: (e.target as HTMLSelectElement).value as TroopType }, ['troopType'])}
          >
            ${this.troopTypes.map(
              (type) =>
                html`<option value=${type} ?selected=${type === form.troopType}>${words(type).toLowerCase()}</option>`,
            )}
          </select>`,
        )}
        ${this.field(
          'models',
          'Models',
          ['models'],
          html`<input
            id="models"
            class="small"
            type="number"
            min="1"
            aria-invalid=${invalid(['models'])}
            .value=${String(form.models)}
            @input=${(e: Event) => this.change({ models: number((e.target as HTMLInputElement).value) }, ['models'])}
          />`,
        )}
        ${this.field(
          'files',
          'Ranked … wide',
          ['formation', 'files'],
          html`<input
            id="files"
            class="small"
            type="number"
            min="1"
            aria-invalid=${invalid(['formation', 'files'])}
            .value=${String(form.files)}
            @input=${(e: Event) => this.change({ files: number((e.target as HTMLInputElement).value) }, ['formation'])}
          />`,
        )}
        ${this.field(
          'points',
          'Points',
          ['points'],
          html`<input
            id="points"
            class="small"
            type="number"
            min="0"
            placeholder="—"
            title="its points cost, for victory points (left empty: unknown)"
            aria-invalid=${invalid(['points'])}
            .value=${form.points === undefined ? '' : String(form.points)}
            @input=${(e: Event) => {
              const typed = (e.target as HTMLInputElement).value.trim()
              this.change({ points: typed === '' ? undefined : number(typed) }, ['points'])
            }}
          />`,
        )}
      </div>
      <div>
        <div class="profile" role="group" aria-label="Profile">
          ${characteristics.map((key) => html`<label for=${`c-${key}`}>${key}</label>`)}
          ${characteristics.map(
            (key) =>
              html`<input
                id=${`c-${key}`}
                type="number"
                min="0"
                max="10"
                aria-invalid=${invalid(['profile', key])}
                .value=${String(form.profile[key])}
                @input=${(e: Event) =>
                  this.change({ profile: { ...form.profile, [key]: number((e.target as HTMLInputElement).value) } }, [
                    'profile',
                    key,
                  ])}
              />`,
          )}
        </div>
        ${profileProblem ? html`<p class="problem" role="alert">${profileProblem}</p>` : nothing}
      </div>
      ${this.renderPicks('gear', 'Gear', gearKinds)} ${this.renderPicks('rules', 'Special rules', ['special-rule'])}
      ${this.renderMount()}
      <fieldset class="checks">
        <legend>Command group</legend>
        ${(['champion', 'standard', 'musician'] as const).map(
          (role) =>
            html`<label
              ><input
                type="checkbox"
                .checked=${form.command[role]}
                @change=${(e: Event) =>
                  this.change({ command: { ...form.command, [role]: (e.target as HTMLInputElement).checked } }, [
                    'command',
                  ])}
              />
              ${role}</label
            >`,
        )}
        ${this.problemAt(['command'], true) ? html`<p class="problem" role="alert">${this.problemAt(['command'], true)}</p>` : nothing}
      </fieldset>
      <div class="row">
        <button class="primary" type="submit">${this.existing ? 'Save changes' : 'Add this unit'}</button>
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
