/** The one parser of rule parameters, for every side of the api (the muster screen shows values back with it). */
export { type ParamKind, type ParsedParam, paramWords, parseParam } from '../engine/params.js'
