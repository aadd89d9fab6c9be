// Agent access (ADR 095) on SQLite and PostgreSQL, with the SDK's own MCP client over HTTP: an API
// user's agent lists the tools, prepares a request with a PDF and sends it, and the request's
// audit log says it came through the MCP server; no tool signs; a wrong, missing or person's
// credential is refused; another business's requests stay out of sight.
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { endpoints } from '@countersign/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-support/accounts.js';
import { createApiUser, createBusiness, type TestApiUser } from '../../test-support/business.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { sendRequest } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { TOOL_ENDPOINTS } from './tools.js';

const basic = (user: Pick<TestApiUser, 'username' | 'secret'>) => ({
  authorization: `Basic ${Buffer.from(`${user.username}:${user.secret}`).toString('base64')}`,
});

/** The JSON a tool answered with, and whether it is an error. */
function answerOf(result: Awaited<ReturnType<Client['callTool']>>) {
  const content = result.content as { type: string; text: string }[];
  return { isError: result.isError === true, body: JSON.parse(content[0]?.text ?? 'null') };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

describe.each(testDatabases())('the MCP server on %s', (kind) => {
  let t: TestApp;
  let mcpUrl: URL;
  let admin: string;
  let api: TestApiUser;
  let foreignApi: TestApiUser;
  const clients: Client[] = [];

  async function connect(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'countersign-test-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } }));
    clients.push(client);
    return client;
  }
  const post = (headers: Record<string, string>, body: unknown = INITIALIZE) =>
    fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'admin@agents.example', 'Ada');
    api = await createApiUser(t.app, admin, await createBusiness(t.app, admin, 'Agents AG'), 'assistant');
    const rival = await signUp(t.app, 'admin@rival.example', 'Rui');
    foreignApi = await createApiUser(t.app, rival, await createBusiness(t.app, rival, 'Rival AG'), 'theirs');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    mcpUrl = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t?.close();
  });

  it('lists the tools to find, read, prepare and send requests, and none of them signs', async () => {
    const client = await connect(basic(api));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'find_signature_requests',
      'get_audit_log',
      'get_signature_request',
      'get_signature_request_status',
      'prepare_signature_request',
      'send_signature_request',
    ]);
    for (const tool of tools) expect(tool.description, tool.name).toBeTruthy();
    // each tool makes one REST call, and none is a signing call of any kind
    const calls = Object.values(TOOL_ENDPOINTS);
    const signingCalls = Object.values(endpoints).filter((e) =>
      /\/sign\b|\/signatures?\/[^/]+\/(sign|mab|swisscom)|redirect-sign|proceed|part11|seal/.test(e.path),
    );
    expect(signingCalls.map((e) => e.path)).toContain('/v3/sign');
    for (const call of calls) expect(signingCalls).not.toContain(call);
  });

  it('prepares a request with a PDF and sends it, and its audit log says an agent did', async () => {
    const client = await connect(basic(api));
    const pdf = await generatedPdf(1, 'Agent lease');
    const prepared = answerOf(
      await client.callTool({
        name: 'prepare_signature_request',
        arguments: {
          title: 'Agent lease',
          message: 'Prepared by the assistant',
          signers: [{ email: 'ana@example.org', name: 'Ana' }],
          documents: [{ file_name: 'lease.pdf', content_base64: pdf.toString('base64') }],
        },
      }),
    );
    expect(prepared.isError, JSON.stringify(prepared.body)).toBe(false);
    expect(prepared.body).toMatchObject({ title: 'Agent lease', status: 'draft' });
    expect(prepared.body.documents).toHaveLength(1);
    const id = prepared.body.id as string;

    const sent = answerOf(await client.callTool({ name: 'send_signature_request', arguments: { id } }));
    expect(sent.body.status, JSON.stringify(sent.body)).toBe('open');
    const status = answerOf(
      await client.callTool({ name: 'get_signature_request_status', arguments: { id } }),
    );
    expect(status.body).toMatchObject({ status: 'open', signatures: [{ status: 'pending' }] });
    const found = answerOf(
      await client.callTool({
        name: 'find_signature_requests',
        arguments: { search: 'Agent lease', status: ['open'] },
      }),
    );
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([id]);

    // the REST API shows the same request, owned by the API user, every event marked
    const log = await t.app.inject({ url: `/v3/signature-requests/${id}/events`, headers: basic(api) });
    const events = log.json().events as { type: string; actor: { kind: string; id: string }; data: object }[];
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['created', 'documents_added', 'initiated']),
    );
    for (const event of events) {
      expect(event.actor, event.type).toMatchObject({ kind: 'api_user', id: api.username });
      expect(event.data, event.type).toMatchObject({ via: 'mcp' });
    }
    expect(log.json().chain_valid).toBe(true);
    const agentLog = answerOf(await client.callTool({ name: 'get_audit_log', arguments: { id } }));
    expect(agentLog.body.events).toHaveLength(events.length);

    // the same API user calling the REST API directly is not marked
    const direct = await sendRequest(t.app, basic(api), pdf, ['ben@example.org'], 'By hand');
    const directLog = await t.app.inject({
      url: `/v3/signature-requests/${direct.id}/events`,
      headers: basic(api),
    });
    for (const event of directLog.json().events) expect(event.data).not.toHaveProperty('via');
  });

  it('passes the API’s refusals on as tool errors', async () => {
    const client = await connect(basic(api));
    const refused = answerOf(
      await client.callTool({
        name: 'prepare_signature_request',
        arguments: {
          title: 'Not a PDF',
          signers: [{ email: 'ana@example.org' }],
          documents: [
            { file_name: 'notes.pdf', content_base64: Buffer.from('just text').toString('base64') },
          ],
        },
      }),
    );
    expect(refused.isError).toBe(true);
    expect(refused.body.code).toBe('pdf.not_pdf');
  });

  it('refuses a wrong or missing credential, and a person’s session', async () => {
    await expect(connect(basic({ username: api.username, secret: 'wrong' }))).rejects.toThrow();
    await expect(connect({})).rejects.toThrow();
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { code: string }).code).toBe('auth.required');
    const wrong = await post(basic({ username: api.username, secret: `${api.secret}x` }));
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('auth.invalid_api_credentials');
    const person = await post({ authorization: `Bearer ${admin}` });
    expect(person.status).toBe(403);
    expect(((await person.json()) as { code: string }).code).toBe('mcp.api_user_required');
    const stream = await fetch(mcpUrl, { headers: { ...basic(api), accept: 'text/event-stream' } });
    expect(stream.status).toBe(405);
    // the right credentials answer the same message
    expect((await post(basic(api))).status).toBe(200);
  });

  it('does not let an agent of another business see or send the request', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v3/signature-requests',
      headers: basic(api),
      payload: { title: 'Ours alone', signatures: [{ email: 'ana@example.org' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const theirs = await connect(basic(foreignApi));
    for (const name of [
      'get_signature_request',
      'get_signature_request_status',
      'get_audit_log',
      'send_signature_request',
    ]) {
      const answer = answerOf(await theirs.callTool({ name, arguments: { id } }));
      expect(answer.isError, name).toBe(true);
      expect(answer.body.code, name).toBe('signature_request.not_found');
    }
    const found = answerOf(await theirs.callTool({ name: 'find_signature_requests', arguments: {} }));
    expect(found.body.items).toEqual([]);
  });
});
