import { css, html, LitElement, nothing } from 'lit'
import { createDemoGame } from '../../core/api/client-kit.js'
import type { GameListing } from '../../core/api/game-api-contract.js'
import { type ArbiterClient, toApiError } from '../api-client.js'
import { downloadExport } from '../export-game.js'
import { baseStyles } from '../theme.js'
import './new-game-form.js'

/**
 * The game library: every game in the database, to open or export; import a file; start a new
 * game. An empty library is never an empty screen: it offers the sample game (the one
 * `arbiter demo` records) and the guided way to start a real one.
 */
export class GameLibrary extends LitElement {
  static override properties = {
    client: { attribute: false },
    games: { state: true },
    creating: { state: true },
    working: { state: true },
  }

  client: ArbiterClient | null = null
  games: GameListing[] | null = null
  creating = false
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
        white-space: nowrap;
      }
      /* On a phone each game is a block of its own lines, not a table wider than the screen. */
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
          padding: 0.5rem 0;
          border-bottom: 1px solid var(--border);
        }
        td {
          border: none;
          padding: 0.15rem 0.2rem;
          overflow-wrap: anywhere;
        }
        td.actions {
          text-align: left;
        }
      }
      .broken {
        color: var(--danger);
      }
      input[type='file'] {
        display: none;
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
    return this.busy('Recording the sample game…', async () => {
      const gameId = await createDemoGame(this.client!)
      this.open(gameId)
    })
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
      ${
        games === null
          ? html`<p class="muted">Reading the library…</p>`
          : games.length === 0
            ? nothing
            : html`<section class="panel">
              <h2>Games</h2>
              <table>
                <thead>
                  <tr><th>Game</th><th>Rules</th><th>Events</th><th>Started</th><th></th></tr>
                </thead>
                <tbody>
                  ${games.map((game) =>
                    game.intact
                      ? html`<tr>
                          <td>${game.title ?? game.gameId}</td>
                          <td>${game.ruleset} / ${game.variant}</td>
                          <td>${game.headSeq}</td>
                          <td>${game.createdAt.slice(0, 16).replace('T', ' ')}</td>
                          <td class="actions">
                            <button class="primary" @click=${() => this.open(game.gameId)}>Open</button>
                            <button @click=${() => this.exportGame(game.gameId, game.title)}>Export</button>
                          </td>
                        </tr>`
                      : html`<tr class="broken">
                          <td>${game.gameId}</td>
                          <td colspan="4">does not verify at seq ${game.seq}: ${game.problem}</td>
                        </tr>`,
                  )}
                </tbody>
              </table>
            </section>`
      }
    `
  }
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
