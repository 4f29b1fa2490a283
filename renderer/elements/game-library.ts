import { css, html, LitElement, nothing } from 'lit'
import type { GameListing, RulesetSummary } from '../../core/api/game-api-contract.js'
import { type ArbiterClient, toApiError } from '../api-client.js'
import { downloadExport } from '../export-game.js'
import { baseStyles } from '../theme.js'
import './new-game-form.js'

type IntactListing = Extract<GameListing, { intact: true }>

/**
 * The game library: every game in the database, by its title and its players' names, to open,
 * export or archive; import a file; start a new game. An empty library is never an empty screen: it
 * offers the sample game (the one `arbiter demo` records, made once and opened again after) and the
 * guided way to start a real one. Archived games are hidden until "Show archived", where each can be
 * restored; nothing is deleted.
 */
export class GameLibrary extends LitElement {
  static override properties = {
    client: { attribute: false },
    games: { state: true },
    rulesets: { state: true },
    creating: { state: true },
    working: { state: true },
    showArchived: { state: true },
  }

  client: ArbiterClient | null = null
  games: GameListing[] | null = null
  /** The rulesets, for their names and their variants' names. */
  rulesets: RulesetSummary[] = []
  creating = false
  showArchived = false
  /** What the library is doing now, said to the player ("Recording the sample game…"). */
  working: string | null = null

  static override styles = [
    baseStyles,
    css`
      .toolbar {
        margin-bottom: 1rem;
      }
      new-game-form {
        margin-bottom: 1rem;
      }
      .welcome {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
        gap: 1rem;
        margin-bottom: 1rem;
      }
      .welcome .panel p {
        min-height: 3.2rem;
      }
      table {
        width: 100%;
        border-collapse: collapse;
      }
      th,
      td {
        text-align: left;
        padding: 0.5rem 0.6rem;
        border-bottom: 1px solid var(--border);
      }
      th {
        color: var(--muted);
        font-weight: 500;
        font-size: 0.85rem;
      }
      td.actions {
        text-align: right;
      }
      td.actions .row {
        justify-content: flex-end;
        flex-wrap: nowrap;
      }
      td.started {
        white-space: nowrap;
      }
      .players {
        color: var(--muted);
        font-size: 0.85rem;
      }
      .archived-mark {
        font-style: italic;
        font-size: 0.9rem;
      }
      .list-head {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        align-items: baseline;
        gap: 0.5rem;
      }
      /* A phone has no room for a table of five columns: each game is a card of its lines. */
      @media (max-width: 40rem) {
        table,
        tbody,
        tr,
        td {
          display: block;
        }
        thead {
          display: none;
        }
        tr {
          border-bottom: 1px solid var(--border);
          padding: 0.4rem 0;
        }
        td {
          border: none;
          padding: 0.15rem 0;
          overflow-wrap: anywhere;
        }
        td.actions {
          text-align: left;
        }
        td.actions .row {
          justify-content: flex-start;
          flex-wrap: wrap;
        }
        td[data-label]::before {
          content: attr(data-label) ': ';
          color: var(--muted);
        }
      }
      .broken {
        color: var(--danger);
      }
      input[type='file'] {
        display: none;
      }
      .visually-hidden {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.reload()
  }

  async reload(): Promise<void> {
    if (!this.client) return
    try {
      if (this.rulesets.length === 0) this.rulesets = await this.client.rulesets()
      const games = await this.client.listGames()
      this.games = [...games].sort((a, b) => (createdAt(b) > createdAt(a) ? 1 : -1))
    } catch (error) {
      this.fail(error)
    }
  }

  private fail(error: unknown): void {
    this.dispatchEvent(new CustomEvent('failed', { detail: toApiError(error), bubbles: true, composed: true }))
  }

  private open(gameId: string): void {
    this.dispatchEvent(new CustomEvent('open-game', { detail: gameId, bubbles: true, composed: true }))
  }

  private async busy(what: string, work: () => Promise<void>): Promise<void> {
    this.working = what
    try {
      await work()
    } catch (error) {
      this.fail(error)
    } finally {
      this.working = null
    }
  }

  /** Opens the new-game form (the library's button, or the desktop menu's New). */
  startNewGame(): void {
    this.creating = true
  }

  private sampleGame(): Promise<void> {
    const recorded = this.games?.some((game) => game.intact && game.sample) ?? false
    return this.busy(recorded ? 'Opening the sample game…' : 'Recording the sample game…', async () => {
      const { gameId } = await this.client!.sampleGame()
      this.open(gameId)
    })
  }

  private archive(game: IntactListing | Extract<GameListing, { intact: false }>, archived: boolean): Promise<void> {
    return this.busy(archived ? 'Archiving…' : 'Restoring…', async () => {
      await this.client!.archiveGame(game.gameId, archived)
      await this.reload()
    })
  }

  /** "Classic fan edition, Warhammer 8th edition": the names, not the ids. */
  private rulesName(game: IntactListing): string {
    const ruleset = this.rulesets.find((each) => each.id === game.ruleset)
    const variant = ruleset?.variants.find((each) => each.id === game.variant)
    return `${ruleset?.name ?? game.ruleset}, ${variant?.name ?? game.variant}`
  }

  private importFile(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement
    const file = input.files?.[0]
    input.value = ''
    if (!file) return Promise.resolve()
    return this.busy(`Checking ${file.name}…`, async () => {
      const { gameId } = await this.client!.importGame(await file.text())
      await this.reload()
      this.open(gameId)
    })
  }

  private exportGame(gameId: string, title: string | undefined): Promise<void> {
    return this.busy('Exporting…', () => downloadExport(this.client!, gameId, title))
  }

  private renderWelcome() {
    return html`<div class="welcome">
      <section class="panel">
        <h2>Explore the sample game</h2>
        <p>
          Orc Boyz charge Dark Elf Warriors: two rounds of close combat, a break test and a pursuit. Scrub its timeline and
          read why each roll needed what it did.
        </p>
        <button class="primary" @click=${this.sampleGame} ?disabled=${this.working !== null}>Open the sample game</button>
      </section>
      <section class="panel">
        <h2>Start a real game</h2>
        <p>Name the players, muster each army unit by unit, then play turn by turn: Arbiter asks for every roll.</p>
        <button class="primary" @click=${() => (this.creating = true)}>Start a new game</button>
      </section>
    </div>`
  }

  private renderGames(games: GameListing[]) {
    const archived = games.filter((game) => game.archived).length
    const shown = this.showArchived ? games : games.filter((game) => !game.archived)
    const archiveButton = (game: GameListing) =>
      game.archived
        ? html`<button @click=${() => this.archive(game, false)} ?disabled=${this.working !== null}>Restore</button>`
        : html`<button @click=${() => this.archive(game, true)} ?disabled=${this.working !== null}>Archive</button>`
    return html`<section class="panel" aria-label="Games">
      <div class="list-head">
        <h2>Games</h2>
        ${
          archived > 0 || this.showArchived
            ? html`<label
                ><input
                  type="checkbox"
                  .checked=${this.showArchived}
                  @change=${(e: Event) => (this.showArchived = (e.target as HTMLInputElement).checked)}
                />Show archived (${archived})</label
              >`
            : nothing
        }
      </div>
      ${
        shown.length === 0
          ? html`<p class="muted">Every game is archived: "Show archived" lists them to restore.</p>`
          : html`<table>
            <thead>
              <tr><th>Game</th><th>Rules</th><th>Events</th><th>Started</th><th><span class="visually-hidden">Actions</span></th></tr>
            </thead>
            <tbody>
              ${shown.map((game) =>
                game.intact
                  ? html`<tr class=${game.archived ? 'archived' : ''}>
                      <td>
                        ${gameName(game)}${game.archived ? html` <span class="archived-mark">(archived)</span>` : nothing}
                        ${game.title ? html`<div class="players">${game.players.map((p) => p.name).join(' v ')}</div>` : nothing}
                      </td>
                      <td>${this.rulesName(game)}</td>
                      <td data-label="Events">${game.headSeq}</td>
                      <td class="started" data-label="Started">${game.createdAt.slice(0, 16).replace('T', ' ')}</td>
                      <td class="actions">
                        <div class="row">
                          <button class="primary" @click=${() => this.open(game.gameId)}>Open</button>
                          <button @click=${() => this.exportGame(game.gameId, game.title)}>Export</button>
                          ${archiveButton(game)}
                        </div>
                      </td>
                    </tr>`
                  : html`<tr class="broken">
                      <td>A game that does not verify</td>
                      <td colspan="3">It was changed at event ${game.seq}: ${game.problem}</td>
                      <td class="actions"><div class="row">${archiveButton(game)}</div></td>
                    </tr>`,
              )}
            </tbody>
          </table>`
      }
    </section>`
  }

  override render() {
    const games = this.games
    return html`
      ${
        this.creating
          ? html`<new-game-form
            .client=${this.client}
            @created=${(e: CustomEvent<string>) => this.open(e.detail)}
            @cancel=${() => (this.creating = false)}
            @failed=${(e: CustomEvent) => this.fail(e.detail)}
          ></new-game-form>`
          : nothing
      }
      ${games !== null && games.length === 0 && !this.creating ? this.renderWelcome() : nothing}
      <div class="row toolbar">
        ${
          games !== null && games.length > 0
            ? html`<button @click=${() => (this.creating = true)} ?disabled=${this.creating}>New game</button>
              <button @click=${this.sampleGame} ?disabled=${this.working !== null}>Sample game</button>`
            : nothing
        }
        <button @click=${() => this.renderRoot.querySelector<HTMLInputElement>('input[type=file]')?.click()}>
          Import a game file…
        </button>
        <input type="file" accept=".jsonl,application/jsonl,text/plain" aria-label="Game file" @change=${this.importFile} />
        ${this.working ? html`<span class="muted" role="status">${this.working}</span>` : nothing}
      </div>
      ${games === null ? html`<p class="muted">Reading the library…</p>` : games.length === 0 ? nothing : this.renderGames(games)}
    `
  }
}

/** What a game is called: its title, or who plays it. */
function gameName(game: IntactListing): string {
  return game.title ?? game.players.map((player) => player.name).join(' v ')
}

function createdAt(game: GameListing): string {
  return game.intact ? game.createdAt : ''
}

customElements.define('game-library', GameLibrary)

declare global {
  interface HTMLElementTagNameMap {
    'game-library': GameLibrary
  }
}
