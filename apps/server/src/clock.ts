/** The source of "now" for everything time-dependent, so tests can move time. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
