/** The app's only source of time, injected so tests move it for expiry and rate-limit windows. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
