// Outgoing SMS (signing codes). Real gateways implement `send`; the sandbox keeps each message
// in the database, where /sandbox/sms and /sandbox/sms.json show it, as the sandbox mailbox
// does for mail. Never used in production.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export function createSandboxSmsSender(db: Kysely<Database>, now: () => Date): SmsSender {
  return {
    async send(message) {
      await db
        .insertInto('sandbox_sms')
        .values({ to_number: message.to, text: message.text, created_at: now().toISOString() })
        .execute();
    },
  };
}
