import type { Meta } from './field-meta.js'

/**
 * The events players record on their own screens rather than in a declaration form: keys and signatures
 * (docs/signing.md), and what settles a dispute (docs/corrections.md, docs/audit.md).
 */
export const SIGNING_AND_DISPUTE_META: Pick<
  Meta,
  'PlayerKeyRecorded' | 'HeadSigned' | 'Correction' | 'Ruling' | 'Claim'
> = {
  PlayerKeyRecorded: {
    title: 'Player key',
    help: "A player's public key, for their signatures (the game's Signatures panel, or `arbiter key`).",
    recordedBy: 'signing',
    fields: {
      player: { label: 'Player', help: 'the player whose key it is', kind: 'player' },
      publicKey: { label: 'Public key', help: 'the Ed25519 public key, base64url', kind: 'text' },
      holder: {
        label: 'Kept',
        help: 'where the private key is kept',
        kind: 'choice',
        labels: {
          device: { label: "On the player's own device" },
          pin: { label: 'Under a PIN', help: 'on a shared machine, wrapped with a key made from the PIN' },
        },
      },
    },
  },
  HeadSigned: {
    title: 'Signature',
    help: 'A player signs the game as it stands, at the end of a turn or of the game (the Sign button, or `arbiter sign`).',
    recordedBy: 'signing',
    fields: {
      player: { label: 'Player', help: 'the player who signs', kind: 'player' },
      seq: { label: 'Through seq', help: 'the seq of the event whose hash is signed', kind: 'number' },
      head: { label: 'Head hash', help: 'the hash of the event at that seq', kind: 'text' },
      turn: { label: 'Turn', help: 'the game turn the signature closes', kind: 'turn' },
      end: {
        label: 'End of',
        help: 'the end of a turn, or of the game',
        kind: 'choice',
        labels: { turn: { label: 'The turn' }, game: { label: 'The game' } },
      },
      signature: { label: 'Signature', help: 'the Ed25519 signature, base64url', kind: 'text' },
    },
  },
  Correction: {
    title: 'Correction',
    help:
      'Voids earlier events or replaces each with another, with the reason and who agreed; the game is folded as ' +
      'corrected and the events stay in the log (docs/corrections.md). Undo records one (`arbiter undo`).',
    recordedBy: 'dispute',
    fields: {
      voids: { label: 'Voids', help: 'the seqs of the events voided', kind: 'other' },
      replaces: {
        label: 'Replaces',
        help: 'events replaced, each {"seq", "type", "v", "payload"}: the event folded in its place',
        kind: 'other',
      },
      reason: { label: 'Reason', help: 'why, in your words', kind: 'text' },
      agreedBy: {
        label: 'Agreed by',
        help: "the other players who agreed (every one, unless it undoes the author's own last events)",
        kind: 'other',
      },
    },
  },
  Ruling: {
    title: 'Table ruling',
    help:
      'The table rules an outcome otherwise than the rules, every player agreeing: what it applies to each unit from ' +
      'here on, and why. The explanation shows what the rules give beside what the table ruled.',
    recordedBy: 'dispute',
    fields: {
      about: { label: 'About', help: 'the seq of the event whose outcome the table rules otherwise', kind: 'number' },
      units: {
        label: 'Units',
        help: 'what the table applies to each unit: {"unit", "models", "woundsOnNextModel", "fleeing"}',
        kind: 'other',
      },
      dropOpen: {
        label: 'Drop what is owed',
        help: 'the rolls and choices the rules still ask for are not owed: the table plays on from its ruling',
        kind: 'yes-no',
      },
      why: { label: 'Why', help: 'why, in your words', kind: 'text' },
      agreedBy: { label: 'Agreed by', help: 'every other player: a ruling needs all of them', kind: 'other' },
    },
  },
  Claim: {
    title: 'Claim',
    help:
      'What was done at the table about an event (models removed, inches fled, a break test, a combat result, the ' +
      'score a roll needed, the Leadership a test was taken on, a re-roll, a special rule applied), recorded beside ' +
      'the dice; `arbiter audit` compares it with what the rules give.',
    recordedBy: 'dispute',
    fields: {
      about: { label: 'About', help: 'the seq of the event whose outcome it is about', kind: 'number' },
      unit: { label: 'Unit', help: 'the unit it is about', kind: 'unit' },
      combat: { label: 'Combat', help: 'the combat it is about (a combat result)', kind: 'combat' },
      modelsRemoved: { label: 'Models removed', help: 'the models the table removed', kind: 'count' },
      fledInches: { label: 'Fled', help: 'the inches the unit fled at the table', kind: 'count' },
      breakTest: {
        label: 'Break test',
        help: 'the break test as the table took it',
        kind: 'choice',
        labels: { passed: { label: 'Passed' }, failed: { label: 'Failed' } },
      },
      scores: {
        label: 'Combat result',
        help: 'the combat result as the table counted it: {"PLAYER": N, …}',
        kind: 'other',
      },
      request: {
        label: 'Roll',
        help: 'the request id of the roll it is about (as "12.1"); when not given, the roll the event answered',
        kind: 'text',
      },
      need: { label: 'Needed', help: 'the score each die needed at the table (4 for 4+)', kind: 'number' },
      leadership: { label: 'Tested on', help: 'the Leadership the table took the test on', kind: 'number' },
      rerolled: { label: 'Re-rolled', help: 'whether the table re-rolled the dice of the roll', kind: 'yes-no' },
      rule: { label: 'Special rule', help: 'the catalogue id of a special rule the table applied', kind: 'text' },
      ruleApplied: {
        label: 'Rule applied',
        help: 'whether the table applied that rule (no: it played the event without it)',
        kind: 'yes-no',
      },
      note: { label: 'Note', help: 'anything more, in words', kind: 'text' },
    },
  },
}
