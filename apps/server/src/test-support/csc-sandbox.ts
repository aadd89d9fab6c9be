// The sandbox QTSP as the separate process it is (ADR 076), for tests: `bin/csc-sandbox.mjs` on a
// free port, over the same database and trust settings as a test app so that its qualified
// certificates chain to that app's root. Also drives its consent page as a person would.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import { freePort } from './ports.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SANDBOX_CLIENT = { clientId: 'countersign-test', clientSecret: 'test-only-secret' };

export interface RunningCscSandbox {
  /** the CSC v2 base URL (…/csc/v2) */
  baseUrl: string;
  origin: string;
  process: ChildProcess;
  /** moves the sandbox's clock (SAD and OTP lifetimes) */
  advance(ms: number): Promise<void>;
  /** enrols a person under a CSC user id; answers the credential id */
  enrol(enrolment: Record<string, unknown>): Promise<string>;
  /** renews the certificate of a CSC user's credential (a new serial number, the same key) */
  renew(enrolment: Record<string, unknown>): Promise<void>;
  /** the settings that make a server talk to this sandbox for eIDAS and ZertES */
  settings(): Record<string, string>;
  log(): string;
  close(): Promise<void>;
}

export async function startCscSandbox(
  config: Pick<Config, 'dataDir' | 'databaseUrl' | 'publicUrl'>,
  options: { redirectUris?: string[]; pwdotp?: boolean } = {},
): Promise<RunningCscSandbox> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: config.dataDir,
    PUBLIC_URL: config.publicUrl,
    LOG_LEVEL: 'silent',
    CSC_SANDBOX_PORT: String(port),
    CSC_SANDBOX_PUBLIC_URL: origin,
    CSC_SANDBOX_CLIENT_ID: SANDBOX_CLIENT.clientId,
    CSC_SANDBOX_CLIENT_SECRET: SANDBOX_CLIENT.clientSecret,
    // the Swisscom step-up for ZertES people only where a test asks for it (ADR 087)
    CSC_SANDBOX_PWDOTP: options.pwdotp ? 'zertes' : 'none',
    CSC_SANDBOX_REDIRECT_URIS: (options.redirectUris ?? [`${config.publicUrl}/mab/redirect`]).join(','),
  };
  if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl;
  else delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['bin/csc-sandbox.mjs'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`CSC sandbox did not start:\n${output.join('')}`)),
      90_000,
    );
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('CSC sandbox listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`CSC sandbox exited with ${code}:\n${output.join('')}`));
    });
  });
  const basic = `Basic ${Buffer.from(`${SANDBOX_CLIENT.clientId}:${SANDBOX_CLIENT.clientSecret}`).toString('base64')}`;
  const baseUrl = `${origin}/csc/v2`;
  return {
    baseUrl,
    origin,
    process: child,
    async advance(ms) {
      await fetch(`${origin}/sandbox/clock`, { method: 'POST', body: JSON.stringify({ advance_ms: ms }) });
    },
    async enrol(enrolment) {
      const response = await fetch(`${origin}/sandbox/enrol`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/json' },
        body: JSON.stringify(enrolment),
      });
      return ((await response.json()) as { credentialID: string }).credentialID;
    },
    async renew(enrolment) {
      const response = await fetch(`${origin}/sandbox/renew`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/json' },
        body: JSON.stringify(enrolment),
      });
      if (!response.ok) throw new Error(`renewal refused: ${await response.text()}`);
    },
    settings: () => ({
      CSC_EIDAS_BASE_URL: baseUrl,
      CSC_EIDAS_CLIENT_ID: SANDBOX_CLIENT.clientId,
      CSC_EIDAS_CLIENT_SECRET: SANDBOX_CLIENT.clientSecret,
      CSC_ZERTES_BASE_URL: baseUrl,
      CSC_ZERTES_CLIENT_ID: SANDBOX_CLIENT.clientId,
      CSC_ZERTES_CLIENT_SECRET: SANDBOX_CLIENT.clientSecret,
      CSC_SANDBOX_ENROLMENT: 'true',
    }),
    log: () => output.join(''),
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Plays the person on the sandbox's consent page: opens the authorisation URL, reads the code the
 * page shows (a real QTSP would text it), and submits `otp` or that code. Answers where the
 * sandbox sends the browser back (the redirect_uri with code or error), or the page again.
 */
export async function consentAtSandbox(
  authorizeUrl: string,
  answer: { otp?: string; action?: 'consent' | 'deny' } = {},
): Promise<{ location?: string; page: string; shownOtp: string }> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await page.text();
  const shownOtp = /id="otp">(\d{6})</.exec(html)?.[1] ?? '';
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const form = new URLSearchParams({
    request_uri: field('request_uri').replace(/&#58;/g, ':'),
    client_id: field('client_id'),
    otp: answer.otp ?? shownOtp,
    action: answer.action ?? 'consent',
  });
  const submitted = await fetch(authorizeUrl.split('?')[0]!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = submitted.headers.get('location') ?? undefined;
  return { ...(location && { location }), page: await submitted.text(), shownOtp };
}
