import { phaseKey } from '../../engine/outcomes.js'
import { nextTurn } from '../../engine/turn-sequence.js'
import type { CharacterState, GameState, UnitState } from '../../engine/types.js'
import type { EventType } from '../../events/event-types.js'
import type { RuleEntry, StepView } from '../game-api-contract.js'
import { appliesTo, declarations, type FieldDescription, type FieldKind, isEventType } from './description.js'

export type FieldValue = string | number | boolean | readonly string[] | readonly unknown[] | undefined

export interface Option {
  readonly value: string
  readonly label: string
}

/** A field as a form shows it now. */
export interface FormField extends FieldDescription {
  /** The value it holds: the one given, else its default. */
  readonly value: FieldValue
  /** The values to pick from, named from the game and the catalogue (a select's options). */
  readonly options?: readonly Option[]
  /** The situation settles it (a reform moves 0", a Stand and Shoot is one): kept in the payload, not asked. */
  readonly settled?: boolean
}

export interface DeclarationForm {
  readonly type: EventType
  readonly title: string
  readonly help: string
  /** Only the fields the rules need in this situation, in the schema's order. */
  readonly fields: readonly FormField[]
}

/** A field a select cannot leave blank: required, or with a default the schema would put in its place. */
export function mustPick(field: FieldDescription): boolean {
  return field.required || field.default !== undefined
}

/** What a form is filled from. */
export interface FormContext {
  /** The ruleset's id and its phases, in order (as `rulesets()` reports them). */
  readonly ruleset: { readonly id: string; readonly phases: readonly string[] }
  readonly state: GameState
  /** The ruleset's catalogue (`catalogue()`), for weapons, spells and items. */
  readonly catalogue: readonly RuleEntry[]
  /** The player declaring. */
  readonly actor: string
  /** The game's steps so far (the timeline's), for what the log says: the charges that reached. */
  readonly steps?: readonly StepView[]
}

type Values = Readonly<Record<string, unknown>>
/** Per field: its options and default, or null when the situation does not ask for it. */
type Situation = Readonly<Record<string, { options?: readonly Option[]; value?: FieldValue; settled?: boolean } | null>>

const PHASE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  classic: { movement: 'Movement', magic: 'Magic', shooting: 'Shooting', 'close-combat': 'Close combat' },
  'old-world': { strategy: 'Strategy', movement: 'Movement', shooting: 'Shooting', 'close-combat': 'Combat' },
}

/** A phase as players name it ("Close combat"; The Old World's "Combat"), its id where the ruleset gives none. */
export function phaseLabel(ruleset: string, phase: string): string {
  return PHASE_LABELS[ruleset]?.[phase] ?? phase
}

export const alive = (unit: UnitState) => unit.models > 0

const blank = (value: unknown) =>
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (typeof value === 'number' && Number.isNaN(value))

export function openCombatOf(game: GameState, unitId: string) {
  return Object.values(game.combats).find(
    (combat) => !combat.ended && combat.sides.some((side) => side.units.some((u) => u.unit === unitId)),
  )
}

/** Units as options, by name; a name two units share gets its player's. */
function unitOptions(game: GameState, units: readonly UnitState[]): Option[] {
  const all = Object.values(game.units)
  return units.map((unit) => {
    const shared = all.filter((other) => other.name === unit.name).length > 1
    const player = game.players.find((p) => p.id === unit.player)?.name ?? unit.player
    return { value: unit.id, label: shared ? `${unit.name} (${player})` : unit.name }
  })
}

/** The first option, or the given value when it is one of them. */
function pick(options: readonly Option[], given: unknown): string | undefined {
  return options.some((o) => o.value === given) ? (given as string) : options[0]?.value
}

function entryOf(catalogue: readonly RuleEntry[], id: string): RuleEntry | undefined {
  return catalogue.find((entry) => entry.id === id)
}

/** The weapons a unit carries that shoot: a Strength and a range or a template (what the engine's shot takes). */
function missileWeapons(catalogue: readonly RuleEntry[], unit: UnitState): RuleEntry[] {
  const held = [...unit.gear.map((g) => g.id), ...unit.rules.map((r) => r.id)]
  return held
    .map((id) => entryOf(catalogue, id))
    .filter((entry): entry is RuleEntry => {
      const params = entry?.params ?? {}
      return (
        typeof params.strength === 'number' && (typeof params.range === 'number' || typeof params.template === 'string')
      )
    })
}

/** A model's one-use items: catalogue items with a one-use clause. */
function oneUseItems(catalogue: readonly RuleEntry[], holder: { gear: UnitState['gear']; rules: UnitState['rules'] }) {
  const held = [...holder.gear.map((g) => g.id), ...holder.rules.map((r) => r.id)]
  return held
    .map((id) => entryOf(catalogue, id))
    .filter((entry): entry is RuleEntry => entry?.kind === 'item' && Object.hasOwn(entry.clauses, 'one-use'))
}

interface WizardOption {
  readonly id: string
  readonly name: string
  readonly unit: UnitState
}

function wizardsOf(game: GameState, player: string): WizardOption[] {
  return Object.values(game.units)
    .filter((unit) => unit.player === player && alive(unit))
    .flatMap((unit) => [
      ...(unit.character && unit.wizardLevel ? [{ id: unit.id, name: unit.name, unit }] : []),
      ...unit.characters
        .filter((c) => c.wizardLevel && !c.slain && c.concealed !== true)
        .map((c) => ({ id: c.id, name: `${c.name} (${unit.name})`, unit })),
    ])
}

const liveCharacters = (unit: UnitState | undefined): CharacterState[] =>
  unit ? unit.characters.filter((c) => !c.slain) : []

function combatOptions(game: GameState): Option[] {
  return Object.values(game.combats)
    .filter((combat) => !combat.ended)
    .map((combat) => {
      const names = combat.sides.map((side) => side.units.map((u) => game.units[u.unit]?.name ?? u.unit).join(' and '))
      return { value: combat.id, label: `${names.join(' against ')} (round ${combat.round})` }
    })
}

/** The declarer's side, or the player whose turn it is when the declarer has no units (a spectator). */
function sideOf(context: FormContext): string {
  const game = context.state
  const own = Object.values(game.units).some((unit) => unit.player === context.actor)
  return own ? context.actor : (game.activePlayer ?? context.actor)
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)

/** What each declaration asks in the situation: options from the state and catalogue, defaults, fields not needed. */
const situations: Partial<Record<EventType, (context: FormContext, values: Values) => Situation>> = {
  TurnStarted({ state }) {
    // The turn the sequence lets start next (core/engine/turn-sequence.ts); after the last, the last one's number.
    const next = nextTurn(state)
    return {
      turn: { value: next?.turn ?? state.turn },
      player: { options: state.players.map((p) => ({ value: p.id, label: p.name })), value: next?.players[0] },
    }
  },
  GameEnded({ state }) {
    // At the agreed end the last turn is over; before it, the only end is a concession.
    return { reason: { value: nextTurn(state) === null ? 'last-turn' : 'concession' } }
  },
  PhaseStarted({ ruleset, state }) {
    const labels = PHASE_LABELS[ruleset.id] ?? {}
    const at = ruleset.phases.indexOf(state.phase ?? '')
    return {
      phase: {
        options: ruleset.phases.map((phase) => ({ value: phase, label: labels[phase] ?? phase })),
        value: ruleset.phases[at + 1] ?? ruleset.phases[0],
      },
    }
  },
  ChargeDeclared(context) {
    const game = context.state
    const side = sideOf(context)
    const chargers = Object.values(game.units).filter(
      (u) => u.player === side && alive(u) && !u.fleeing && !openCombatOf(game, u.id),
    )
    const targets = Object.values(game.units).filter((u) => u.player !== side && alive(u))
    return {
      unit: { options: unitOptions(game, chargers) },
      target: { options: unitOptions(game, targets) },
    }
  },
  PursuitReached(context, values) {
    const game = context.state
    // A unit whose combat ended this close-combat phase, now in none (flee-and-pursuit §fresh-enemy).
    const ended = Object.values(game.combats).filter(
      (c) => c.ended && c.lastFought?.turn === game.turn && c.lastFought.player === game.activePlayer,
    )
    const pursuers = Object.values(game.units).filter(
      (u) =>
        alive(u) &&
        !u.fleeing &&
        !openCombatOf(game, u.id) &&
        ended.some((c) => c.sides.some((side) => side.units.some((entry) => entry.unit === u.id))),
    )
    const pursuer = game.units[pick(unitOptions(game, pursuers), values.unit) ?? '']
    const targets = Object.values(game.units).filter((u) => alive(u) && pursuer && u.player !== pursuer.player)
    return { unit: { options: unitOptions(game, pursuers) }, target: { options: unitOptions(game, targets) } }
  },
  UnitReformed(context) {
    const game = context.state
    // A winner out of combat that restrained this phase, or whose combat ended this phase (the engine says the rest).
    const phase = phaseKey(game)
    const ended = Object.values(game.combats).filter(
      (c) => c.ended && c.lastFought?.turn === game.turn && c.lastFought.player === game.activePlayer,
    )
    const reformers = Object.values(game.units).filter(
      (u) =>
        alive(u) &&
        !u.fleeing &&
        !openCombatOf(game, u.id) &&
        (u.afterCombat?.phase === phase
          ? u.afterCombat.move === 'restrained'
          : ended.some((c) => c.sides.some((side) => side.units.some((entry) => entry.unit === u.id)))),
    )
    return { unit: { options: unitOptions(game, reformers) } }
  },
  MoveDeclared(context, values) {
    const game = context.state
    const side = sideOf(context)
    const movers = Object.values(game.units).filter((u) => u.player === side && alive(u) && !openCombatOf(game, u.id))
    const unit = pick(unitOptions(game, movers), values.unit)
    const mover = unit ? game.units[unit] : undefined
    const flies = mover?.rules.some((rule) => rule.id === 'flying-model') ?? false
    const kinds = (declarations.MoveDeclared.fields.find((f) => f.name === 'kind')?.choices ?? []).filter(
      (c) => appliesTo(c, context.ruleset.id) && (c.value !== 'fly' || flies),
    )
    const kind = pick(
      kinds.map((c) => ({ value: c.value, label: c.label })),
      values.kind,
    )
    const enemies = Object.values(game.units).filter((u) => u.player !== side && alive(u))
    return {
      unit: { options: unitOptions(game, movers) },
      kind: { options: kinds.map((c) => ({ value: c.value, label: c.label })), value: kind },
      distance: kind === 'reform' ? { value: 0, settled: true } : {},
      enemiesWithin8: kind === 'march' ? { options: unitOptions(game, enemies), value: [] } : null,
    }
  },
  UnitDeployed(context) {
    const game = context.state
    const side = sideOf(context)
    const scouts = Object.values(game.units).filter(
      (u) => u.player === side && alive(u) && u.rules.some((rule) => rule.id === 'scout'),
    )
    return { unit: { options: unitOptions(game, scouts) }, as: { value: 'scout', settled: true } }
  },
  MeleeAttacksDeclared(context, values) {
    const game = context.state
    const fighting = Object.values(game.units).filter((u) => alive(u) && openCombatOf(game, u.id))
    const attacker = game.units[pick(unitOptions(game, fighting), values.attacker) ?? '']
    const enemies = fighting.filter((u) => u.player !== attacker?.player)
    return { attacker: { options: unitOptions(game, fighting) }, target: { options: unitOptions(game, enemies) } }
  },
  CombatJoined({ state }) {
    return {
      combat: { value: `combat-${Object.keys(state.combats).length + 1}` },
      sides: { value: [] },
      contact: { value: [] },
      highGround: { options: state.players.map((p) => ({ value: p.id, label: p.name })) },
    }
  },
  CombatRoundDeclared({ state }) {
    return {
      combat: { options: combatOptions(state) },
      contact: { value: [] },
      highGround: { options: state.players.map((p) => ({ value: p.id, label: p.name })) },
    }
  },
  ShotDeclared(context, values) {
    const game = context.state
    const side = sideOf(context)
    const standing = game.phase === 'movement'
    // In the movement phase a unit shoots only to stand and shoot at its charger.
    const answers = game.effects.filter(
      (e) => e.entry === 'charge' && e.params.role === 'charged' && e.params.response === 'stand-and-shoot',
    )
    const shooters = Object.values(game.units).filter(
      (u) =>
        alive(u) &&
        missileWeapons(context.catalogue, u).length > 0 &&
        // A unit shoots once a turn (the shooting entry's marker says it has).
        !game.effects.some((e) => e.entry === 'shooting' && e.unit === u.id) &&
        (standing ? answers.some((e) => e.unit === u.id) : u.player === side && !openCombatOf(game, u.id)),
    )
    const shooterId = pick(unitOptions(game, shooters), values.shooter)
    const shooter = shooterId ? game.units[shooterId] : undefined
    const answer = answers.find((e) => e.unit === shooterId)
    const targets = standing
      ? Object.values(game.units).filter((u) => u.id === answer?.params.charger)
      : Object.values(game.units).filter((u) => u.player !== shooter?.player && alive(u) && !openCombatOf(game, u.id))
    const targetId = pick(unitOptions(game, targets), values.target)
    const target = targetId ? game.units[targetId] : undefined
    const weapons = shooter ? missileWeapons(context.catalogue, shooter) : []
    const weaponId = pick(
      weapons.map((w) => ({ value: w.id, label: w.name })),
      values.weapon,
    )
    const weapon = weapons.find((w) => w.id === weaponId)
    const template = typeof weapon?.params.template === 'string'
    const multiple = typeof weapon?.params.multipleShots === 'number'
    const models: Option[] = [
      ...(target?.command.champion ? [{ value: 'champion', label: `${target.name}'s champion` }] : []),
      ...liveCharacters(target)
        .filter((c) => c.concealed !== true)
        .map((c) => ({ value: c.id, label: c.name })),
    ]
    const covers = (declarations.ShotDeclared.fields.find((f) => f.name === 'cover')?.choices ?? []).filter((c) =>
      appliesTo(c, context.ruleset.id),
    )
    return {
      shooter: { options: unitOptions(game, shooters) },
      target: { options: unitOptions(game, targets) },
      weapon: { options: weapons.map((w) => ({ value: w.id, label: w.name })) },
      distance: template ? null : {},
      // A measured distance gives the band; the band is asked only when no distance is.
      range: template || !blank(values.distance) ? null : {},
      moved: standing ? null : {},
      marched: standing ? null : {},
      cover: { options: covers.map((c) => ({ value: c.value, label: c.label })) },
      multipleShots: multiple ? {} : null,
      underTemplate: template ? {} : null,
      partlyUnderTemplate: template ? {} : null,
      standAndShoot: standing ? { value: true, settled: true } : null,
      charge:
        standing && answer
          ? {
              options: [
                { value: String(answer.startedAt), label: `${target?.name ?? 'the'} charge at ${shooter?.name}` },
              ],
              value: answer.startedAt,
            }
          : null,
      at: template || models.length === 0 ? null : { options: models },
    }
  },
  SpellCast(context, values) {
    const game = context.state
    const side = sideOf(context)
    const wizards = wizardsOf(game, side)
    const casterId = pick(
      wizards.map((w) => ({ value: w.id, label: w.name })),
      values.caster,
    )
    const caster = wizards.find((w) => w.id === casterId)
    const oldWorld = context.ruleset.id === 'old-world'
    const spells = context.catalogue.filter((entry) => entry.kind === 'spell')
    const spellId = oldWorld
      ? undefined
      : pick(
          spells.map((s) => ({ value: s.id, label: s.name })),
          values.spell,
        )
    const spell = spells.find((s) => s.id === spellId)
    const friendly = oldWorld ? values.spellType === 'enchantment' : spell?.params.type === 'augment'
    const targets = Object.values(game.units).filter(
      (u) => alive(u) && (friendly ? u.player === caster?.unit.player : u.player !== caster?.unit.player),
    )
    const missile = oldWorld ? values.spellType === 'magic-missile' : spell?.params.type === 'magic-missile'
    const hitting = oldWorld && (values.spellType === 'magic-missile' || values.spellType === 'assailment')
    return {
      caster: { options: wizards.map((w) => ({ value: w.id, label: w.name })) },
      // The Old World's spell is the one the player names; its id is made from the name.
      spell: oldWorld ? null : { options: spells.map((s) => ({ value: s.id, label: s.name })) },
      target: { options: unitOptions(game, targets) },
      powerDice: oldWorld ? null : { value: Math.min(2, game.magic?.power ?? 2) },
      inArc: { value: (values.inArc as FieldValue) ?? true },
      lineOfSight: missile ? { value: (values.lineOfSight as FieldValue) ?? true } : null,
      modelsUnderTemplate: !oldWorld && typeof spell?.params.template === 'number' ? {} : null,
      spellType: oldWorld ? { value: (values.spellType as FieldValue) ?? 'magic-missile' } : null,
      hits: hitting ? {} : null,
      strength: hitting ? {} : null,
    }
  },
  PanicTestDeclared(context, values) {
    const game = context.state
    const testers = Object.values(game.units).filter((u) => alive(u) && !u.fleeing)
    const unitId = pick(unitOptions(game, testers), values.unit)
    const tester = unitId ? game.units[unitId] : undefined
    const cause = (values.cause as string | undefined) ?? 'friend-destroyed'
    const friends = Object.values(game.units).filter(
      (u) =>
        u.player === tester?.player &&
        u.id !== tester.id &&
        (cause === 'friend-destroyed' ? u.models === 0 : u.fleeing || u.fellBackIn !== undefined),
    )
    return {
      unit: { options: unitOptions(game, testers) },
      cause: { value: cause },
      friend: { options: unitOptions(game, friends) },
    }
  },
  ItemUsed(context, values) {
    const game = context.state
    const side = sideOf(context)
    const carriers = Object.values(game.units).filter(
      (u) =>
        u.player === side &&
        alive(u) &&
        (oneUseItems(context.catalogue, u).length > 0 ||
          liveCharacters(u).some((c) => oneUseItems(context.catalogue, c).length > 0)),
    )
    const unitId = pick(unitOptions(game, carriers), values.unit)
    const unit = unitId ? game.units[unitId] : undefined
    const users = liveCharacters(unit).filter((c) => oneUseItems(context.catalogue, c).length > 0)
    const character = users.find((c) => c.id === values.character)
    const items = character
      ? oneUseItems(context.catalogue, character)
      : unit
        ? oneUseItems(context.catalogue, unit)
        : []
    return {
      unit: { options: unitOptions(game, carriers) },
      character: users.length > 0 ? { options: users.map((c) => ({ value: c.id, label: c.name })) } : null,
      item: { options: items.map((i) => ({ value: i.id, label: i.name })) },
    }
  },
  ChallengeIssued(context, values) {
    const game = context.state
    const side = sideOf(context)
    const combats = combatOptions(game)
    const combatId = pick(combats, values.combat)
    const combat = combatId ? game.combats[combatId] : undefined
    const units = (combat?.sides ?? [])
      .flatMap((s) => s.units.map((u) => game.units[u.unit]))
      .filter((u): u is UnitState => u !== undefined && u.player === side && alive(u))
      .filter((u) => u.character || u.command.champion || liveCharacters(u).length > 0)
    const unitId = pick(unitOptions(game, units), values.unit)
    const unit = unitId ? game.units[unitId] : undefined
    const characters = liveCharacters(unit)
    return {
      combat: { options: combats },
      unit: { options: unitOptions(game, units) },
      character: characters.length > 0 ? { options: characters.map((c) => ({ value: c.id, label: c.name })) } : null,
      champion: unit?.command.champion && !values.character ? {} : null,
    }
  },
  // A stupid move: the active side's units that failed a Stupidity test; the unit met, by what the move ran into.
  StupidMoveMade(context, values) {
    const game = context.state
    const side = sideOf(context)
    const stupid = Object.values(game.units).filter(
      (u) =>
        u.player === side &&
        game.effects.some((e) => e.entry === 'stupidity' && e.unit === u.id && e.params.failedTest === true),
    )
    const unitId = pick(unitOptions(game, stupid), values.unit)
    const met = Object.values(game.units).filter(
      (u) => alive(u) && u.id !== unitId && (values.reached === 'friend') === (u.player === side),
    )
    const meets = values.reached === 'enemy' || values.reached === 'friend'
    return {
      unit: { options: unitOptions(game, stupid) },
      other: meets ? { options: unitOptions(game, met), value: met[0]?.id } : null,
      facing: values.reached === 'enemy' ? {} : null,
    }
  },
  // Joining and leaving: the active side's characters and units that are neither fleeing nor in combat.
  CharacterJoined(context) {
    const game = context.state
    const free = Object.values(game.units).filter(
      (u) => u.player === sideOf(context) && alive(u) && !u.fleeing && !openCombatOf(game, u.id),
    )
    return {
      character: {
        options: unitOptions(
          game,
          free.filter((u) => u.character),
        ),
      },
      unit: {
        options: unitOptions(
          game,
          free.filter((u) => !u.character),
        ),
      },
    }
  },
  CharacterLeft(context, values) {
    const game = context.state
    const hosts = Object.values(game.units).filter(
      (u) =>
        u.player === sideOf(context) &&
        !u.fleeing &&
        !openCombatOf(game, u.id) &&
        liveCharacters(u).some((c) => c.concealed !== true),
    )
    const unit = game.units[pick(unitOptions(game, hosts), values.unit) ?? '']
    const characters = liveCharacters(unit).filter((c) => c.concealed !== true)
    return {
      unit: { options: unitOptions(game, hosts) },
      character: { options: characters.map((c) => ({ value: c.id, label: c.name })) },
    }
  },
}

/**
 * The form for one declaration in this situation: the fields its ruleset takes and the situation needs, each with
 * its options by name (units, weapons the unit carries, spells, items) and a sensible default; `values` are what
 * the player has entered so far (payload-shaped), which later fields follow (the weapons of the chosen shooter).
 */
export function declarationForm(type: string, context: FormContext, values: Values = {}): DeclarationForm {
  if (!isEventType(type)) throw new Error(`no event type "${type}"`)
  const description = declarations[type]
  const situation = situations[type]?.(context, values) ?? {}
  const fields: FormField[] = []
  for (const field of description.fields) {
    if (!appliesTo(field, context.ruleset.id)) continue
    const asked = situation[field.name]
    if (asked === null) continue
    const choices = field.choices?.filter((choice) => appliesTo(choice, context.ruleset.id))
    const options = asked?.options ?? choices?.map((c) => ({ value: c.value, label: c.label }))
    const given = values[field.name]
    let value: FieldValue = given !== undefined ? (given as FieldValue) : (asked?.value ?? field.default)
    // A select holds one of its options: the first, when the value given is none of them.
    if (options && mustPick(field) && field.kind !== 'units' && !options.some((o) => o.value === value))
      value = options[0]?.value
    if (asked?.settled) value = asked.value
    fields.push({
      ...field,
      ...(choices ? { choices } : {}),
      ...(options ? { options } : {}),
      value,
      ...(asked?.settled ? { settled: true } : {}),
    })
  }
  return { type, title: description.title, help: description.help, fields }
}

const NUMBER_KINDS: readonly FieldKind[] = ['inches', 'count', 'number', 'turn', 'charge']

/** A value as a player writes it, as the payload takes it: `6"` is 6 inches, "3" a count; "d6" is "D6" hits. */
function payloadValue(field: FormField, value: FieldValue): unknown {
  if (typeof value !== 'string') return value
  const text = value.trim()
  if (NUMBER_KINDS.includes(field.kind)) {
    const number = Number(text.replace(/\s*(["”″]|in(ches)?)$/i, ''))
    return Number.isNaN(number) ? text : number
  }
  if (field.kind === 'dice') return /^\d+$/.test(text) ? Number(text) : text.toUpperCase()
  if (field.kind === 'combat-name') return slug(text)
  return text
}

/**
 * The payload the form's fields make: its fields' values, blanks of optional fields left out, a combat's name
 * made into its id and an Old World spell's id made from its name. The api validates it and says what is wrong.
 */
export function formPayload(form: DeclarationForm): Record<string, unknown> {
  const payload: Record<string, unknown> = {}
  for (const field of form.fields) {
    const value = field.value
    if (blank(value)) continue
    if (!field.required && field.kind === 'units' && Array.isArray(value) && value.length === 0) continue
    payload[field.name] = payloadValue(field, value)
  }
  if (form.type === 'SpellCast' && typeof payload.spellName === 'string' && payload.spell === undefined)
    payload.spell = slug(payload.spellName) || 'spell'
  return payload
}

// ---------------------------------------------------------------------------------------------------------------
// A charge that reached leads to its combat.
