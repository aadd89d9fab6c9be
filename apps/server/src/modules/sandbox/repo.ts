// The SQL of the sandbox mailbox and SMS box: the latest messages, newest first.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const SHOWN = 200;

export const latestSandboxMail = (db: Kysely<Database>) =>
  db.selectFrom('sandbox_mail').selectAll().orderBy('id', 'desc').limit(SHOWN).execute();

export const latestSandboxSms = (db: Kysely<Database>) =>
  db.selectFrom('sandbox_sms').selectAll().orderBy('id', 'desc').limit(SHOWN).execute();
