// The send screens' texts (fr-ch).
import type { Messages } from '../messages.js';

export const sendFrCh: Pick<Messages, 'send'> = {
  send: {},
};
