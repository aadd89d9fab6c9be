// The MCP endpoint (ADR 095): Streamable HTTP without sessions. Each POST gets a server of its own
// for the API user who made it, answers in JSON, and is done; nothing is kept between messages,
// so any server process behind the load balancer answers any of them. The tools call the REST API
// in this process with the same credentials, marked as the agent's calls.
import type { FastifyInstance } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { mcpEndpoints } from '@countersign/contract';
import { registerRawEndpoint, type Authenticator } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import type { ApiUserPrincipal, Principal } from '../../lib/principal.js';
import type { AgentCalls } from './agent-calls.js';
import { registerAgentTools, type CallApi } from './tools.js';

export interface McpDeps {
  agentCalls: AgentCalls;
  /** the largest PDF an upload may carry: a message holds PDFs in base64 */
  maxUploadBytes: number;
}

/** The version the server tells clients: raised when a tool is added, removed or changes meaning. */
const SERVER_VERSION = '1.0.0';

/** Room for the JSON around the documents of one message. */
const ENVELOPE_BYTES = 1024 * 1024;

function requireApiUser(principal: Principal | undefined): ApiUserPrincipal {
  if (principal?.kind !== 'api_user') {
    throw new AppError(
      'mcp.api_user_required',
      'The MCP server is for API users: use their Basic credentials',
    );
  }
  return principal;
}

export function registerMcpRoutes(app: FastifyInstance, deps: McpDeps, authenticate: Authenticator): void {
  registerRawEndpoint(
    app,
    mcpEndpoints.mcpMessage,
    authenticate,
    async ({ ctx }) => {
      requireApiUser(ctx.principal);
      const { request, reply } = ctx;
      const authorization = request.headers.authorization ?? '';
      const callApi: CallApi = (call) =>
        deps.agentCalls.run(async () => {
          const answer = await app.inject({
            method: call.method,
            url: call.url,
            remoteAddress: request.ip,
            headers: { ...call.headers, authorization },
            ...(call.payload !== undefined && { payload: call.payload }),
          });
          const isJson = String(answer.headers['content-type'] ?? '').includes('json');
          return { status: answer.statusCode, body: isJson ? answer.json() : answer.body };
        });
      const server = new McpServer({ name: 'countersign', version: SERVER_VERSION });
      registerAgentTools(server, callApi);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      // the transport writes the answer itself
      reply.hijack();
      reply.raw.setHeader('cache-control', 'no-store');
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (err) {
        request.log.error({ err }, 'the MCP message could not be answered');
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end();
      }
    },
    { bodyLimit: Math.ceil((deps.maxUploadBytes * 4) / 3) + ENVELOPE_BYTES },
  );

  registerRawEndpoint(app, mcpEndpoints.mcpStream, authenticate, async ({ ctx }) => {
    requireApiUser(ctx.principal);
    ctx.reply.header('allow', 'POST');
    throw new AppError('mcp.stream_not_offered', 'This MCP server answers every message with its POST');
  });
}
