// Time as a collaborator, so that use cases can be tested at any instant.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
