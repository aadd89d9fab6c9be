// The sign screens' texts (de-ch).
import type { Messages } from '../messages.js';

export const signDeCh: Pick<Messages, 'sign'> = {
  sign: {},
};
