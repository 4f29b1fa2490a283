import { css, html, LitElement, nothing } from 'lit'
import type { RulesetSummary } from '../../core/api/game-api-contract.js'
import { type ApiError, type ArbiterClient, toApiError } from '../api-client.js'
import { baseStyles } from '../theme.js'

interface PlayerDraft {
  name: string
}

/**
 * The first step of the guided path to a real game: a title, the rules, and who is playing. The
 * player who goes first is listed first. Then the game opens on its muster.
 */
export class NewGameForm extends LitElement {
  static override properties = {
    client: { attribute: false },
    rulesets: { state: true },
    ruleset: { state: true },
    variant: { state: true },
    players: { state: true },
    refusal: { state: true },
  }

  client: ArbiterClient | null = null
  rulesets: RulesetSummary[] = []
  ruleset = ''
  variant = ''
  gameTitle = ''
  /** Turns each player plays before the game ends (GameCreated's `turns`). */
  turns = 6
  players: PlayerDraft[] = [{ name: '' }, { name: '' }]
  /** A refusal about one player (two of one name), shown beside that player's field. */
  refusal: ApiError | null = null

  static override styles = [
    baseStyles,
    css`
      form {
        display: grid;
        gap: 0.8rem;
        max-width: 44rem;
      }
      .field {
        display: grid;
        gap: 0.2rem;
      }
      .players {
        display: grid;
        gap: 0.5rem;
      }
      .actions {
        margin-top: 0.4rem;
      }
      .problem {
        color: var(--danger);
        font-size: 0.9rem;
        margin: 0.1rem 0 0;
      }
    `,
  ]

  override async connectedCallback(): Promise<void> {
    super.connectedCallback()
    try {
      this.rulesets = (await this.client?.rulesets()) ?? []
      const first = this.rulesets[0]
      if (first) {
        this.ruleset = first.id
        this.variant = first.defaultVariant
      }
    } catch (error) {
      this.dispatchEvent(new CustomEvent('failed', { detail: error, bubbles: true, composed: true }))
    }
  }

  override firstUpdated(): void {
    this.renderRoot.querySelector<HTMLInputElement>('#title')?.focus()
  }

  private async submit(event: Event): Promise<void> {
    event.preventDefault()
    const players: { id: string; name: string }[] = []
    this.players.forEach((player, index) => {
      const id = playerId(
        player.name,
        index,
        players.map((each) => each.id),
      )
      players.push({ id, name: player.name.trim() || `Player ${index + 1}` })
    })
    try {
      const { gameId } = await this.client!.createGame({
        ruleset: this.ruleset,
        variant: this.variant,
        players,
        ...(this.gameTitle.trim() ? { title: this.gameTitle.trim() } : {}),
        turns: this.turns,
        actor: players[0]!.id,
      })
      this.dispatchEvent(new CustomEvent('created', { detail: gameId, bubbles: true, composed: true }))
    } catch (error) {
      const refusal = toApiError(error)
      const [list, index] = refusal.field?.path ?? []
      if (list === 'players' && typeof index === 'number' && index < this.players.length) {
        this.refusal = refusal
        await this.updateComplete
        this.renderRoot.querySelector<HTMLInputElement>(`#player-${index}`)?.focus()
      } else this.dispatchEvent(new CustomEvent('failed', { detail: refusal, bubbles: true, composed: true }))
    }
  }

  /** The refusal about player `index`, if there is one. */
  private problemOf(index: number): string | null {
    const [list, at] = this.refusal?.field?.path ?? []
    return list === 'players' && at === index ? (this.refusal?.message ?? null) : null
  }

  override render() {
    const chosen = this.rulesets.find((each) => each.id === this.ruleset)
    return html`<section class="panel" aria-label="New game">
      <h2>New game</h2>
      <form @submit=${this.submit}>
        <div class="field">
          <label for="title">Title (optional)</label>
          <input
            id="title"
            .value=${this.gameTitle}
            @input=${(e: Event) => (this.gameTitle = input(e))}
            placeholder="Bridge at Kemperbad"
            />
        </div>
        <div class="row">
          <div class="field">
            <label for="ruleset">Rules</label>
            <select id="ruleset" @change=${(e: Event) => this.pickRuleset(input(e))}>
              ${this.rulesets.map((each) => html`<option value=${each.id} ?selected=${each.id === this.ruleset}>${each.name}</option>`)}
            </select>
          </div>
          <div class="field">
            <label for="variant">Variant</label>
            <select id="variant" @change=${(e: Event) => (this.variant = input(e))}>
              ${(chosen?.variants ?? []).map(
                (each) =>
                  html`<option value=${each.id} ?selected=${each.id === this.variant} title=${each.description}>
                    ${each.name}
                  </option>`,
              )}
            </select>
          </div>
          <div class="field">
            <label for="turns">Turns each</label>
            <input
              id="turns"
              type="number"
              min="1"
              max="100"
              required
              .value=${String(this.turns)}
              @input=${(e: Event) => (this.turns = Number(input(e)))}
              title="the turns each player plays before the game ends and victory points are counted"
            />
          </div>
        </div>
        <div class="players">
          ${this.players.map(
            (player, index) => html`<div class="field">
              <label for=${`player-${index}`}>Player ${index + 1}${index === 0 ? ' (plays first)' : ''}</label>
              <input
                id=${`player-${index}`}
                required
                aria-invalid=${this.problemOf(index) ? 'true' : 'false'}
                .value=${player.name}
                @input=${(e: Event) => this.setPlayer(index, input(e))}
                placeholder=${index === 0 ? 'The Empire' : 'Warriors of Chaos'}
              />
              ${this.problemOf(index) ? html`<p class="problem" role="alert">${this.problemOf(index)}</p>` : nothing}
            </div>`,
          )}
        </div>
        <div class="row actions">
          <button class="primary" type="submit" ?disabled=${!this.ruleset}>Create the game</button>
          <button type="button" @click=${() => this.dispatchEvent(new CustomEvent('cancel'))}>Cancel</button>
        </div>
      </form>
    </section>`
  }

  private pickRuleset(id: string): void {
    this.ruleset = id
    this.variant = this.rulesets.find((each) => each.id === id)?.defaultVariant ?? ''
  }

  private setPlayer(index: number, name: string): void {
    this.refusal = null
    this.players = this.players.map((player, i) => (i === index ? { name } : player))
  }
}

function input(event: Event): string {
  return (event.target as HTMLInputElement | HTMLSelectElement).value
}

/** A player's id is a slug of the name (ids are lower-case slugs); a second alike gets its position. */
function playerId(name: string, index: number, taken: readonly string[]): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  const id = slug || `player-${index + 1}`
  return taken.includes(id) ? `${id}-${index + 1}` : id
}

customElements.define('new-game-form', NewGameForm)

declare global {
  interface HTMLElementTagNameMap {
    'new-game-form': NewGameForm
  }
}
