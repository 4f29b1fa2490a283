import { RuleError } from '../../engine/errors.js'
import type { CharacterState, ModelRef, UnitState } from '../../engine/types.js'
import { type Explanation, explain, NOT_EXPLAINED } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { s } from './counting.js'
import { isHidden } from './hidden.js'
import { mountView, riderFalls } from './mounts.js'

/**
 * Models that fight on their own inside a unit: its champion (seed: Champion) and the characters who
 * joined it. Each is seen by the timing points as a unit of one model — a *view* built from the state —
 * so its own profile, gear and rules answer every question, and no procedure looks at what it carries.
 */

export function championAlive(unit: UnitState): boolean {
  return unit.command.champion && unit.models > 0
}

/** The unit's models other than its champion: the ones rank-and-file wounds can reach. */
export function rankAndFile(unit: UnitState): number {
  return unit.models - (championAlive(unit) ? 1 : 0)
}

export function livingCharacters(unit: UnitState): CharacterState[] {
  return unit.characters.filter((character) => !character.slain)
}

/**
 * The unit still has someone in the fight: a model, or a character who joined it (not one hidden in it, who is
 * not on the table and is lost with its unit: classic/concealed §hidden, §lost).
 */
export function hasModelsLeft(unit: UnitState): boolean {
  return unit.models > 0 || unit.characters.some((character) => !character.slain && !isHidden(character))
}

function characterIn(unit: UnitState, id: string): CharacterState | undefined {
  return unit.characters.find((character) => character.id === id)
}

/** The champion as a unit of one: the unit's rules, gear and active effects, its own stat line and wounds. */
export function championView(unit: UnitState): UnitState {
  return {
    ...unit,
    name: `${unit.name} champion`,
    profile: unit.championProfile ?? unit.profile,
    files: null,
    command: { champion: true, standard: false, musician: false },
    characters: [],
    // A champion is no character for spells (seed: Champion §not-character-for-spells).
    character: false,
    startingModels: 1,
    models: championAlive(unit) ? 1 : 0,
    woundsOnNextModel: unit.championWoundsLost ?? 0,
  }
}

/** A joined character as a unit of one: its own profile, gear and rules (seed: characters fight on their own). */
export function characterView(unit: UnitState, character: CharacterState): UnitState {
  return {
    id: character.id,
    name: character.name,
    player: unit.player,
    troopType: unit.troopType,
    race: unit.race,
    profile: character.profile,
    gear: character.gear,
    rules: character.rules,
    files: null,
    command: { champion: false, standard: false, musician: false },
    championProfile: null,
    characters: [],
    character: true,
    startingModels: 1,
    models: character.slain ? 0 : 1,
    woundsOnNextModel: character.woundsLost,
    fleeing: unit.fleeing,
    musteredAt: unit.musteredAt,
    changedAt: unit.changedAt,
    // What holds the unit for a while (a failed test's penalty, a spell on it) holds its characters too.
    joinedTo: unit.id,
    // A unit-wide banner's effect asks it from the character's view (classic/variants §magic-banner-lost).
    ...(unit.standardLostAt !== undefined ? { standardLostAt: unit.standardLostAt } : {}),
    general: character.general,
  }
}

/** The model a reference names, as it stands now. */
export function modelView(ctx: BattleContext, ref: ModelRef): UnitState {
  const unit = ctx.unit(ref.unit)
  if (ref.kind === 'champion') return championView(unit)
  if (ref.kind === 'lone') return unit
  if (ref.kind === 'mount') {
    if (!unit.mount) throw new RuleError('rules/bad-model', `${unit.name} rides no mount`)
    return mountView(ctx, unit, unit, unit.mount)
  }
  const character = characterIn(unit, ref.character)
  if (!character) throw new RuleError('rules/bad-model', `${unit.name} has no character "${ref.character}"`)
  return characterView(unit, character)
}

export function modelAlive(ctx: BattleContext, ref: ModelRef): boolean {
  return modelView(ctx, ref).models > 0
}

/** Wounds the model has left. */
export function woundsLeftOf(view: UnitState): number {
  return view.models === 0 ? 0 : Math.max(0, view.profile.W - view.woundsOnNextModel)
}

export function sameModel(a: ModelRef | null | undefined, b: ModelRef | null | undefined): boolean {
  if (!a || !b || a.kind !== b.kind || a.unit !== b.unit) return false
  return a.kind !== 'character' || (b.kind === 'character' && a.character === b.character)
}

/** The id a choice option gives a model: character and unit ids are unique in a game. */
export function optionId(ref: ModelRef): string {
  if (ref.kind === 'champion') return `champion:${ref.unit}`
  if (ref.kind === 'mount') return `mount:${ref.unit}`
  return `character:${ref.kind === 'character' ? ref.character : ref.unit}`
}

export function modelName(ctx: BattleContext, ref: ModelRef): string {
  return modelView(ctx, ref).name
}

/**
 * Resolves what a declaration names in `unit`: `champion`, one of its characters, or (for a lone
 * character unit) nothing more. `where` prefixes the error.
 */
export function refIn(unit: UnitState, name: string | undefined, where: string): ModelRef {
  if (name === undefined) {
    if (unit.character) return { kind: 'lone', unit: unit.id }
    throw new RuleError(
      'rules/bad-model',
      `${where}: ${unit.name} is no lone character: name its champion or character`,
    )
  }
  const character = characterIn(unit, name)
  if (name === 'champion') {
    if (character)
      throw new RuleError(
        'rules/bad-model',
        `${where}: "champion" is both ${unit.name}'s champion and a character's id`,
      )
    if (!unit.command.champion) throw new RuleError('rules/bad-model', `${where}: ${unit.name} has no champion`)
    return { kind: 'champion', unit: unit.id }
  }
  if (!character) throw new RuleError('rules/bad-model', `${where}: ${unit.name} has no character "${name}"`)
  if (isHidden(character))
    throw new RuleError(
      'rules/bad-model',
      `${where}: ${character.name} is hidden in ${unit.name}: until revealed it is not on the table, and nothing ` +
        'can name it (classic/concealed §hidden, §unharmed)',
    )
  return { kind: 'character', unit: unit.id, character: character.id }
}

/**
 * Every model of a unit that may fight on its own: its living champion, its living characters (not one still
 * hidden in it: classic/concealed §hidden), or itself alone.
 */
export function modelsOf(unit: UnitState): ModelRef[] {
  if (unit.character) return unit.models > 0 ? [{ kind: 'lone', unit: unit.id }] : []
  const refs: ModelRef[] = []
  if (championAlive(unit)) refs.push({ kind: 'champion', unit: unit.id })
  for (const character of livingCharacters(unit).filter((c) => !isHidden(c)))
    refs.push({ kind: 'character', unit: unit.id, character: character.id })
  return refs
}

/**
 * Unsaved wounds on a unit's rank and file: one model filled before the next (classic/casualties §fill-up);
 * the champion, attacked on its own, is never among them (classic/champion §attacked-separately).
 */
export function removeRankAndFile(ctx: BattleContext, unit: UnitState, unsaved: number, unsavedWhy: Explanation) {
  const champion = championAlive(unit) ? 1 : 0
  const before = unit.models - champion
  const wounds = unit.profile.W
  let lost = unit.woundsOnNextModel + unsaved
  let models = before
  while (lost >= wounds && models > 0 && wounds > 0) {
    lost -= wounds
    models -= 1
  }
  const removed = before - models
  const woundsOnNextModel = models === 0 ? 0 : lost
  const rest = woundsOnNextModel > 0 ? `; the next model has lost ${woundsOnNextModel} of ${wounds} Wounds` : ''
  ctx.emit({
    kind: 'casualties',
    text:
      removed === 0 && unsaved === 0
        ? `${unit.name} loses no models (every wound saved)`
        : `${unit.name} loses ${removed} model${s(removed)} (${unit.models} -> ${models + champion})${rest}`,
    values: { unit: unit.id, unsaved, removed, modelsLeft: models + champion, woundsOnNextModel },
    explanation: ctx.explaining
      ? explain(
          `${removed} model${s(removed)} removed: ${unsaved} unsaved x 1 Wound against W ${wounds}${rest}`,
          { value: removed, rule: ctx.rule('casualties', 'fill-up'), from: [ctx.seq] },
          champion
            ? [
                unsavedWhy,
                explain('the champion is attacked on its own and takes none of them', {
                  rule: ctx.rule('champion', 'attacked-separately'),
                }),
              ]
            : [unsavedWhy],
        )
      : NOT_EXPLAINED,
  })
  if (removed > 0 && models + champion === 0) riderFalls(ctx, unit)
  return removed
}

/**
 * Unsaved wounds on a champion or a character, recorded on their own: at 0 Wounds it is slain; what is
 * beyond its Wounds is wasted, never passed to its unit.
 */
export function woundModel(ctx: BattleContext, ref: ModelRef, unsaved: number, unsavedWhy: Explanation): number {
  const view = modelView(ctx, ref)
  const unit = ctx.unit(ref.unit)
  const wounds = view.profile.W
  const already = view.woundsOnNextModel
  const woundsLost = Math.min(wounds, already + unsaved)
  const slain = woundsLost >= wounds && view.models > 0
  const wasted = already + unsaved - woundsLost
  const champion = ref.kind === 'champion'
  const rule = champion
    ? ctx.rule('champion', 'wounds-recorded')
    : ref.kind === 'mount'
      ? ctx.rule('mounts', 'ridden-monster')
      : ctx.rule('characters', 'slain-alone')
  const state = slain ? 'is slain' : `has lost ${woundsLost} of ${wounds} Wounds`
  const notes: Explanation[] = [unsavedWhy]
  if (wasted > 0)
    notes.push(
      explain(
        `${wasted} wound${s(wasted)} beyond its Wounds ${wasted === 1 ? 'is' : 'are'} wasted, not passed to ${unit.name}`,
        {
          rule: champion ? ctx.rule('champion', 'excess-wasted') : ctx.rule('characters', 'no-spill'),
        },
      ),
    )
  const explanation = explain(
    `${view.name} ${state}: ${unsaved} unsaved against W ${wounds}${already > 0 ? `, ${already} lost before` : ''}`,
    { value: woundsLost, rule, from: [ctx.seq] },
    notes,
  )
  if (ref.kind === 'champion') {
    ctx.emit({
      kind: 'champion-wounded',
      text: `${view.name} ${state}`,
      values: { unit: unit.id, unsaved, woundsLost, slain, modelsLeft: unit.models - (slain ? 1 : 0) },
      explanation,
    })
  } else if (ref.kind === 'mount') {
    ctx.emit({
      kind: 'mount-wounded',
      text: `${view.name} ${state}`,
      values: { unit: unit.id, unsaved, woundsLost, slain },
      explanation,
    })
  } else if (ref.kind === 'character') {
    ctx.emit({
      kind: 'character-wounded',
      text: `${view.name} ${state}`,
      values: { unit: unit.id, character: ref.character, unsaved, woundsLost, slain },
      explanation,
    })
  } else {
    // A lone character is its whole unit: its wounds are the unit's.
    return removeRankAndFile(ctx, unit, unsaved, unsavedWhy)
  }
  return slain ? 1 : 0
}

/**
 * May ranged attacks at its unit pick out this model? For the shooting procedure: it asks the
 * `ranged-protection` point with the model's own view (seed: Champion §ranged-protection). `protected`
 * when an applied record says so; the records and the explanation say why.
 */
export function rangedProtection(ctx: BattleContext, ref: ModelRef, shooter: UnitState | null) {
  const unit = ctx.unit(ref.unit)
  const view = modelView(ctx, ref)
  const records = ctx.modifiers('ranged-protection', { subject: view, unit, opponent: shooter })
  const isProtected = records.some((r) => r.status === 'applied' && r.value === 'protected')
  const explanation = explain(
    `${view.name} ${isProtected ? 'cannot be picked out by ranged attacks' : 'can be picked out by ranged attacks'}`,
    { value: isProtected, from: [unit.changedAt] },
    records.map((r) =>
      explain(r.status === 'applied' ? r.label : `${r.label}: ${r.reason ?? 'does not apply'}`, {
        rule: r.source,
        status: r.status,
      }),
    ),
  )
  return { protected: isProtected, records, explanation }
}
