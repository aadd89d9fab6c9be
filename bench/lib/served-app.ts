// The served app for the browser benchmarks: the web build (apps/web/dist, built first unless
// SKIP_BUILD=1) and the API in this process on SQLite, with PDF threads as a served instance has,
// and a confirmed sender logged in through the API.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig } from '@countersign/server';

export const root = path.resolve(import.meta.dirname, '../..');
const password = 'correct horse battery staple';

export interface ServedApp {
  base: string;
  /** A JSON call to the API; a status of 400 or more throws with the answer. */
  http(method: string, url: string, body?: unknown, token?: string): Promise<Record<string, unknown>>;
  /** The newest sandbox mail to `to`, waited for. */
  mailTo(to: string): Promise<{ to: string; text: string }>;
  close(): Promise<void>;
}

export function buildWebUnlessSkipped(name: string): void {
  if (process.env['SKIP_BUILD']) return;
  console.log(`${name}: building the web app (vite build)…`);
  execFileSync('npm', ['run', 'build', '-w', '@countersign/web', '--silent'], { cwd: root, stdio: 'ignore' });
}

export async function startServedApp(): Promise<ServedApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-bench-web-'));
  const port = 40000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    // documents are drawn on PDF threads, as a served instance does (tests draw them inline)
    PDF_THREADS: String(Math.min(2, os.availableParallelism())),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port });
  const http: ServedApp['http'] = async (method, url, body, token) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (response.status >= 400)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const mailTo = async (to: string) => {
    for (let i = 0; i < 200; i++) {
      const { messages } = (await http('GET', '/sandbox/mail.json')) as {
        messages: { to: string; text: string }[];
      };
      const mail = messages.find((m) => m.to === to);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${to}`);
  };
  return {
    base,
    http,
    mailTo,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers `email`, confirms it from its mail and logs in; returns the session token. */
export async function loggedInSender(served: ServedApp, email: string): Promise<string> {
  await served.http('POST', '/v1/register', {
    email,
    password,
    first_name: 'Bench',
    last_name: 'Sender',
    accept_gtc: true,
  });
  const mail = await served.mailTo(email);
  await served.http('POST', '/v1/valid-confirmation', { token: /token=([\w-]+)/.exec(mail.text)![1] });
  return (await served.http('POST', '/v1/login', { email, password })).token as string;
}

/** Uploads `pdf` as a draft for the given signers; returns the draft's answer. */
export async function uploadDraft(
  served: ServedApp,
  token: string,
  title: string,
  pdf: { bytes: Uint8Array; name: string },
  signers: { email: string; name?: string }[],
): Promise<{ id: string; signatures: { id: string }[]; documents: { id: string }[] }> {
  const form = new FormData();
  form.set('payload', JSON.stringify({ title, signatures: signers }));
  form.set('documents', new Blob([pdf.bytes], { type: 'application/pdf' }), pdf.name);
  const created = await fetch(`${served.base}/v3/signature-requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`upload: ${created.status} ${await created.text()}`);
  return (await created.json()) as { id: string; signatures: { id: string }[]; documents: { id: string }[] };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const loadAverage = () =>
  `${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`;
