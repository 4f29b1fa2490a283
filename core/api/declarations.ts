// One description of every declaration (description.ts, its words in field-meta.ts), the forms built from it
// (forms.ts), and the combats a charge leads to (charged-combats.ts).
export * from './declarations/charged-combats.js'
export * from './declarations/description.js'
export * from './declarations/forms.js'
