// The sign screens' texts (fr-ch).
import type { Messages } from '../messages.js';

export const signFrCh: Pick<Messages, 'sign'> = {
  sign: {},
};
