// The signature protocol validates each signed document through the PDF engine, on SQLite and
// PostgreSQL: served, that engine is a PDF thread (ADR 043), so a stranger's document, however
// large, is never read for the protocol on the serving thread.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlinePdfEngine, type PdfEngine } from '../pdf-engine.js';
import { signUp } from '../../../test-support/accounts.js';
import { generatedPdf } from '../../../test-support/pdfs.js';
import { protocolJson, sendRequest, signAs } from '../../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../../test-support/test-app.js';

describe.each(testDatabases())('protocol validation on %s', (kind) => {
  let t: TestApp;
  const validated: number[] = [];
  const engine: PdfEngine = {
    ...inlinePdfEngine,
    validate: async (bytes, options) => {
      validated.push(bytes.length);
      return inlinePdfEngine.validate(bytes, options);
    },
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { pdf: engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands each signed document to the PDF engine to validate', async () => {
    const token = await signUp(t.app, 'validated@example.org');
    const { id } = await sendRequest(t.app, token, await generatedPdf(1, 'Validated'), [
      'validated@example.org',
    ]);
    await signAs(t.app, token, id);
    const before = validated.length;
    const res = await protocolJson(t.app, token, id);
    expect(res.statusCode, res.body).toBe(200);
    const signatures = res.json().documents[0].signatures as { indication: string }[];
    expect(signatures.length).toBeGreaterThan(0);
    expect(validated.length).toBe(before + 1);
  });
});
