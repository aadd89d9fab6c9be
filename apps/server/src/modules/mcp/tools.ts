// The tools an agent gets (ADR 095): find, read, prepare and send the API user's requests. Each
// makes one call of the REST API (the contract endpoint it names), with the API user's own
// credentials, so authentication, the request policy, plan limits, rate limits and validation are
// the API's, unchanged. No tool signs: none names a signing call, which a test holds.
import { Buffer } from 'node:buffer';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  endpoints,
  ZEmail,
  ZExpiresAt,
  ZLegislation,
  ZQuality,
  ZRequestStatus,
  type Endpoint,
} from '@countersign/contract';
import { z } from 'zod';

/** One call of the REST API as the API user behind the agent. */
export interface ApiCall {
  method: 'GET' | 'POST';
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}
export type CallApi = (call: ApiCall) => Promise<{ status: number; body: unknown }>;

/** The REST call behind each tool: what it can do is what the API lets an API user do there. */
export const TOOL_ENDPOINTS = {
  find_signature_requests: endpoints.listSignatureRequests,
  get_signature_request: endpoints.getSignatureRequest,
  get_signature_request_status: endpoints.getSignatureRequestStatus,
  get_audit_log: endpoints.getEvents,
  prepare_signature_request: endpoints.createSignatureRequest,
  send_signature_request: endpoints.initiateSignatureRequest,
} as const satisfies Record<string, Endpoint>;
type ToolName = keyof typeof TOOL_ENDPOINTS;

/** The address of a tool's call, its path parameters filled in. */
function urlOf(tool: ToolName, params: Record<string, string> = {}, query = ''): string {
  const path = TOOL_ENDPOINTS[tool].path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  return query ? `${path}?${query}` : path;
}

/** The API's answer as the tool's result: its JSON, marked an error when the API refused. */
function resultOf(answer: { status: number; body: unknown }): CallToolResult {
  const text = JSON.stringify(answer.body, null, 2);
  return answer.status < 400
    ? { content: [{ type: 'text', text }] }
    : { isError: true, content: [{ type: 'text', text }] };
}

const ZRequestId = z.string().min(1).max(64).describe('The signature request’s id');

const ZDocumentInput = z.object({
  file_name: z.string().trim().min(1).max(200).describe('The PDF’s file name, e.g. contract.pdf'),
  content_base64: z.base64().describe('The PDF’s bytes in base64'),
});

/** A multipart body as the create call takes it: the request as JSON, and its PDFs. */
async function multipartOf(
  payload: object,
  documents: readonly z.infer<typeof ZDocumentInput>[],
): Promise<Pick<ApiCall, 'payload' | 'headers'>> {
  const form = new FormData();
  form.append('payload', JSON.stringify(payload));
  for (const document of documents) {
    const bytes = Buffer.from(document.content_base64, 'base64');
    form.append('documents', new Blob([bytes], { type: 'application/pdf' }), document.file_name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data' },
  };
}

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

/** The tools that read one request: name, title and description. */
const READERS = [
  [
    'get_signature_request',
    'Read a signature request',
    'One request in full: title, message, level, state, deadline, documents, signers with their state, observers and fields.',
  ],
  [
    'get_signature_request_status',
    'Read a request’s status',
    'The state of a request (draft, open, completed, declined, withdrawn, expired) and of each signer.',
  ],
  [
    'get_audit_log',
    'Read a request’s audit log',
    'Every event of the request in order (created, sent, viewed, signed, ...), who caused it, and whether the hash chain is intact.',
  ],
] as const satisfies readonly (readonly [ToolName, string, string])[];

/** Registers every tool on a server that acts for one API user through `callApi`. */
export function registerAgentTools(server: McpServer, callApi: CallApi): void {
  const call = async (request: ApiCall) => resultOf(await callApi(request));

  server.registerTool(
    'find_signature_requests',
    {
      title: 'Find signature requests',
      description:
        'Lists the requests this API user sent, newest change first, 25 a page: id, title, status, and how many signers have signed. Filter by words of the title or a party’s name or address, and by status.',
      inputSchema: {
        search: z
          .string()
          .trim()
          .max(200)
          .optional()
          .describe('Words of the title, or a party’s name or address'),
        status: z.array(ZRequestStatus).max(6).optional().describe('Only requests in these states'),
        page: z.number().int().min(1).max(10_000).optional().describe('The page, from 1'),
      },
      annotations: readOnly,
    },
    async ({ search, status, page }) => {
      const query = new URLSearchParams();
      if (search) query.set('search', search);
      for (const s of status ?? []) query.append('status', s);
      if (page) query.set('page', String(page));
      return call({ method: 'GET', url: urlOf('find_signature_requests', {}, query.toString()) });
    },
  );

  for (const [name, title, description] of READERS) {
    server.registerTool(
      name,
      { title, description, inputSchema: { id: ZRequestId }, annotations: readOnly },
      async ({ id }) => call({ method: 'GET', url: urlOf(name, { id }) }),
    );
  }

  server.registerTool(
    'prepare_signature_request',
    {
      title: 'Prepare a signature request',
      description:
        'Creates a draft with its PDFs, signers and observers; nothing is sent until send_signature_request. Its audit log records that it was prepared through this MCP server.',
      inputSchema: {
        title: z.string().trim().min(1).max(200),
        message: z.string().max(5000).optional().describe('The message the signers read'),
        quality: ZQuality.optional().describe('The signature level: ses (default), aes or qes'),
        legislation: ZLegislation.optional().describe('eidas (default) or zertes'),
        signers: z
          .array(z.object({ email: ZEmail, name: z.string().trim().max(200).optional() }))
          .min(1)
          .max(50)
          .describe('Who signs, in order'),
        observers: z.array(ZEmail).max(50).optional().describe('Who receives a copy without signing'),
        expires_at: ZExpiresAt.optional().describe('The signers’ deadline (ISO 8601 with an offset)'),
        documents: z.array(ZDocumentInput).min(1).max(10).describe('The PDFs to sign'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    async ({ documents, signers, ...details }) => {
      const body = await multipartOf({ ...details, signatures: signers }, documents);
      return call({ method: 'POST', url: urlOf('prepare_signature_request'), ...body });
    },
  );

  server.registerTool(
    'send_signature_request',
    {
      title: 'Send a signature request',
      description:
        'Sends a prepared draft: every signer is invited by e-mail and the deadline starts. It cannot be undone, only withdrawn.',
      inputSchema: { id: ZRequestId },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    async ({ id }) => call({ method: 'POST', url: urlOf('send_signature_request', { id }) }),
  );
}
