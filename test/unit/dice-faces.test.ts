import { describe, expect, it } from 'vitest'
import { facesFromCounts, facesFromList } from '../../renderer/dice-faces.js'

describe('dice entry: the faces a player types', () => {
  it('counts per face: one 1, one 2, one 3, one 5 and one 6 are the five faces, 1s first', () => {
    expect(facesFromCounts([1, 1, 1, 0, 1, 1], 5)).toEqual({ faces: [1, 2, 3, 5, 6] })
  })

  it('counts per face: fewer or more dice than asked for say how many', () => {
    expect(facesFromCounts([0, 0, 2, 0, 0, 0], 3)).toEqual({ problem: '2 of 3 dice' })
    expect(facesFromCounts([0, 0, 2, 0, 0, 2], 3)).toEqual({ problem: '4 dice: 1 too many' })
  })

  it('a list, spaced, with commas, or one digit a die when the digits are as many as the dice', () => {
    expect(facesFromList(' 6 2 3 5 1 ', 6, 5)).toEqual({ faces: [6, 2, 3, 5, 1] })
    expect(facesFromList('6,2,3', 6, 3)).toEqual({ faces: [6, 2, 3] })
    expect(facesFromList('62351', 6, 5)).toEqual({ faces: [6, 2, 3, 5, 1] })
  })

  it('a list: a number that is no face of the die is named; a D12 needs its faces apart', () => {
    expect(facesFromList('7 2', 6, 2)).toEqual({ problem: '7 is not a face of a D6' })
    expect(facesFromList('0', 6, 1)).toEqual({ problem: '0 is not a face of a D6' })
    expect(facesFromList('12 3', 12, 2)).toEqual({ faces: [12, 3] })
    expect(facesFromList('123', 12, 2)).toEqual({ problem: '123 is not a face of a D12' })
  })

  it('a list: letters and other marks are named, not dropped', () => {
    expect(facesFromList('6 x 3', 6, 3)).toEqual({ problem: "'x' is not a die face" })
    expect(facesFromList('6,2a,3', 6, 3)).toEqual({ problem: "'2a' is not a die face" })
    expect(facesFromList('4-5', 6, 2)).toEqual({ problem: "'4-5' is not a die face" })
  })
})
