import type { Meta } from './field-meta.js'

/** ListImported in a player's words (issue 20; docs/lists.md): recorded by the muster screen, before the army. */
export const LIST_META: Pick<Meta, 'ListImported'> = {
  ListImported: {
    title: 'Import an army list',
    help:
      "A player's army list from a list builder (Old World Builder, New Recruit, BattleScribe), kept in the game " +
      'record with its file hash and how Arbiter mapped it; the army mustered from it names it.',
    recordedBy: 'muster',
    fields: {
      player: { label: 'Player', help: 'the player whose list it is', kind: 'player' },
      file: { label: 'File', help: "the list file's name, format and sha256", kind: 'other' },
      army: { label: 'Army', help: 'the army as the file names it: name, faction, points', kind: 'other' },
      rows: {
        label: 'Import report',
        help: 'what the file said, row by row, and what Arbiter made of it',
        kind: 'other',
      },
      profiles: { label: 'Profiles', help: "where each unit's stat line came from", kind: 'other' },
      needs: { label: 'Needs', help: 'what only the player could give (a stat line the file lacks)', kind: 'other' },
    },
  },
}
