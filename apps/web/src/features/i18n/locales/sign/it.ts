// The sign screens' texts (it).
import type { Messages } from '../messages.js';

export const signIt: Pick<Messages, 'sign'> = {
  sign: {},
};
