import type { ProcedureContext, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'

type Cite = Pick<ProcedureContext, 'rule' | 'decision'>

export interface Needed {
  /** The score each die needs; null when no roll can succeed (a to-wound "N", no armour save). */
  readonly need: number | null
  readonly explanation: Explanation
}

/** To hit in close combat from the WS chart (core-mechanics A.5). */
export function toHitCloseCombat(cite: Cite, attacker: UnitState, target: UnitState): Needed {
  const ws = attacker.profile.WS
  const targetWs = target.profile.WS
  const need = ws > targetWs ? 3 : targetWs > 2 * ws ? 5 : 4
  const why =
    ws > targetWs
      ? "the attacker's is higher"
      : targetWs > 2 * ws
        ? "the target's is more than twice as high"
        : "not higher, and the target's is not more than twice as high"
  return {
    need,
    explanation: explain(
      `needs ${need}+ to hit`,
      { value: need, rule: cite.rule('to-hit-close-combat', 'chart'), from: [attacker.musteredAt, target.musteredAt] },
      [
        explain(`${attacker.name} WS ${ws} vs ${target.name} WS ${targetWs}: ${why} -> ${need}+`, {
          value: need,
          rule: cite.rule('to-hit-close-combat', 'chart'),
        }),
      ],
    ),
  }
}

/** The Strength an attack strikes with: a hand weapon uses the wielder's (seed: "S like wielder"). */
export function attackStrength(
  cite: Cite,
  attacker: UnitState,
): { readonly strength: number; readonly explanation: Explanation } {
  const strength = attacker.profile.S
  const weapon = attacker.gear.includes('hand-weapon')
    ? 'hand weapon'
    : 'no weapon listed: fights as with a hand weapon'
  return {
    strength,
    explanation: explain(`Strength ${strength}: ${attacker.name} S ${strength} (${weapon})`, {
      value: strength,
      rule: cite.rule('hand-weapon', 'strength'),
      from: [attacker.musteredAt],
    }),
  }
}

/** To wound from the S-vs-T chart; the variant decides whether T - S >= 4 is "N" (core-mechanics A.10). */
export function toWound(cite: Cite, strength: number, strengthWhy: Explanation, target: UnitState): Needed {
  const toughness = target.profile.T
  const diff = strength - toughness
  const floor = cite.decision('to-wound-floor')
  const toughnessWhy = explain(`${target.name} T ${toughness}`, { value: toughness, from: [target.musteredAt] })
  if (diff <= -4 && floor === 'cannot-wound-at-t-minus-4') {
    return {
      need: null,
      explanation: explain(
        `cannot wound: S ${strength} vs T ${toughness} is "N" on the chart`,
        { value: null, rule: cite.rule('to-wound', 'cannot-wound') },
        [
          strengthWhy,
          toughnessWhy,
          explain(`variant ${floor}: T - S = ${-diff} >= 4 cannot wound`, {
            rule: cite.rule('variants', 'to-wound-floor'),
          }),
        ],
      ),
    }
  }
  const need = diff >= 2 ? 2 : diff === 1 ? 3 : diff === 0 ? 4 : diff === -1 ? 5 : 6
  const children = [
    strengthWhy,
    toughnessWhy,
    explain(`S ${strength} vs T ${toughness} -> ${need}+`, { value: need, rule: cite.rule('to-wound', 'chart') }),
  ]
  if (diff <= -2)
    children.push(
      explain(`variant ${floor}: T - S = ${-diff} still wounds on 6+`, {
        rule: cite.rule('variants', 'to-wound-floor'),
      }),
    )
  return {
    need,
    explanation: explain(`needs ${need}+ to wound`, { value: need, rule: cite.rule('to-wound', 'chart') }, children),
  }
}

const ARMOUR = [
  { id: 'heavy-armour', save: 5 },
  { id: 'light-armour', save: 6 },
] as const

/**
 * The armour save a wounded model of `target` takes against an attack of `strength`:
 * best armour, +1 shield, +1 mounted, worsened by S above 3 (core-mechanics A.5, A.10).
 */
export function armourSave(cite: Cite, target: UnitState, strength: number): Needed {
  const steps: Explanation[] = []
  const worn = ARMOUR.find((armour) => target.gear.includes(armour.id))
  let save = worn ? worn.save : 7
  steps.push(
    worn
      ? explain(`${worn.id === 'heavy-armour' ? 'heavy' : 'light'} armour: ${worn.save}+`, {
          value: worn.save,
          rule: cite.rule(worn.id, 'save'),
          from: [target.musteredAt],
        })
      : explain('no armour worn', { value: null, rule: cite.rule('armour-save', 'armour'), from: [target.musteredAt] }),
  )
  if (target.gear.includes('shield')) {
    save -= 1
    steps.push(explain(`shield: +1 -> ${save}+`, { value: -1, rule: cite.rule('shield', 'save'), status: 'applied' }))
  }
  if (target.troopType === 'cavalry') {
    save -= 1
    steps.push(
      explain(`mounted: +1 -> ${save}+`, { value: -1, rule: cite.rule('armour-save', 'mounted'), status: 'applied' }),
    )
  }
  if (save > 6 && steps.length === 1) {
    return {
      need: null,
      explanation: explain(
        `no armour save: ${target.name} wears no armour`,
        { value: null, rule: cite.rule('armour-save', 'no-save') },
        steps,
      ),
    }
  }
  const penalty = Math.max(0, strength - 3)
  if (penalty > 0) {
    save += penalty
    steps.push(
      explain(`Strength ${strength}: -${penalty} -> ${save}+`, {
        value: penalty,
        rule: cite.rule('armour-save', 'strength-modifier'),
        status: 'applied',
      }),
    )
  } else {
    steps.push(
      explain(`Strength ${strength}: no modifier at S 3 or less`, {
        value: 0,
        rule: cite.rule('armour-save', 'strength-modifier'),
        status: 'ignored',
      }),
    )
  }
  if (save > 6) {
    return {
      need: null,
      explanation: explain(
        `no armour save: it would need ${save}+`,
        { value: null, rule: cite.rule('armour-save', 'no-save') },
        steps,
      ),
    }
  }
  // Only reachable once better armour than heavy + shield + mount is catalogued (e.g. Scaly Skin).
  if (save < 2) {
    steps.push(
      explain(`a natural 1 always fails: ${save}+ is rolled as 2+`, {
        value: 2,
        rule: cite.rule('armour-save', 'natural-1'),
      }),
    )
    save = 2
  }
  return {
    need: save,
    explanation: explain(`armour save ${save}+`, { value: save, rule: cite.rule('armour-save', 'armour') }, steps),
  }
}
