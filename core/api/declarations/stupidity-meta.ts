import type { Meta } from './field-meta.js'

/** A stupid unit's compulsory move (classic, seed 000 Stupidity §2): its form in a player's words. */
export const STUPIDITY_META: Pick<Meta, 'StupidMoveMade'> = {
  StupidMoveMade: {
    title: 'Stupid move',
    help:
      'A unit that failed its Stupidity test moves half its M straight ahead in the movement phase, stopping 1" ' +
      'short of what it meets. An enemy it reaches is charged (the enemy responds); a friend it bumps into is ' +
      'confused and cannot move voluntarily this movement phase.',
    recordedBy: 'form',
    fields: {
      unit: { label: 'Stupid unit', help: 'your unit that failed its Stupidity test this turn', kind: 'own-unit' },
      moved: {
        label: 'Moved',
        help: 'inches it moved straight ahead: half its M, or less where it stopped short',
        kind: 'inches',
        unit: 'inches',
      },
      reached: {
        label: 'Ran into',
        help: 'what its move ran into',
        kind: 'choice',
        labels: {
          nothing: { label: 'Nothing', help: 'open ground, impassable terrain or the table edge (it stops 1" short)' },
          enemy: { label: 'An enemy unit', help: 'its move reaches it: it counts as a charge' },
          friend: { label: 'A friendly unit', help: 'it stops 1" short and confuses it' },
        },
      },
      other: { label: 'Unit met', help: 'the enemy it reached or the friend it bumped into', kind: 'unit' },
      facing: {
        label: 'Into its',
        help: "an enemy reached: the enemy's facing it comes in from (front, flank or rear)",
        kind: 'choice',
        labels: {
          front: { label: 'Front', help: "in the target's front arc" },
          flank: { label: 'Flank', help: "in the target's flank arc" },
          rear: { label: 'Rear', help: "in the target's rear arc" },
        },
      },
    },
  },
}
