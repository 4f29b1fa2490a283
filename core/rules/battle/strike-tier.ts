/** Strike tiers, highest first: Always Strikes First, then chargers (classic), then everyone else, then strikers-last. */
export const STRIKE_TIER = { alwaysFirst: 2, charged: 1, initiative: 0, last: -1 } as const
