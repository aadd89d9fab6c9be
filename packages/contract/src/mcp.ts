// Agent access (ADR 095): a Model Context Protocol server at `/mcp`, over the Streamable HTTP
// transport, for the API users of a business. Its tools find, prepare and send requests and read
// their status by making the same API calls an API user makes; no tool signs. The messages are
// JSON-RPC 2.0 as the protocol defines them, so the contract names only their envelope.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const tags = ['Agent access (MCP)'];

/** The path of the MCP endpoint. */
export const MCP_PATH = '/mcp';

/** The value events caused through the MCP server carry in their `data.via` (ADR 095). */
export const MCP_VIA = 'mcp';

/** One JSON-RPC 2.0 message (request, notification or response) of the Model Context Protocol. */
const ZJsonRpcMessage = z.looseObject({ jsonrpc: z.literal('2.0') });

export const mcpMessage = defineEndpoint({
  method: 'POST',
  path: MCP_PATH,
  summary: 'Model Context Protocol messages of an agent acting as an API user',
  description:
    'The Streamable HTTP transport of the Model Context Protocol, without sessions: each POST carries JSON-RPC messages and is answered with JSON. Only API users (HTTP Basic) may call it; a person’s session answers 403 `mcp.api_user_required`. The tools list, read, prepare and send the API user’s requests through the same calls as the REST API; none signs.',
  tags,
  auth: 'business',
  body: z.union([ZJsonRpcMessage, z.array(ZJsonRpcMessage).min(1).max(20)]),
  response: z.union([ZJsonRpcMessage, z.array(ZJsonRpcMessage)]),
  problems: ['mcp.api_user_required'],
});

export const mcpStream = defineEndpoint({
  method: 'GET',
  path: MCP_PATH,
  summary: 'No server-sent stream: every answer comes with its POST',
  description:
    'The transport lets a client open a stream for messages the server starts; this server starts none and answers 405 `mcp.stream_not_offered`, which MCP clients take as that.',
  tags,
  auth: 'business',
  response: z.never(),
  problems: ['mcp.stream_not_offered', 'mcp.api_user_required'],
});

export const mcpEndpoints = { mcpMessage, mcpStream };
