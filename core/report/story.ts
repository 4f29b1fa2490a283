import type { GameState, ModelRef, OpenRequest, Outcome, OutcomeValues } from '../engine/types.js'
import type { PayloadOf } from '../events/event-types.js'
import { AFTER_COMBAT, ON_THEIR_OWN, wordsOf } from './clauses.js'
import { addLoss, emptyTally, LOSSES, lossText, type Tally, tallyText } from './tally.js'
import type { Sentence } from './types.js'
import { capitalize, count, listed, type Names, seqList } from './words.js'

/**
 * The story of a game in sentences, told as its steps come (core/report/build.ts folds the game once and hands each
 * step here): charges, shooting and magic, each combat round side by side with its result and what followed it,
 * psychology, characters, challenges, standards. Every figure comes from an outcome's values, every name from the
 * muster; each sentence carries the seqs it tells of. Outcomes no sentence here is made for are told in the engine's
 * own words, so nothing the rules decided is left out.
 */

/** One step of the game as the story reads it: the event as folded (a replacement for a corrected one). */
export interface StoryStep {
  readonly seq: number
  readonly type: string
  readonly payload: unknown
  readonly outcomes: readonly Outcome[]
  /** The request this step's DiceRolled or ChoiceMade answered. */
  readonly answered: OpenRequest | undefined
  /** The game after the step. */
  readonly game: GameState
}

/** A shooting or magic attack (or hits from elsewhere) being tallied. */
interface Attack {
  readonly mode: 'shooting' | 'melee' | 'magic' | 'other'
  /** The shooter or attacker and its target (shooting, melee), the spell's name and target (magic). */
  readonly by: string | null
  readonly target: string | null
  readonly standAndShoot: boolean
  readonly tally: Tally
}

/** A combat round under way: its sides' blows, tallied by player in the order they struck. */
interface Round {
  readonly sides: Map<string, readonly string[]>
  readonly blows: Map<string, Tally>
  current: Tally | null
}

/** A clause of a sentence: what a unit (its subject, chained with the next clauses of the same subject) did. */
interface Clause {
  readonly subject: string | null
  text: string
}

/** A sentence told clause by clause: a charge and its response, a spell and its dispel, a combat result and after. */
interface Telling {
  readonly kind: 'charge' | 'spell' | 'result' | 'challenge'
  readonly head: string
  readonly clauses: Clause[]
  readonly seqs: number[]
}

const SILENT = new Set<Outcome['kind']>([
  'effect-started',
  'effect-ended',
  'magic-dice',
  'strike-order',
  'attacks',
  'hits-split',
  'combat-joined',
  // Why a challenge ended is told by the blows that ended it (a model slain) or the round's end (a refusal).
  'challenge-ended',
])

export class Narrator {
  private told: Sentence[] = []
  private telling: Telling | null = null
  private attack: Attack | null = null
  private round: Round | null = null
  /** The shot or the attacks declared last (ShotDeclared, MeleeAttacksDeclared): whose hits come next. */
  private shot: { mode: 'shooting' | 'melee'; by: string; target: string; standAndShoot: boolean; seq: number } | null =
    null
  private spell: { name: string; target: string; seq: number } | null = null

  constructor(
    private readonly names: Names,
    private readonly spellName: (payload: PayloadOf<'SpellCast'>) => string,
  ) {}

  /** The sentences told since the last call, with whatever was still being told finished first. */
  story(): Sentence[] {
    this.flush()
    this.round = null
    this.shot = null
    this.spell = null
    const told = this.told
    this.told = []
    return told
  }

  /** A sentence of the report's own (the end of the game), told after what is pending. */
  tell(text: string, seqs: readonly number[]): void {
    this.flush()
    this.say(text, seqs)
  }

  take(step: StoryStep): void {
    this.declaration(step)
    for (const outcome of step.outcomes) this.outcome(outcome, step)
  }

  private declaration(step: StoryStep): void {
    const { type, seq } = step
    if (type === 'DiceRolled' || type === 'ChoiceMade') return
    this.flush()
    if (type !== 'SpellCast') this.spell = null
    if (type !== 'ShotDeclared' && type !== 'MeleeAttacksDeclared') this.shot = null
    if (type === 'ShotDeclared') {
      const shot = step.payload as PayloadOf<'ShotDeclared'>
      const standAndShoot = shot.standAndShoot === true
      this.shot = { mode: 'shooting', by: shot.shooter, target: shot.target, standAndShoot, seq }
    } else if (type === 'MeleeAttacksDeclared') {
      const melee = step.payload as PayloadOf<'MeleeAttacksDeclared'>
      this.shot = { mode: 'melee', by: melee.attacker, target: melee.target, standAndShoot: false, seq }
    } else if (type === 'SpellCast') {
      const spell = step.payload as PayloadOf<'SpellCast'>
      this.spell = { name: this.spellName(spell), target: spell.target, seq }
    } else if (type === 'Ruling') {
      const ruling = step.payload as PayloadOf<'Ruling'>
      const agreed =
        ruling.agreedBy.length > 0 ? ` (agreed by ${listed(ruling.agreedBy.map((p) => this.names.player(p)))})` : ''
      this.say(`The table ruled on seq ${ruling.about}${agreed}: ${ruling.why}`, [ruling.about, seq])
    } else if (type === 'Correction') {
      const correction = step.payload as PayloadOf<'Correction'>
      const what = [
        ...(correction.voids.length > 0 ? [`voided seq ${correction.voids.join(', ')}`] : []),
        ...correction.replaces.map((r) => `replaced seq ${r.seq} with ${r.type}`),
      ]
      const targets = [...correction.voids, ...correction.replaces.map((r) => r.seq)]
      this.say(`The log was corrected (${listed(what)}): ${correction.reason}`, [...targets, seq])
    } else if (type === 'Note') {
      this.say(`A note: ${(step.payload as PayloadOf<'Note'>).text}`, [seq])
    }
  }

  private outcome(outcome: Outcome, step: StoryStep): void {
    if (SILENT.has(outcome.kind) && !this.standaloneCombat(outcome)) return
    const names = this.names
    const seq = outcome.seq
    switch (outcome.kind) {
      case 'hits':
        this.hits(outcome.values, step)
        return
      case 'wounds':
        this.wounds(outcome.values, seq)
        return
      case 'round-started':
        this.roundStarted(outcome.values, step)
        return
      case 'combat-result':
        this.combatResult(outcome.values, seq)
        return
      case 'round-ended':
      case 'combat-ended':
        this.flush()
        this.round = null
        return
      case 'charge-declared': {
        const { unit, target, distance } = outcome.values
        const facing = step.type === 'ChargeDeclared' ? (step.payload as PayloadOf<'ChargeDeclared'>).facing : 'front'
        const side = facing === 'front' ? '' : ` in the ${facing}`
        this.open('charge', `${names.The(unit)} charged ${names.the(target)}${side} (${distance}" away)`, seq)
        return
      }
      case 'charge-response': {
        const { unit, response } = outcome.values
        const said = response === 'hold' ? 'held' : response === 'flee' ? 'fled' : 'stood and shot'
        this.clause('charge', unit, said, seq)
        return
      }
      case 'charge-result': {
        const { unit, target, reached, range, distance } = outcome.values
        const how = `(${range}" against ${distance}")`
        if (this.telling?.kind === 'charge') {
          this.clause('charge', null, `the charge ${reached ? 'reached' : 'failed'} ${how}`, seq)
          return
        }
        this.say(`${names.The(unit)}'s charge ${reached ? 'reached' : 'failed to reach'} ${names.the(target)} ${how}`, [
          seq,
        ])
        return
      }
      case 'combat-unit-joined':
        this.clause('charge', outcome.values.unit.unit, 'joined the combat under way', seq)
        return
      case 'combat-joined':
        this.newCombat(outcome.values, step)
        return
      case 'casting-roll':
        this.casting(outcome.values, seq)
        return
      case 'dispel-roll': {
        const { dispelled, total, need } = outcome.values
        const who = step.answered?.kind === 'dice' ? names.player(step.answered.roller) : 'the opponent'
        this.clause(
          'spell',
          null,
          `${who} ${dispelled ? 'dispelled it' : 'failed to dispel it'} (${total} against ${need})`,
          seq,
        )
        return
      }
      case 'miscast':
        this.clause('spell', outcome.values.caster, `miscast (${outcome.values.roll} on the miscast table)`, seq)
        return
      case 'rallied': {
        const tested = step.outcomes.some((o) => o.kind === 'psychology-test' && o.values.test === 'rally')
        if (!tested) this.say(`${names.The(outcome.values.unit)} rallied`, [seq])
        return
      }
      case 'challenge-issued':
        this.open('challenge', `${capitalize(this.model(outcome.values.challenger))} issued a challenge`, seq)
        return
      case 'challenge-accepted':
        this.clause('challenge', null, `${this.model(outcome.values.by)} accepted the challenge`, seq)
        return
      case 'challenge-refused': {
        const { refuser } = outcome.values
        this.clause(
          'challenge',
          null,
          refuser ? `${this.model(refuser)} refused the challenge` : 'no one could accept the challenge',
          seq,
        )
        return
      }
      default:
        this.tellOutcome(outcome, step)
    }
  }

  /** Losses, what follows a combat result, and what is told on its own; else the engine's own words. */
  private tellOutcome(outcome: Outcome, step: StoryStep): void {
    if (LOSSES.has(outcome.kind)) {
      this.loss(outcome, step)
      return
    }
    const after = wordsOf(AFTER_COMBAT, outcome.kind, outcome.values, this.names)
    if (after) {
      const last = this.telling?.clauses.at(-1)
      // A charge's "fled" is told with the inches it fled.
      if (outcome.kind === 'fled' && last && last.subject === after.subject && last.text === 'fled') {
        last.text = after.text
        this.telling?.seqs.push(outcome.seq)
      } else this.clause('result', after.subject, after.text, outcome.seq)
      return
    }
    const own = wordsOf(ON_THEIR_OWN, outcome.kind, outcome.values, this.names)
    if (own) this.say(own.subject === null ? own.text : `${this.names.The(own.subject)} ${own.text}`, [outcome.seq])
    else this.say(outcome.text, [outcome.seq])
  }

  /** A combat joined by no charge this story tells (a pursuit that reached fresh enemies, the players' own). */
  private standaloneCombat(outcome: Outcome): boolean {
    return outcome.kind === 'combat-joined' && this.telling?.kind !== 'charge'
  }

  private newCombat(values: OutcomeValues['combat-joined'], step: StoryStep): void {
    // A combat whose first round is fought at once is told by its round.
    if (this.telling?.kind === 'charge' || step.outcomes.some((o) => o.kind === 'round-started')) return
    const sides = values.sides.map((side) => listed(side.units.map((u) => this.names.the(u.unit))))
    this.say(`A new combat began: ${sides.join(' against ')}`, [step.seq])
  }

  private model(ref: ModelRef): string {
    const names = this.names
    if (ref.kind === 'champion') return `${names.theirs(ref.unit)} champion`
    if (ref.kind === 'character') return names.name(ref.character)
    if (ref.kind === 'mount') return `${names.theirs(ref.unit)} mount`
    return names.the(ref.unit)
  }

  private casting(values: OutcomeValues['casting-roll'], seq: number): void {
    const names = this.names
    const spell = this.spell?.name ?? values.spell
    const at = this.spell ? ` at ${names.the(this.spell.target)}` : ''
    const roll = `(${values.total} against ${values.need}+)`
    const said: Record<OutcomeValues['casting-roll']['result'], string> = {
      cast: `cast ${spell}${at} ${roll}`,
      irresistible: `cast ${spell}${at} with irresistible force ${roll}`,
      'perfect-invocation': `cast ${spell}${at} with a perfect invocation ${roll}`,
      failed: `failed to cast ${spell} ${roll}`,
      miscast: `miscast ${spell} ${roll}`,
      'irresistible-miscast': `cast ${spell}${at} with irresistible force but miscast ${roll}`,
    }
    this.open('spell', `${names.The(values.caster)} ${said[values.result]}`, seq)
    if (this.spell) this.telling?.seqs.push(this.spell.seq)
  }

  private roundStarted(values: OutcomeValues['round-started'], step: StoryStep): void {
    this.flush()
    const combat = step.game.combats[values.combat]
    const sides = new Map<string, readonly string[]>()
    for (const side of combat?.sides ?? [])
      sides.set(
        side.player,
        side.units.map((u) => u.unit),
      )
    this.round = { sides, blows: new Map(), current: null }
    const fighting = [...sides.values()].map((units) => listed(units.map((u) => this.names.the(u))))
    this.say(`Close combat, round ${values.round}: ${fighting.join(' against ')}`, [step.seq])
  }

  private hits(values: OutcomeValues['hits'], step: StoryStep): void {
    const roller = step.answered?.kind === 'dice' ? step.answered.roller : null
    let tally: Tally
    if (this.round) {
      if (this.telling) this.closeTelling()
      const player = roller ?? step.game.activePlayer ?? ''
      tally = this.round.blows.get(player) ?? emptyTally()
      this.round.blows.set(player, tally)
      this.round.current = tally
    } else {
      this.flush()
      tally = emptyTally()
      if (this.shot) {
        const { mode, by, target, standAndShoot, seq } = this.shot
        this.attack = { mode, by, target, standAndShoot, tally }
        tally.seqs.push(seq)
      } else if (this.spell) {
        this.attack = { mode: 'magic', by: this.spell.name, target: this.spell.target, standAndShoot: false, tally }
        tally.seqs.push(this.spell.seq)
      } else this.attack = { mode: 'other', by: null, target: null, standAndShoot: false, tally }
    }
    tally.attacks += values.attacks
    tally.hits += values.hits
    tally.seqs.push(step.seq)
  }

  private current(): Tally | null {
    return this.round ? this.round.current : (this.attack?.tally ?? null)
  }

  private wounds(values: OutcomeValues['wounds'], seq: number): void {
    const tally = this.current()
    if (!tally) return
    tally.wounds += values.wounds
    tally.seqs.push(seq)
  }

  /** Models or Wounds lost to the attack being tallied (or, with none, told on their own). */
  private loss(outcome: Outcome, step: StoryStep): void {
    let tally: Tally
    if (this.round) {
      // Blows no roll of this round accounts for are the unit's enemies'.
      const owner = this.names.of((outcome.values as { unit: string }).unit)?.player
      const enemy = [...this.round.sides.keys()].find((player) => player !== owner) ?? step.game.activePlayer ?? ''
      tally = this.round.current ?? this.round.blows.get(enemy) ?? emptyTally()
      if (!this.round.current) this.round.blows.set(enemy, tally)
      this.round.current = tally
    } else if (this.attack) tally = this.attack.tally
    else {
      this.flush()
      tally = emptyTally()
      this.attack = { mode: 'other', by: null, target: null, standAndShoot: false, tally }
    }
    addLoss(tally, outcome, this.names)
  }

  private combatResult(values: OutcomeValues['combat-result'], seq: number): void {
    this.closeTelling()
    this.tellBlows()
    const names = this.names
    const players = [...(this.round?.sides.keys() ?? [])]
    const { winner, scores } = values
    let head: string
    if (Object.keys(scores).length === 0) {
      const losers = players.filter((p) => p !== winner).map((p) => names.player(p))
      head = `${names.player(winner ?? '')} won the combat: ${listed(losers)} had no one left in it`
    } else {
      const ordered = Object.entries(scores).sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      const figures = ordered.map(([, score]) => score).join(' to ')
      head = winner === null ? `The combat was drawn, ${figures}` : `${names.player(winner)} won the combat ${figures}`
    }
    this.telling = { kind: 'result', head, clauses: [], seqs: [seq] }
  }

  /** Each side's blows this round, one sentence a side, in the order they struck. */
  private tellBlows(): void {
    const round = this.round
    if (!round) return
    for (const [player, tally] of round.blows) {
      const units = round.sides.get(player) ?? []
      const who = units.length > 0 ? capitalize(listed(units.map((u) => this.names.the(u)))) : this.names.player(player)
      if (tally.attacks > 0 || tally.hits > 0)
        this.say(`${who} made ${count(tally.attacks, 'attack')}: ${tallyText(tally, this.names)}`, tally.seqs)
      else if (tally.losses.size > 0 || tally.notes.length > 0)
        this.say(`${who}: ${lossText(tally, this.names)}`, tally.seqs)
    }
    round.blows.clear()
    round.current = null
  }

  private tellAttack(): void {
    const attack = this.attack
    this.attack = null
    if (!attack) return
    const names = this.names
    const { tally } = attack
    if (attack.mode === 'shooting' && attack.by && attack.target) {
      const verb = attack.standAndShoot ? 'stood and shot' : 'shot'
      const text = `${names.The(attack.by)} ${verb} at ${names.the(attack.target)}: ${count(tally.attacks, 'shot')}, `
      this.say(text + tallyText(tally, this.names), tally.seqs)
      return
    }
    if (attack.mode === 'melee' && attack.by && attack.target) {
      const text = `${names.The(attack.by)} attacked ${names.the(attack.target)}: ${count(tally.attacks, 'attack')}, `
      this.say(text + tallyText(tally, this.names), tally.seqs)
      return
    }
    if (attack.mode === 'magic' && attack.by && attack.target) {
      const times = tally.hits === 1 ? 'once' : `${tally.hits} times`
      const text = `${attack.by} hit ${names.the(attack.target)} ${times}`
      const rest = tallyText(tally, this.names, false)
      this.say(rest ? `${text}: ${rest}` : text, tally.seqs)
      return
    }
    const lost = lossText(tally, this.names)
    if (tally.hits === 0 && tally.attacks === 0) {
      if (lost) this.say(lost, tally.seqs)
      return
    }
    const [target] = tally.losses.keys()
    this.say(`${target ? `${names.The(target)} took ` : ''}${tallyText(tally, this.names)}`, tally.seqs)
  }

  private open(kind: Telling['kind'], head: string, seq: number): void {
    this.flush()
    this.telling = { kind, head, clauses: [], seqs: [seq] }
  }

  /** A clause for the sentence under way of `kind` (a combat result's, a charge's...), or a sentence of its own. */
  private clause(kind: Telling['kind'], subject: string | null, text: string, seq: number): void {
    const telling = this.telling
    if (telling && (telling.kind === kind || (kind === 'result' && telling.kind === 'charge'))) {
      telling.clauses.push({ subject, text })
      telling.seqs.push(seq)
      return
    }
    this.flush()
    this.say(subject === null ? capitalize(text) : `${this.names.The(subject)} ${text}`, [seq])
  }

  private closeTelling(): void {
    const telling = this.telling
    this.telling = null
    if (!telling) return
    const groups: string[] = []
    let i = 0
    while (i < telling.clauses.length) {
      const subject = telling.clauses[i]?.subject ?? null
      const predicates: string[] = []
      while (i < telling.clauses.length && (telling.clauses[i] as Clause).subject === subject) {
        predicates.push((telling.clauses[i] as Clause).text)
        i += 1
        if (subject === null) break
      }
      groups.push(subject === null ? listed(predicates) : `${this.names.the(subject)} ${listed(predicates)}`)
    }
    const joiner = telling.kind === 'result' ? ': ' : '; '
    this.say(groups.length > 0 ? `${telling.head}${joiner}${groups.join('; ')}` : telling.head, telling.seqs)
  }

  private flush(): void {
    this.closeTelling()
    this.tellBlows()
    this.tellAttack()
  }

  private say(text: string, seqs: readonly number[]): void {
    const ends = /[.!?]$/.test(text) ? '' : '.'
    this.told.push({ text: `${capitalize(text)}${ends}`, seqs: seqList(seqs) })
  }
}
