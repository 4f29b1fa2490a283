import { describe, expect, it } from 'vitest'
import { declarations } from '../../core/api/index.js'
import { eventSchemas } from '../../core/events/index.js'
import { run } from '../helpers/cli.js'

describe('arbiter declare TYPE --help', () => {
  for (const [type, { schema }] of Object.entries(eventSchemas)) {
    it(`${type}: names every field of its schema, with its meaning`, async () => {
      const { code, out } = await run('declare', type, '--help')
      expect(code).toBe(0)
      expect(out).toContain(`declare ${type}`)
      for (const name of Object.keys(schema.shape)) {
        expect(out, `${type}.${name}`).toMatch(new RegExp(`(--${name} |"${name}")`))
        const help = declarations[type as keyof typeof declarations].fields.find((f) => f.name === name)?.help
        expect(out, `${type}.${name}`).toContain(help)
      }
    })
  }

  it("documents a charge's facing and terrain, a shot's models, The Old World's cover and its Combat phase", async () => {
    const charge = (await run('declare', 'ChargeDeclared', '--help')).out
    expect(charge).toContain('--facing front|flank|rear')
    expect(charge).toMatch(/--terrain difficult\|dangerous[\s\S]*applies to The Old World only/)
    const shot = (await run('declare', 'ShotDeclared', '--help')).out
    expect(shot).toContain('--models N')
    expect(shot).toContain('--cover none|soft|hard|partial|full')
    expect(shot).toMatch(/partial: Partial cover \[The Old World only\]/)
    expect(shot).toMatch(/soft: Soft cover \[Classic fan edition only\]/)
    const phase = (await run('declare', 'PhaseStarted', '--help')).out
    expect(phase).toContain('The Old World: strategy, movement, shooting, close-combat')
    expect(phase).toContain('Combat phase is close-combat')
  })

  it('lists the types on `declare --help`, and names the nearest type for a mistyped one', async () => {
    const overview = await run('declare', '--help')
    expect(overview.code).toBe(0)
    expect(overview.out).toContain('declare TYPE --help')
    expect(overview.out).toMatch(/PanicTestDeclared\s+Panic test/)
    const typo = await run('declare', 'ShotDeclard', '--help')
    expect(typo.code).toBe(2)
    expect(typo.err).toContain('did you mean ShotDeclared?')
  })
})
