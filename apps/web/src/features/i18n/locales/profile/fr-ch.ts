// The profile screens' texts (fr-ch).
import type { Messages } from '../messages.js';

export const profileFrCh: Pick<Messages, 'profile'> = {
  profile: {},
};
