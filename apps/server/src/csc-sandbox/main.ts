// `node apps/server/bin/csc-sandbox.mjs`: the sandbox QTSP as a process of its own, started by
// `npm start` in development and by tests, never in production (ADR 076). It signs with keys and
// certificates of the installation's own trust hierarchy (the same database, key-encryption key
// and public URL as the server, so its qualified certificates chain to our root and our OCSP
// responder answers for them), keeps its credentials in the sandbox credential table and sends
// TANs of the older OTP flow to the sandbox SMS box.
import path from 'node:path';
import { createCscSandbox, type CscSandbox, type Legislation } from '@countersign/trust';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createTrustProvider } from '../modules/trust/open-trust.js';
import { createCscCredentialStore } from '../providers/remote-signing/repo.js';
import { createSandboxSmsSender } from '../providers/sms/sms.js';
import { CSC_PATH, createSandboxServer } from './serve-sandbox.js';

const env = process.env;
if (env.NODE_ENV === 'production') {
  console.error('The CSC sandbox never runs in production: configure a real QTSP (CSC_EIDAS_BASE_URL, ...).');
  process.exit(1);
}
const config = loadConfig(env);
const port = Number(env.CSC_SANDBOX_PORT ?? 3100);
const host = env.CSC_SANDBOX_HOST ?? '127.0.0.1';
const baseUrl = (env.CSC_SANDBOX_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
const client = {
  clientId: env.CSC_SANDBOX_CLIENT_ID ?? 'countersign-server',
  clientSecret: env.CSC_SANDBOX_CLIENT_SECRET ?? 'sandbox-only-secret',
  redirectUris: (env.CSC_SANDBOX_REDIRECT_URIS ?? `${config.publicUrl}/mab/redirect`)
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean),
};

/** CSC_SANDBOX_PWDOTP: `zertes`, `eidas`, both comma separated, or `none` */
function pwdotpLegislations(value: string): Legislation[] {
  const named = value.split(',').map((item) => item.trim());
  return (['eidas', 'zertes'] as const).filter((legislation) => named.includes(legislation));
}

const db = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'countersign.db'),
});
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const clock = { now, sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };
const trust = createTrustProvider(config, db.kysely, clock);
const sms = createSandboxSmsSender(db.kysely, now);
// opened on first use, and tried again after a failure (the server may still be migrating)
let opened: Promise<CscSandbox> | undefined;
const sandbox = () =>
  (opened ??= trust()
    .then((services) =>
      createCscSandbox({
        trust: services,
        baseUrl: `${baseUrl}${CSC_PATH}`,
        clients: [client],
        now: () => now().getTime(),
        store: createCscCredentialStore(db.kysely, now),
        // Swisscom's step-up for ZertES people unless told otherwise (ADR 087)
        pwdotpLegislations: pwdotpLegislations(env.CSC_SANDBOX_PWDOTP ?? 'zertes'),
        deliverOtp: ({ mobile, code }) =>
          sms.send({
            to: mobile ?? 'unknown',
            text: `Your Countersign signing code is ${code}. It is valid for 5 minutes.`,
          }),
      }),
    )
    .catch((error: unknown) => {
      opened = undefined;
      throw error;
    }));

const server = createSandboxServer({
  sandbox,
  client,
  ...(env.NODE_ENV === 'test' && {
    advanceClock: (ms: number) => {
      offsetMs += ms;
    },
  }),
});
const stop = () => {
  server.close();
  void db.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.listen(port, host, () => {
  console.log(`CSC sandbox listening on ${baseUrl}${CSC_PATH}`);
});
