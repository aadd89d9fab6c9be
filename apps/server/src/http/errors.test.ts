// The error hook answers every failure with a problem whose status comes from the error catalogue:
// use-case errors, the engines' errors, Fastify's own, and anything unexpected.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes } from '@countersign/contract';
import type { ErrorCode } from '@countersign/contract';
import { PdfError } from '@countersign/pdf';
import type { PdfErrorCode } from '@countersign/pdf';
import { PadesError } from '@countersign/pades';
import { AppError } from '../lib/app-error.js';
import { installErrorHandling } from './errors.js';
import { createRequestWithFiles, signUp } from '../test-support/accounts.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

describe('the error catalogue', () => {
  it('gives every code the area.reason shape and an error status', () => {
    for (const code of errorCodes) {
      expect(code).toMatch(/^(internal|[a-z][a-z0-9_]*\.[a-z0-9_.]+)$/);
      expect(errorCatalogue[code].status).toBeGreaterThanOrEqual(400);
      expect(errorCatalogue[code].description.length).toBeGreaterThan(10);
    }
  });

  it('lists every code of the PDF engine as a client error (the type checker refuses one it lacks)', () => {
    const pdfCodes: readonly PdfErrorCode[] = ['pdf.corrupt', 'pdf.limit.page_count'];
    const listed: readonly ErrorCode[] = pdfCodes;
    for (const code of listed) expect(errorCatalogue[code].status).toBe(422);
  });
});

describe('the error hook', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    installErrorHandling(app);
    app.get('/app-error', async () => {
      throw new AppError('rate_limit.exceeded', 'Slow down', { retryAfterSeconds: 42 });
    });
    app.get('/pdf-error', async () => {
      throw new PdfError('pdf.encrypted', 'has /Encrypt');
    });
    app.get('/pades-error', async () => {
      throw new PadesError('pades.services_missing', 'no TSA configured at /etc/secret');
    });
    app.get('/unexpected', async (_request, reply) => {
      reply.header('content-disposition', 'attachment; filename="a.pdf"');
      throw new TypeError('cannot read x of undefined at /srv/app.ts:12');
    });
    // a header value Node refuses to write (raw non-ASCII) fails only as the answer is sent
    app.get('/unsendable-header', async (_request, reply) =>
      reply.header('content-disposition', 'attachment; filename="合同.pdf"').send(Buffer.from('%PDF-')),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('answers a rate limit with its code, snake_case retry_after_seconds and Retry-After', async () => {
    const res = await get('/app-error');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.json()).toEqual(
      expect.objectContaining({ code: 'rate_limit.exceeded', status: 429, retry_after_seconds: 42 }),
    );
    expect(res.json()).not.toHaveProperty('retryAfterSeconds');
  });

  it("answers the engines' client errors with their own code", async () => {
    const res = await get('/pdf-error');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'pdf.encrypted', detail: 'has /Encrypt' });
  });

  it("answers the engines' internal failures and anything unexpected as `internal`, revealing nothing", async () => {
    for (const url of ['/pades-error', '/unexpected', '/unsendable-header']) {
      const res = await get(url);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe('internal');
      expect(res.body).not.toMatch(/secret|srv|undefined|pades/);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });
});

describe('field paths of a multipart body', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('are written in snake_case, as the caller wrote them', async () => {
    const token = await signUp(t.app, 'paths@example.org');
    const res = await createRequestWithFiles(
      t.app,
      token,
      { title: 'Paths', expires_at: 'next week', signatures: [{ email: 'a@example.org', nick: 'A' }] },
      [],
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.validation_failed');
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.expires_at', 'body.signatures.0.nick']);
  });
});
