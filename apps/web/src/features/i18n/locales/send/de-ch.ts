// The send screens' texts (de-ch).
import type { Messages } from '../messages.js';

export const sendDeCh: Pick<Messages, 'send'> = {
  send: {},
};
