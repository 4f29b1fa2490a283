import { defineEntry } from '../../../engine/catalogue.js'

/**
 * The end of the game and its victory points in The Old World's Warhammer Battles (issue 16). Seed 001 and
 * core-mechanics B say nothing of them; the figures are those of the rules index (tow:warhammer-battles) as far as
 * Arbiter's sources hold them, and its rulings say where they do not (old-world/variants §victory-*).
 */
export const victoryPoints = defineEntry({
  id: 'victory-points',
  name: 'Victory points',
  kind: 'core',
  source: 'tow:warhammer-battles; tow:warhammer-battles/trophies-of-war-warhammer-battles',
  anchor: 'tow:warhammer-battles/trophies-of-war-warhammer-battles',
  text:
    'When the battle ends each player wins victory points for the enemy units destroyed, fled or fleeing, or badly ' +
    'reduced, for trophies of war and the enemy General; the difference decides a draw, a victory or a crushing victory.',
  clauses: {
    'game-length': 'the battle ends after each player has had six turns, unless the players agreed another length',
    points: "a unit's points value is its cost in the army list, its upgrades, mounts and items included",
    destroyed: 'each enemy unit destroyed, or fled off the battlefield, is worth its full points value',
    fleeing: 'each enemy unit fleeing at the end of the battle is worth 50% of its points value',
    reduced:
      'each enemy unit reduced to less than 25% of its starting Unit Strength (a model on its own: of its starting ' +
      'Wounds) is worth 25% of its points value, rounding fractions up',
    characters: 'characters are counted apart from the unit they joined',
    general: 'the enemy General slain, fled off the battlefield or fleeing when the battle ends: +100',
    standards: 'each enemy standard claimed as a trophy: +50',
    result:
      'a player who scores at least 100 victory points more than the opponent wins a victory, one who also scores at ' +
      'least twice as many a crushing victory; anything else is a draw',
    concession: 'a player who concedes gives the opponent a crushing victory',
  },
  enforcement: 'enforced',
})
