import { css, html, LitElement, nothing } from 'lit'
import type {
  ImportedList,
  ImportNeed,
  ImportRow,
  ListFormat,
  ProfileSource,
  RuleEntry,
  TroopTemplate,
  TroopType,
} from '../../core/api/game-api-contract.js'
import { baseStyles } from '../theme.js'
import { formOfUnit, type UnitForm, words } from './unit-editor.js'

/** What the player did with a row the importer could not map: mapped it onto a catalogue entry, or dropped it. */
export type RowFix = { readonly kind: 'picked'; readonly entry: string } | { readonly kind: 'dropped' }

/**
 * An imported list as the player is fixing it, kept with the muster's draft (so a change of screen loses nothing):
 * each unit's form as edited, the units whose profile the player typed, and what was done with each row not mapped.
 */
export interface ListDraft {
  readonly list: ImportedList
  /** Each unit of the list as a form, by the importer's unit id. */
  readonly forms: Readonly<Record<string, UnitForm>>
  /** The units whose stat line the player typed (their profile's source is then the player). */
  readonly typed: readonly string[]
  /** What was done with each row not mapped, by its index in `list.rows`. */
  readonly fixes: Readonly<Record<number, RowFix>>
  /** The unit open in the editor, if any. */
  readonly editing: { readonly unit: string; readonly form: UnitForm } | null
  /** The units went into the muster: the report stays, to read. */
  readonly loaded: boolean
}

export function listDraftOf(list: ImportedList, catalogue: readonly RuleEntry[]): ListDraft {
  const forms = Object.fromEntries(list.units.map((unit) => [unit.id, formOfUnit(unit, catalogue)]))
  return { list, forms, typed: [], fixes: {}, editing: null, loaded: false }
}

const FORMATS: Readonly<Record<ListFormat, string>> = {
  owb: 'Old World Builder',
  'owb-lists': 'Old World Builder (a file of lists)',
  'new-recruit': 'New Recruit',
  'battlescribe-ros': 'BattleScribe',
  'battlescribe-rosz': 'BattleScribe',
}

const SOURCES: Readonly<Record<ProfileSource, string>> = {
  file: 'profile from the file',
  catalogue: 'profile from the catalogue',
  library: 'profile from the unit library',
  player: 'profile typed by the player',
}

const NEEDS: Readonly<Record<ImportNeed['what'], string>> = {
  profile: 'its stat line',
  'troop-type': 'its troop type',
  'mount-profile': "its mount's stat line",
}

/** A row's state in words and an icon (never colour alone). */
const STATES = {
  mapped: { icon: '✓', words: 'Mapped' },
  assumed: { icon: '≈', words: 'Mapped with an assumption' },
  'not-mapped': { icon: '✗', words: 'Not mapped' },
  picked: { icon: '✎', words: 'Mapped by the player' },
  dropped: { icon: '⊘', words: 'Dropped on purpose' },
} as const

/** The rows a catalogue entry can stand for: what a unit carries or a special rule it has. */
const PICKABLE_ROWS: readonly ImportRow['kind'][] = ['option', 'item', 'rule', 'command']
const PICKABLE_ENTRIES: readonly RuleEntry['kind'][] = ['special-rule', 'weapon', 'armour', 'item', 'banner']
/** Dropping a row about a whole unit leaves the unit out of the muster. */
const WHOLE_UNIT_ROWS: readonly ImportRow['kind'][] = ['unit', 'character']

/** The units of a draft to muster: all but those whose own row the player dropped. */
export function unitsToLoad(draft: ListDraft): readonly UnitForm[] {
  const left = leftOut(draft)
  return draft.list.units.filter((unit) => !left.has(unit.id)).map((unit) => draft.forms[unit.id]!)
}

function leftOut(draft: ListDraft): Set<string> {
  const left = new Set<string>()
  draft.list.rows.forEach((row, index) => {
    if (row.unit && WHOLE_UNIT_ROWS.includes(row.kind) && draft.fixes[index]?.kind === 'dropped') left.add(row.unit)
  })
  return left
}

/** What still stands between the report and the muster: needs unanswered, rows neither mapped nor dropped. */
function stillToDo(draft: ListDraft): { readonly needs: number; readonly rows: number } {
  const left = leftOut(draft)
  const needs = draft.list.needs.filter((need) => !left.has(need.unit) && !draft.typed.includes(need.unit)).length
  const rows = draft.list.rows.filter(
    (row, index) =>
      row.status === 'not-mapped' && draft.fixes[index] === undefined && !(row.unit && left.has(row.unit)),
  ).length
  return { needs, rows }
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

/**
 * The import report of a list file (issue 20 §2): the army, then each unit with its rows — mapped, mapped with an
 * assumption, not mapped — the file's text, what each became or why not, and where the unit's profile came from.
 * What only the player knows (a stat line) is asked for in the unit editor; a row not mapped is mapped onto a
 * catalogue entry or dropped on purpose (and stays listed as dropped). The muster owns the draft (`draft`, changed
 * with `draft-change`); `load` asks it to take the units, `discard` to forget the import.
 */
export class ImportReport extends LitElement {
  static override properties = {
    draft: { attribute: false },
    catalogue: { attribute: false },
    troops: { attribute: false },
    troopTypes: { attribute: false },
    busy: { type: Boolean },
  }

  draft: ListDraft | null = null
  catalogue: readonly RuleEntry[] = []
  troops: readonly TroopTemplate[] = []
  troopTypes: readonly TroopType[] = []
  /** The muster's own editor is open: the report's units wait. */
  busy = false

  static override styles = [
    baseStyles,
    css`
      :host {
        margin: 0.6rem 0;
      }
      .report {
        border: 1px solid var(--border);
        border-radius: 0.5rem;
        padding: 0.6rem 0.8rem;
        background: var(--raised);
      }
      .army {
        font-weight: 600;
      }
      ul {
        list-style: none;
        margin: 0.3rem 0;
        padding: 0;
      }
      .unit {
        border-top: 1px solid var(--border);
        padding: 0.5rem 0 0.3rem;
        margin-top: 0.4rem;
      }
      .unit-head {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 0.8rem;
        align-items: baseline;
      }
      .unit-head h4 {
        margin: 0;
        font-size: 1rem;
        color: var(--heading);
      }
      .import-row {
        padding: 0.3rem 0.2rem;
        border-bottom: 1px dashed var(--border);
        overflow-wrap: anywhere;
      }
      .import-row:last-child {
        border-bottom: none;
      }
      .said {
        display: flex;
        flex-wrap: wrap;
        gap: 0 0.6rem;
        align-items: baseline;
      }
      .import-row .detail {
        padding-left: 1.2rem;
      }
      .status {
        font-weight: 600;
      }
      .status .icon {
        display: inline-block;
        width: 1.2rem;
        text-align: center;
      }
      .s-mapped .status {
        color: var(--ok, #7bc47f);
      }
      .s-assumed .status {
        color: var(--rule);
      }
      .s-not-mapped .status {
        color: var(--danger);
      }
      .s-dropped .status,
      .s-dropped q {
        color: var(--muted);
      }
      .s-dropped q {
        text-decoration: line-through;
      }
      q {
        font-style: italic;
      }
      .kind,
      .path {
        color: var(--muted);
        font-size: 0.85rem;
      }
      .fix {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
        align-items: center;
        margin-top: 0.25rem;
      }
      .fix select {
        flex: 1 1 12rem;
        min-width: 0;
      }
      .fix button,
      .unit-head button {
        min-height: 2rem;
        padding: 0.15rem 0.6rem;
      }
      .need {
        border: 2px solid var(--rule);
        border-radius: 0.4rem;
        padding: 0.35rem 0.6rem;
        margin: 0.35rem 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 0.8rem;
        align-items: center;
      }
      .need strong {
        color: var(--rule);
      }
      .todo {
        color: var(--rule);
      }
    `,
  ]

  private change(draft: ListDraft): void {
    this.draft = draft
    this.dispatchEvent(new CustomEvent<ListDraft>('draft-change', { detail: draft }))
  }

  private entry(id: string): RuleEntry | undefined {
    return this.catalogue.find((each) => each.id === id)
  }

  /** A row mapped onto a catalogue entry: the entry joins its unit's gear or rules, with its defaults. */
  private pick(index: number, entryId: string): void {
    const draft = this.draft
    const row = draft?.list.rows[index]
    const entry = this.entry(entryId)
    const form = row?.unit ? draft?.forms[row.unit] : undefined
    if (!draft || !row?.unit || !entry || !form) return
    const list = entry.kind === 'special-rule' ? 'rules' : 'gear'
    const has = form[list].some((each) => each.id === entry.id)
    const picked = { id: entry.id, params: {} }
    const forms = { ...draft.forms, [row.unit]: has ? form : { ...form, [list]: [...form[list], picked] } }
    this.change({ ...draft, forms, fixes: { ...draft.fixes, [index]: { kind: 'picked', entry: entry.id } } })
  }

  private drop(index: number): void {
    const draft = this.draft
    if (draft) this.change({ ...draft, fixes: { ...draft.fixes, [index]: { kind: 'dropped' } } })
  }

  /** A fix taken back: a picked entry leaves its unit again, unless another row picked it too. */
  private unfix(index: number): void {
    const draft = this.draft
    const fix = draft?.fixes[index]
    if (!draft || !fix) return
    const { [index]: _undone, ...fixes } = draft.fixes
    const row = draft.list.rows[index]!
    let forms = draft.forms
    const form = row.unit ? draft.forms[row.unit] : undefined
    const stillPicked = Object.entries(fixes).some(
      ([other, each]) =>
        each.kind === 'picked' &&
        fix.kind === 'picked' &&
        each.entry === fix.entry &&
        draft.list.rows[Number(other)]?.unit === row.unit,
    )
    if (fix.kind === 'picked' && form && row.unit && !stillPicked)
      forms = {
        ...forms,
        [row.unit]: {
          ...form,
          gear: form.gear.filter((each) => each.id !== fix.entry),
          rules: form.rules.filter((each) => each.id !== fix.entry),
        },
      }
    this.change({ ...draft, forms, fixes })
  }

  private edit(unit: string): void {
    const draft = this.draft
    const form = draft?.forms[unit]
    if (draft && form) this.change({ ...draft, editing: { unit, form } })
  }

  /** A unit saved in the editor: a needed profile is answered, and one the player changed is theirs. */
  private saved(unit: string, form: UnitForm): void {
    const draft = this.draft
    if (!draft) return
    const before = draft.forms[unit]
    const needed = draft.list.needs.some((need) => need.unit === unit)
    const retyped = needed || JSON.stringify(before?.profile) !== JSON.stringify(form.profile)
    const typed = retyped && !draft.typed.includes(unit) ? [...draft.typed, unit] : draft.typed
    this.change({ ...draft, forms: { ...draft.forms, [unit]: form }, typed, editing: null })
  }

  private renderRow(row: ImportRow, index: number, draft: ListDraft) {
    const fix = draft.fixes[index]
    const state = fix?.kind ?? row.status
    const { icon, words: said } = STATES[state]
    const picked = fix?.kind === 'picked' ? this.entry(fix.entry) : undefined
    const open = row.status === 'not-mapped' && !fix && !draft.loaded
    const canPick = open && row.unit !== undefined && draft.forms[row.unit] && PICKABLE_ROWS.includes(row.kind)
    const dropWords = WHOLE_UNIT_ROWS.includes(row.kind) ? 'Leave the unit out' : 'Drop it'
    const offered = canPick ? this.catalogue.filter((entry) => PICKABLE_ENTRIES.includes(entry.kind)) : []
    return html`<li class=${`import-row s-${state}`}>
      <div class="said">
        <span class="status"><span class="icon" aria-hidden="true">${icon}</span>${said}</span>
        <span><span class="kind">${words(row.kind)}:</span> <q>${row.text}</q></span>
      </div>
      <div class="detail">
        ${
          picked
            ? html`<div>→ ${picked.name} <span class="muted">(chosen by the player; its parameters in the unit's editor)</span></div>`
            : row.mappedTo && state !== 'dropped'
              ? html`<div>→ ${row.mappedTo}</div>`
              : nothing
        }
        ${row.note ? html`<div class="muted">${row.status === 'not-mapped' ? 'Why: ' : 'Assumed: '}${row.note}</div>` : nothing}
        <div class="path">${row.path}</div>
        ${
          open
            ? html`<div class="fix">
                ${
                  canPick
                    ? html`<select
                        aria-label=${`Map “${row.text}” onto`}
                        @change=${(e: Event) => this.pick(index, (e.target as HTMLSelectElement).value)}
                      >
                        <option value="">Map it onto a catalogue entry…</option>
                        ${offered.map((entry) => html`<option value=${entry.id}>${entry.name} (${words(entry.kind)})</option>`)}
                      </select>`
                    : nothing
                }
                <button aria-label=${`${dropWords}: “${row.text}”`} @click=${() => this.drop(index)}>${dropWords}</button>
              </div>`
            : fix && !draft.loaded
              ? html`<div class="fix">
                  <button aria-label=${`Undo: “${row.text}”`} @click=${() => this.unfix(index)}>Undo</button>
                </div>`
              : nothing
        }
      </div>
    </li>`
  }

  private renderUnit(unitId: string, draft: ListDraft, left: Set<string>) {
    const unit = draft.list.units.find((each) => each.id === unitId)
    const form = draft.forms[unitId]
    const rows = draft.list.rows.map((row, index) => ({ row, index })).filter(({ row }) => row.unit === unitId)
    const name = form?.name ?? rows[0]?.row.text ?? unitId
    const typed = draft.typed.includes(unitId)
    const source = typed ? 'player' : draft.list.profiles[unitId]
    const needs = left.has(unitId) || typed ? [] : draft.list.needs.filter((need) => need.unit === unitId)
    const editing = draft.editing?.unit === unitId ? draft.editing : null
    return html`<section class="unit" aria-label=${`Unit: ${name}`}>
      <div class="unit-head">
        <h4>${name}</h4>
        ${
          form
            ? html`<span class="muted"
                >${form.models} ${words(form.troopType).toLowerCase()}${form.points === undefined ? '' : `, ${form.points} points`}
                · ${left.has(unitId) ? 'left out of the muster' : source ? SOURCES[source] : 'no profile yet'}</span
              >`
            : nothing
        }
        ${
          unit && !draft.loaded && !editing && !left.has(unitId)
            ? html`<button
                aria-label=${`Edit ${name}`}
                ?disabled=${this.busy || draft.editing !== null}
                @click=${() => this.edit(unitId)}
              >
                Edit
              </button>`
            : nothing
        }
      </div>
      ${needs.map(
        (need) => html`<div class="need" role="note">
          <span><strong><span aria-hidden="true">⚠ </span>Needs ${NEEDS[need.what]}</strong>: ${need.text}</span>
          ${
            editing || draft.loaded
              ? nothing
              : html`<button
                  class="primary"
                  ?disabled=${this.busy || draft.editing !== null}
                  @click=${() => this.edit(unitId)}
                >
                  Type ${NEEDS[need.what]}
                </button>`
          }
        </div>`,
      )}
      ${
        editing
          ? html`<unit-editor
              .catalogue=${this.catalogue}
              .troops=${this.troops}
              .troopTypes=${this.troopTypes}
              .form=${editing.form}
              existing
              @form-change=${(e: CustomEvent<UnitForm>) =>
                this.change({ ...draft, editing: { ...editing, form: e.detail } })}
              @unit-saved=${(e: CustomEvent<UnitForm>) => this.saved(unitId, e.detail)}
              @cancel=${() => this.change({ ...draft, editing: null })}
            ></unit-editor>`
          : nothing
      }
      ${rows.length > 0 ? html`<ul>${rows.map(({ row, index }) => this.renderRow(row, index, draft))}</ul>` : nothing}
    </section>`
  }

  override render() {
    const draft = this.draft
    if (!draft) return nothing
    const { list } = draft
    const left = leftOut(draft)
    const counts = { mapped: 0, assumed: 0, 'not-mapped': 0 }
    for (const row of list.rows) counts[row.status] += 1
    // Units in the list's order, then any unit the rows name that the list has not (its rows only), then the army's.
    const unitIds = [...list.units.map((unit) => unit.id)]
    for (const row of list.rows) if (row.unit && !unitIds.includes(row.unit)) unitIds.push(row.unit)
    const armyRows = list.rows.map((row, index) => ({ row, index })).filter(({ row }) => !row.unit)
    const todo = stillToDo(draft)
    const loading = unitsToLoad(draft).length
    const army = [list.army.name, list.army.faction, list.army.points === null ? null : `${list.army.points} points`]
    const body = html`<p class="army">${army.filter((part) => part !== null).join(' · ')}</p>
      <p class="muted">
        ${list.fileName}, read as ${FORMATS[list.format]}: ${counts.mapped} mapped, ${counts.assumed} with an assumption,
        ${counts['not-mapped']} not mapped
      </p>
      ${
        armyRows.length > 0
          ? html`<section class="unit" aria-label="The army">
              <div class="unit-head"><h4>The army</h4></div>
              <ul>${armyRows.map(({ row, index }) => this.renderRow(row, index, draft))}</ul>
            </section>`
          : nothing
      }
      ${unitIds.map((id) => this.renderUnit(id, draft, left))}`
    if (draft.loaded)
      return html`<details class="report" aria-label="Import report">
        <summary>Import report: ${list.army.name} — loaded into the muster (${plural(loading, 'unit')})</summary>
        ${body}
      </details>`
    const waiting = [
      todo.needs > 0 ? `type ${plural(todo.needs, 'stat line')}` : null,
      todo.rows > 0 ? `map or drop ${plural(todo.rows, 'row')} not mapped` : null,
    ].filter((each) => each !== null)
    return html`<section class="report" aria-label="Import report">
      <h3>Import report</h3>
      ${body}
      ${waiting.length > 0 ? html`<p class="todo" role="status">Still to do: ${waiting.join('; ')}.</p>` : nothing}
      <div class="row">
        <button
          class="primary"
          ?disabled=${waiting.length > 0 || loading === 0 || this.busy || draft.editing !== null}
          @click=${() => this.dispatchEvent(new CustomEvent('load'))}
        >
          Load ${plural(loading, 'unit')} into the muster
        </button>
        <button @click=${() => this.dispatchEvent(new CustomEvent('discard'))}>Discard this import</button>
      </div>
    </section>`
  }
}

customElements.define('import-report', ImportReport)

declare global {
  interface HTMLElementTagNameMap {
    'import-report': ImportReport
  }
}
