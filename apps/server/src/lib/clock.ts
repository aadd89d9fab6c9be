// Time as a collaborator, so that use cases can be tested at any instant, and waits with it.
import { setTimeout as delay } from 'node:timers/promises';

export interface Clock {
  now(): Date;
  /** Resolves after `ms` milliseconds of this clock (a test clock moves on at once). */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = { now: () => new Date(), sleep: (ms) => delay(ms) };
