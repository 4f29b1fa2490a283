import { defineEntry } from '../../../engine/catalogue.js'

/**
 * The end of the game and its victory points (issue 16), 7th-edition style as the seed's conventions are (core-mechanics
 * A, seed provenance): the seed's Standard says captured standards "may affect the outcome of the game (e.g. victory
 * points)"; core-mechanics says nothing more, so the figures are 7th's (7e:victory) and the result bands are the
 * Warhammer Armies Project's chart, which names 7th's four results (classic/variants §victory-bands).
 */
export const victoryPoints = defineEntry({
  id: 'victory-points',
  name: 'Victory points',
  kind: 'core',
  source: '7e:victory; wap:victory-conditions/victory-points-chart; seed Standard',
  anchor: '7e:victory',
  text:
    'At the end of the game (after both players have had six turns) each player adds up victory points for the ' +
    'enemy units destroyed, fleeing or at half strength, a slain General and the standards captured; the ' +
    'difference against the size of the battle gives the result.',
  clauses: {
    'game-length': 'the game ends after each player has had six turns, unless the players agreed another length',
    points: "a unit's points value is its cost in the army list, its upgrades, mounts and items included",
    destroyed: 'each enemy unit destroyed, or fled off the table, is worth its full points value',
    fleeing: 'each enemy unit fleeing at the end of the game is worth its full points value',
    reduced:
      'each enemy unit reduced to half its starting models or less is worth half its points (round up); a model on ' +
      'its own (a character, chariot or monster), when reduced to half its starting Wounds or less; not counted ' +
      'again for a unit scored as destroyed or fleeing',
    characters:
      'characters are counted apart from the unit they joined: slain, fleeing with it, or at half their Wounds or less',
    general: 'the enemy General slain, fleeing or fled off the table: +100',
    standards: 'each enemy standard captured and still held at the end of the game: +100',
    result:
      'the difference in victory points as a share of the size of the battle: under 10% a draw, 10-24% a ' +
      'marginal victory, 25-49% a solid victory, 50% or more a massacre',
    concession: 'a player who concedes gives the opponent a massacre',
  },
  enforcement: 'enforced',
})
