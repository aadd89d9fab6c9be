// A real server process for tests and benchmarks that judge the process as a whole (its peak
// memory, whether it answers others while it works, what it leaves when killed): `bin/serve.mjs`
// started as a child with a fresh data directory (or a given one, to restart on the same data),
// configured as served (mail in the background, signing and PDF threads), and a small HTTP client
// that signs up, uploads, renders and signs through it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSENT } from './consent.js';
import { freePort } from './test-app.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServedServer {
  baseUrl: string;
  process: ChildProcess;
  dataDir: string;
  /** when the child was started, and when it first answered (ms since 1970) */
  startedAt: number;
  readyAt: number;
  /** Settles when the child prints that it stopped at the failpoint `name`. */
  reached(name: string, timeoutMs?: number): Promise<void>;
  /** Ends the child with SIGKILL, as a crash would, and keeps its data. */
  kill(): Promise<void>;
  /** The child's resident memory now and at its peak (VmRSS, VmHWM), in MB; Linux only. */
  memoryMb(): { rss: number; peak: number };
  /** Everything the server logged, for a failure message. */
  log(): string;
  close(): Promise<void>;
}

export interface ServedOptions {
  /** Data to start on, kept at close (a restart after a crash); else a fresh folder, removed. */
  dataDir?: string;
  /** the port to listen on, to restart at the same address; else a free one */
  port?: number;
  /** how long the child may take to answer before it counts as not started (default 60 s) */
  readyWithinMs?: number;
}

export async function startServedServer(
  env: Record<string, string> = {},
  options: ServedOptions = {},
): Promise<ServedServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-served-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MAIL_DELIVERY: 'background',
    SIGNING_THREADS: '2',
    PDF_THREADS: '2',
    ...env,
  };
  if (!env['SMTP_URL']) delete childEnv['SMTP_URL'];
  if (!env['DATABASE_URL']) delete childEnv['DATABASE_URL'];
  // vitest's own settings are not the server's
  delete childEnv['NODE_OPTIONS'];
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['bin/serve.mjs'], {
    cwd: serverRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString());
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => listeners.forEach((listener) => listener()));
  const deadline = Date.now() + (options.readyWithinMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start:\n${output.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/api/config`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const statusField = (name: string) => {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  };
  const readyAt = Date.now();
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };
  return {
    baseUrl,
    process: child,
    dataDir,
    startedAt,
    readyAt,
    reached: (name, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const line = `failpoint reached: ${name}\n`;
        const done = (err?: Error) => {
          listeners.delete(check);
          clearTimeout(timer);
          if (err) reject(err);
          else resolve();
        };
        const check = () => {
          if (output.join('').includes(line)) done();
          else if (child.exitCode !== null)
            done(new Error(`the server ended before ${name}:\n${output.join('')}`));
        };
        const timer = setTimeout(
          () => done(new Error(`the server did not reach ${name}:\n${output.join('')}`)),
          timeoutMs,
        );
        listeners.add(check);
        check();
      }),
    kill,
    memoryMb: () => ({ rss: statusField('VmRSS'), peak: statusField('VmHWM') }),
    log: () => output.join(''),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Page image scales to try: the least the contract allows, the steps the web app asks for
 * (page-scale.ts), and the largest, 400, last. Memory peaks at the largest.
 */
export const PAGE_IMAGE_SCALES = [10, 50, 75, 100, 150, 200, 300, 400] as const;

async function sandboxMailTexts(baseUrl: string, email: string): Promise<string[]> {
  const { messages } = (await (await fetch(`${baseUrl}/sandbox/mail.json`)).json()) as {
    messages: { to: string; text: string }[];
  };
  return messages.filter((m) => m.to === email).map((m) => m.text);
}

/** A person's session on a served server, and the calls the hostile-input checks make. */
export class ServedClient {
  constructor(
    readonly baseUrl: string,
    private token = '',
    /** the texts of the mails to an address; the sandbox mailbox's by default */
    private readonly mailTexts: (email: string) => Promise<string[]> = (email) =>
      sandboxMailTexts(baseUrl, email),
  ) {}

  /** the session token, once signed up */
  get sessionToken(): string {
    return this.token;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, ...extra };
  }

  /** Registers, confirms through the sandbox mailbox and logs in. */
  async signUp(email: string, password = 'correct horse battery staple'): Promise<void> {
    const json = { 'content-type': 'application/json' };
    const registered = await fetch(`${this.baseUrl}/v1/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password, first_name: 'Test', last_name: 'Tester' }),
    });
    if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    let token: string | undefined;
    for (let attempt = 0; attempt < 200 && !token; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const text = (await this.mailTexts(email)).find((t) => t.includes('/signup/confirm?token='));
      token = text ? /confirm\?token=([\w-]+)/.exec(text)?.[1] : undefined;
    }
    if (!token) throw new Error(`no confirmation mail for ${email}`);
    await fetch(`${this.baseUrl}/v1/valid-confirmation`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ token }),
    });
    const login = await fetch(`${this.baseUrl}/v1/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    this.token = ((await login.json()) as { token: string }).token;
  }

  /** A draft request for `signers` with one PDF: the response as it came. */
  async upload(
    pdf: Uint8Array,
    signers: string[],
    fileName = 'document.pdf',
    title = 'Hostile input',
  ): Promise<Response> {
    const form = new FormData();
    form.set('payload', JSON.stringify({ title, signatures: signers.map((email) => ({ email })) }));
    form.set('documents', new Blob([pdf], { type: 'application/pdf' }), fileName);
    return fetch(`${this.baseUrl}/v3/signature-requests`, {
      method: 'POST',
      headers: this.headers(),
      body: form,
    });
  }

  pageImage(documentId: string, page = 1, scale = 100): Promise<Response> {
    return fetch(`${this.baseUrl}/v3/documents/${documentId}/pages/${page}?scale=${scale}`, {
      headers: this.headers(),
    });
  }

  initiate(requestId: string): Promise<Response> {
    return fetch(`${this.baseUrl}/v3/signature-requests/${requestId}/initiate`, {
      method: 'POST',
      headers: this.headers(),
    });
  }

  sign(requestId: string): Promise<Response> {
    return fetch(`${this.baseUrl}/v3/sign`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ consent: CONSENT, signature_requests: [{ signature_request_id: requestId }] }),
    });
  }
}
