// The send screens' texts (it).
import type { Messages } from '../messages.js';

export const sendIt: Pick<Messages, 'send'> = {
  send: {},
};
