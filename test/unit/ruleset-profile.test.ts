import { describe, expect, it } from 'vitest'
import { type Catalogue, defineSwitch, rulingsOf } from '../../core/engine/catalogue.js'
import type { RulesetProfile } from '../../core/rules/battle/profile.js'
import { classicDecisions } from '../../core/rules/classic/decisions.js'
import { rulesets } from '../../core/rules/index.js'
import { oldWorldDecisions } from '../../core/rules/old-world/decisions.js'

describe('the ruleset profile and the table of variants', () => {
  it('a variant switch differs between the variants; a ruling takes one value in each', () => {
    for (const decision of [...classicDecisions, ...oldWorldDecisions]) {
      const values = new Set(Object.values(decision.values))
      expect(values.size, decision.id).toBe(decision.kind === 'switch' ? 2 : 1)
    }
    expect(classicDecisions.filter((d) => d.kind === 'switch')).toHaveLength(21)
    expect(oldWorldDecisions.every((d) => d.kind === 'ruling')).toBe(true)
  })

  it('refuses a switch whose variants agree, and writes a ruling for every variant', () => {
    const one = { id: 'x', topic: 't', why: 'w', sources: [] }
    expect(() => defineSwitch({ ...one, values: { a: 'same', b: 'same' } })).toThrow(/it is a ruling, not a switch/)
    expect(rulingsOf(['a', 'b'])({ ...one, value: 'v' })).toMatchObject({ kind: 'ruling', values: { a: 'v', b: 'v' } })
  })

  it('the catalogue hashes a decision without its kind', () => {
    for (const ruleset of Object.values(rulesets))
      for (const decision of ruleset.catalogue.decisions)
        expect(Object.keys(decision), decision.id).not.toContain('kind')
  })

  it("each variant's profile reads its switches from the table, each with its citation", () => {
    for (const ruleset of Object.values(rulesets)) {
      for (const variant of Object.keys(ruleset.catalogue.variants)) {
        const profile = ruleset.profiles?.[variant] as RulesetProfile
        const flee = ruleset.catalogue.decisions.find((d) => d.id === 'flee-dice')
        expect(profile.fleeDice, `${ruleset.id} ${variant}`).toEqual({
          value: flee?.values[variant],
          rule: { ruleset: ruleset.id, id: 'variants', clause: 'flee-dice' },
        })
      }
    }
    const classic = rulesets.classic?.profiles as Record<string, RulesetProfile>
    expect(classic.classic?.chargeRange.value).toBe('twice-move')
    expect(classic['classic-8th']?.chargeRange.value).toBe('move-plus-2d6')
  })

  it('every value of every profile cites a clause its catalogue has (functions explain themselves)', () => {
    const exists = (catalogue: Catalogue, rule: { ruleset: string; id: string; clause: string }) =>
      rule.ruleset === catalogue.ruleset &&
      (rule.id === 'variants'
        ? catalogue.decisions.some((d) => d.id === rule.clause)
        : rule.clause in (catalogue.entries.find((e) => e.id === rule.id)?.clauses ?? {}))
    const isRule = (value: object): value is { ruleset: string; id: string; clause: string } =>
      'ruleset' in value && 'id' in value && 'clause' in value
    for (const ruleset of Object.values(rulesets))
      for (const [variant, profile] of Object.entries(ruleset.profiles ?? {})) {
        const uncited: string[] = []
        const visit = (value: unknown, path: string, siblings: Record<string, unknown>, key: string) => {
          if (value === null || typeof value === 'function') return
          if (Array.isArray(value)) {
            // A list (the kinds of cover) is cited kind by kind beside it (`coverRules`).
            const rules = siblings[`${key}Rules`] as Record<string, unknown> | undefined
            for (const item of value) if (!rules?.[item]) uncited.push(`${path}[${String(item)}]`)
            return
          }
          if (typeof value !== 'object') return void uncited.push(path)
          if (isRule(value)) return void (exists(ruleset.catalogue, value) || uncited.push(`${path}: no such clause`))
          if ('value' in value && 'rule' in value) return visit(value.rule, `${path}.rule`, {}, 'rule')
          const members = value as Record<string, unknown>
          for (const [member, inner] of Object.entries(members)) visit(inner, `${path}.${member}`, members, member)
        }
        visit(profile, `${ruleset.id} ${variant}`, {}, '')
        expect(uncited).toEqual([])
      }
  })
})
