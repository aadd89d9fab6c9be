// The profile screens' texts (de-ch).
import type { Messages } from '../messages.js';

export const profileDeCh: Pick<Messages, 'profile'> = {
  profile: {},
};
