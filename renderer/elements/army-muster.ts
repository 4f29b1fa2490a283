import { css, html, LitElement, nothing, type PropertyValues } from 'lit'
import type {
  ErrorField,
  EventDraft,
  GameView,
  ImportedList,
  RuleEntry,
  TroopTemplate,
  TroopType,
} from '../../core/api/game-api-contract.js'
import { ApiError, toApiError } from '../api-client.js'
import { baseStyles } from '../theme.js'
import { type ListDraft, listDraftOf, unitsToLoad } from './import-report.js'
import './import-report.js'
import { blankUnit, type FieldProblem, type UnitEditor, type UnitForm, unitOfForm, words } from './unit-editor.js'

/** What the muster asks the shell to record, and how the shell answers: null when it went through. */
export interface MusterRequest {
  /** The list the army was loaded from, if any: its ListImported is recorded first (docs/lists.md). */
  readonly list: ImportedList | null
  readonly draft: EventDraft
  readonly done: (refusal: ApiError | null) => void
}

/** A list file the muster asks the shell to import (`importList`), and how the shell answers: the list, or its refusal. */
export interface ListImportRequest {
  readonly fileName: string
  readonly bytesBase64: string
  readonly done: (answer: ImportedList | ApiError) => void
}

/** The list files Arbiter reads, by extension, and by type for a phone's picker, which may not know the extensions. */
const LIST_FILES =
  '.owb.json,.owb.lists.json,.json,.ros,.rosz,application/json,application/zip,application/xml,text/xml'

/** A file's bytes as base64, in slices (one String.fromCharCode call over megabytes overflows the stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  return btoa(binary)
}

/** The api's last refusal of a player's muster: about a unit's field (`unit`, `path`), or about the army. */
interface Refusal {
  readonly message: string
  readonly unit: string | null
  readonly path: ErrorField['path'] | null
}

/** One player's muster in progress: the units drafted, the one being written, if any, and the last refusal. */
interface PlayerDraft {
  readonly units: readonly UnitForm[]
  /** The unit in the editor: `index` is its place in `units`, or null for a new one. */
  readonly editing: { readonly index: number | null; readonly form: UnitForm } | null
  readonly refusal?: Refusal | null
  /** A list file imported and being fixed (or loaded, its report kept to read), if any. */
  readonly imported?: ListDraft | null
}

type Book = Readonly<Record<string, PlayerDraft>>

const EMPTY: PlayerDraft = { units: [], editing: null }

/**
 * Drafts are kept per game for the browser tab's life (sessionStorage): leaving for the Rules or the
 * Library and coming back, or reloading the page, finds every unit as it was typed.
 */
const storageKey = (gameId: string) => `arbiter.muster.${gameId}`

function loadBook(gameId: string): Book {
  try {
    const text = sessionStorage.getItem(storageKey(gameId))
    const book = text ? (JSON.parse(text) as unknown) : null
    return typeof book === 'object' && book !== null ? (book as Book) : {}
  } catch {
    return {}
  }
}

function saveBook(gameId: string, book: Book): void {
  try {
    const empty = Object.values(book).every(
      (draft) => draft.units.length === 0 && draft.editing === null && !draft.imported,
    )
    if (empty) sessionStorage.removeItem(storageKey(gameId))
    else sessionStorage.setItem(storageKey(gameId), JSON.stringify(book))
  } catch {
    // A full or disabled storage keeps the drafts for this screen only.
  }
}

/**
 * Army muster: a player's units, written one by one in the unit editor, then recorded as one
 * ArmyMustered event (asked of the shell as `muster-army`). A refusal keeps the whole draft: the unit
 * it is about opens in the editor with the refusal beside its field, in the api's words; one about no
 * unit stands above the muster button. The units a player already has are listed from the game.
 */
export class ArmyMuster extends LitElement {
  static override properties = {
    view: { attribute: false },
    catalogue: { attribute: false },
    troops: { attribute: false },
    troopTypes: { attribute: false },
    player: { state: true },
    book: { state: true },
    sending: { state: true },
    importing: { state: true },
    importRefusal: { state: true },
    askedForFile: { state: true },
  }

  view: GameView | null = null
  catalogue: readonly RuleEntry[] | null = null
  troops: readonly TroopTemplate[] = []
  troopTypes: readonly TroopType[] = []
  player = ''
  book: Book = {}
  sending = false
  /** The list file being read, by name. */
  importing: string | null = null
  /** Why the last list file was not imported: shown, and nothing else changes. */
  importRefusal: ApiError | null = null
  /** The menu asked for a list file and the page could not open the picker itself: the button says to press it. */
  askedForFile = false
  private bookOf: string | null = null

  static override styles = [
    baseStyles,
    css`
      ul {
        margin: 0.3rem 0;
        padding-left: 1.2rem;
      }
      li {
        margin: 0.25rem 0;
      }
      li .row {
        display: inline-flex;
        margin-left: 0.4rem;
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
      .problem {
        color: var(--danger);
        font-size: 0.9rem;
        margin: 0.2rem 0;
      }
      input[type='file'] {
        display: none;
      }
    `,
  ]

  private get gameId(): string | null {
    return this.view?.gameId ?? null
  }

  private get draft(): PlayerDraft {
    return this.book[this.player] ?? EMPTY
  }

  /** The api's last refusal of this player's muster (kept with the draft, across screens). */
  private get refusal(): Refusal | null {
    return this.draft.refusal ?? null
  }

  /** The refusal, when it is about the unit in the editor: shown beside its field. */
  private get problem(): FieldProblem | null {
    const { refusal, editing } = this.draft
    if (!refusal?.path || refusal.unit === null || editing?.form.id !== refusal.unit) return null
    return { path: refusal.path, message: refusal.message }
  }

  private setDraft(draft: PlayerDraft): void {
    this.book = { ...this.book, [this.player]: draft }
    if (this.gameId) saveBook(this.gameId, this.book)
  }

  override willUpdate(changed: PropertyValues<this>): void {
    if (this.gameId !== this.bookOf) {
      this.bookOf = this.gameId
      this.book = this.gameId ? loadBook(this.gameId) : {}
    }
    const players = this.view?.state.players ?? []
    const units = Object.values(this.view?.state.units ?? {})
    const hasArmy = (player: string) => units.some((unit) => unit.player === player)
    const known = players.some((player) => player.id === this.player)
    const idle = this.draft.units.length === 0 && this.draft.editing === null && !this.draft.imported
    // Start with, and after each muster move on to, the first player who has no army yet.
    if (!known || (changed.has('view') && idle && hasArmy(this.player))) {
      const next = players.find((player) => !hasArmy(player.id)) ?? (known ? undefined : players[0])
      if (next) this.player = next.id
    }
  }

  /** Ids in use: the game's units and characters, and every draft's but the one being saved. */
  private takenIds(except: number | null): Set<string> {
    const game = this.view?.state
    const taken = new Set<string>()
    for (const unit of Object.values(game?.units ?? {})) {
      taken.add(unit.id)
      for (const character of unit.characters) taken.add(character.id)
    }
    for (const [player, draft] of Object.entries(this.book))
      draft.units.forEach((unit, index) => {
        if (unit.id && !(player === this.player && index === except)) taken.add(unit.id)
      })
    return taken
  }

  /** A unit's id from its name: "Chaos Trolls" is chaos-trolls (chaos-trolls-2 when that is taken). */
  private unitId(name: string, except: number | null, alsoTaken: ReadonlySet<string> = new Set()): string {
    const base =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 56) || 'unit'
    const taken = new Set([...this.takenIds(except), ...alsoTaken])
    let id = base
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
    return id
  }

  private edit(index: number | null): void {
    const form = index === null ? blankUnit() : this.draft.units[index]
    if (!form) return
    this.setDraft({ ...this.draft, editing: { index, form } })
  }

  /**
   * File > Import list… (or the button): the list file picker, where the page may open it; a page the menu woke has
   * no user gesture to open it with, so the button takes the focus and says so.
   */
  chooseListFile(): void {
    const input = this.renderRoot.querySelector<HTMLInputElement>('input[type=file]')
    const button = this.renderRoot.querySelector<HTMLButtonElement>('#import-list')
    try {
      // Without the player's gesture a browser opens no picker, and may not say so: ask before trying.
      if (!navigator.userActivation.isActive) throw new Error('no gesture to open a file picker with')
      input?.showPicker()
    } catch {
      this.askedForFile = true
      button?.scrollIntoView({ block: 'center' })
      button?.focus()
    }
  }

  /** A list file read and handed to the shell to import: its report replaces the last one; a refusal changes nothing. */
  private async importFile(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    const player = this.player
    if (!file || this.importing) return
    this.importing = file.name
    this.importRefusal = null
    try {
      const bytesBase64 = await base64Of(file)
      const answer = await new Promise<ImportedList | ApiError>((done) =>
        this.dispatchEvent(
          new CustomEvent<ListImportRequest>('import-list', {
            detail: { fileName: file.name, bytesBase64, done },
            bubbles: true,
            composed: true,
          }),
        ),
      )
      if (answer instanceof ApiError) {
        this.importRefusal = answer
        return
      }
      const draft = this.book[player] ?? EMPTY
      this.book = { ...this.book, [player]: { ...draft, imported: listDraftOf(answer, this.catalogue ?? []) } }
      if (this.gameId) saveBook(this.gameId, this.book)
    } catch (error) {
      this.importRefusal = toApiError(error)
    } finally {
      this.importing = null
    }
  }

  /** The import's units join the muster as if typed (each with an id of its own), to edit and muster like any. */
  private loadImported(): void {
    const imported = this.draft.imported
    if (!imported) return
    const added = new Set<string>()
    const units = [...this.draft.units]
    for (const form of unitsToLoad(imported)) {
      const id = this.unitId(form.name, null, added)
      added.add(id)
      units.push({ ...form, id })
    }
    this.setDraft({ ...this.draft, units, imported: { ...imported, editing: null, loaded: true } })
  }

  private saveUnit(form: UnitForm): void {
    const editing = this.draft.editing
    if (!editing) return
    const index = editing.index
    const id = this.unitId(form.name, index)
    const units = [...this.draft.units]
    if (index === null) units.push({ ...form, id })
    else units[index] = { ...form, id }
    // A unit saved again answers the refusal about it, until the api is asked again.
    const refusal = this.refusal?.unit !== null && this.refusal?.unit === form.id ? null : this.refusal
    this.setDraft({ ...this.draft, units, editing: null, refusal })
  }

  private muster(): void {
    const gameId = this.gameId
    const player = this.player
    if (!gameId || this.sending) return
    const catalogue = this.catalogue ?? []
    const units = this.draft.units.map((form, index) =>
      unitOfForm({ ...form, id: form.id ?? `unit-${index + 1}` }, catalogue),
    )
    const list = this.draft.imported?.loaded ? this.draft.imported.list : null
    const payload = { player, units, ...(list ? { list: list.fileHash } : {}) }
    const draft: EventDraft = { type: 'ArmyMustered', actor: player, payload }
    this.sending = true
    this.setDraft({ ...this.draft, refusal: null })
    const done = (refusal: ApiError | null) => {
      this.sending = false
      if (refusal === null) {
        this.importRefusal = null
        this.book = { ...this.book, [player]: EMPTY }
        saveBook(gameId, this.book)
        return
      }
      void this.place(player, refusal)
    }
    this.dispatchEvent(
      new CustomEvent<MusterRequest>('muster-army', { detail: { list, draft, done }, bubbles: true, composed: true }),
    )
  }

  /** A refusal beside the field it is about: its unit opens in the editor, the field in view and focused. */
  private async place(player: string, refusal: ApiError): Promise<void> {
    const field = refusal.field
    const draft = this.book[player] ?? EMPTY
    const index = field?.unit === undefined ? -1 : draft.units.findIndex((unit) => unit.id === field.unit)
    const about: Refusal =
      field === undefined || index === -1
        ? { message: refusal.message, unit: null, path: null }
        : { message: refusal.message, unit: field.unit ?? null, path: field.path }
    const editing = index === -1 ? draft.editing : { index, form: draft.units[index]! }
    this.book = { ...this.book, [player]: { ...draft, editing, refusal: about } }
    if (this.gameId) saveBook(this.gameId, this.book)
    if (index === -1 || player !== this.player) return
    await this.updateComplete
    const editor = this.renderRoot.querySelector<UnitEditor>('unit-editor')
    await editor?.updateComplete
    editor?.focusProblem()
  }

  override render() {
    const game = this.view?.state
    if (!game) return nothing
    const mustered = Object.values(game.units).filter((unit) => unit.player === this.player)
    const { units, editing } = this.draft
    const count = units.length
    // One editor at a time: the muster's, or the import report's.
    const busy = editing !== null || (this.draft.imported?.editing ?? null) !== null
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
            this.importRefusal = null
          }}
        >
          ${game.players.map((player) => html`<option value=${player.id} ?selected=${player.id === this.player}>${player.name}</option>`)}
        </select>
      </div>
      ${
        mustered.length > 0
          ? html`<h3>On the table</h3>
            <ul>
              ${mustered.map((unit) => html`<li>${unit.name}: ${unit.models} ${words(unit.troopType).toLowerCase()}</li>`)}
            </ul>`
          : nothing
      }
      <div class="row">
        <button
          id="import-list"
          ?disabled=${this.importing !== null}
          @click=${() => {
            this.askedForFile = false
            this.renderRoot.querySelector<HTMLInputElement>('input[type=file]')?.click()
          }}
        >
          Import a list…
        </button>
        <input
          type="file"
          accept=${LIST_FILES}
          aria-label="List file (Old World Builder, New Recruit or BattleScribe)"
          @change=${this.importFile}
        />
        <span class="muted" role="status"
          >${
            this.importing
              ? `Reading ${this.importing}…`
              : this.askedForFile
                ? 'Press Enter to choose the list file'
                : 'Old World Builder, New Recruit or BattleScribe'
          }</span
        >
      </div>
      ${
        this.importRefusal
          ? html`<p class="problem" role="alert">
              The list was not imported: ${this.importRefusal.message} <code>${this.importRefusal.code}</code>
            </p>`
          : nothing
      }
      ${
        this.draft.imported
          ? html`<import-report
              .draft=${this.draft.imported}
              .catalogue=${this.catalogue ?? []}
              .troops=${this.troops}
              .troopTypes=${this.troopTypes}
              ?busy=${editing !== null}
              @draft-change=${(e: CustomEvent<ListDraft>) => this.setDraft({ ...this.draft, imported: e.detail })}
              @load=${() => this.loadImported()}
              @discard=${() => this.setDraft({ ...this.draft, imported: null })}
            ></import-report>`
          : nothing
      }
      ${
        count > 0
          ? html`<h3>To muster</h3>
            <ul aria-label="Units to muster">
              ${units.map((unit, index) => {
                const refused =
                  this.refusal?.unit !== null && this.refusal?.unit === unit.id && editing?.index !== index
                return html`<li>
                  ${unit.name}: ${unit.models} ${words(unit.troopType).toLowerCase()}${
                    unit.mount ? ` on ${unit.mount.name || 'a mount'}` : ''
                  }
                  <span class="row">
                    <button aria-label=${`Edit ${unit.name}`} ?disabled=${busy} @click=${() => this.edit(index)}>
                      Edit
                    </button>
                    <button
                      aria-label=${`Remove ${unit.name}`}
                      ?disabled=${busy}
                      @click=${() =>
                        this.setDraft({ ...this.draft, units: units.filter((_, i) => i !== index), editing: null })}
                    >
                      ✕
                    </button>
                  </span>
                  ${refused ? html`<p class="problem" role="alert">${this.refusal?.message}</p>` : nothing}
                </li>`
              })}
            </ul>`
          : nothing
      }
      ${
        editing
          ? html`<unit-editor
            .catalogue=${this.catalogue ?? []}
            .troops=${this.troops}
            .troopTypes=${this.troopTypes}
            .form=${editing.form}
            .problem=${this.problem}
            ?existing=${editing.index !== null}
            @form-change=${(e: CustomEvent<UnitForm>) => {
              // The editor lets go of the refusal once its field is edited.
              const answered = this.problem !== null && (e.target as UnitEditor).problem === null
              this.setDraft({
                ...this.draft,
                editing: { ...editing, form: e.detail },
                ...(answered ? { refusal: null } : {}),
              })
            }}
            @unit-saved=${(e: CustomEvent<UnitForm>) => this.saveUnit(e.detail)}
            @cancel=${() => this.setDraft({ ...this.draft, editing: null })}
          ></unit-editor>`
          : html`${
              this.refusal && this.refusal.unit === null
                ? html`<p class="problem" role="alert">${this.refusal.message}</p>`
                : nothing
            }
            <div class="row">
              <button ?disabled=${busy} @click=${() => this.edit(null)}>Add a unit</button>
              <button class="primary" ?disabled=${count === 0 || this.sending || busy} @click=${this.muster}>
                Muster ${count} unit${count === 1 ? '' : 's'}
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
