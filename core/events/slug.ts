import { z } from 'zod'

/** An id as events write it: a lower-case slug. */
export const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'expected a lower-case slug (a-z, 0-9, -)')
