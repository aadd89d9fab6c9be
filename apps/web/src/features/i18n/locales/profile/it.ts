// The profile screens' texts (it).
import type { Messages } from '../messages.js';

export const profileIt: Pick<Messages, 'profile'> = {
  profile: {},
};
