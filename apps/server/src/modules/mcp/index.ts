// Agent access (ADR 095): a Model Context Protocol server at /mcp whose tools make the REST API's
// calls as the API user behind the agent, and mark those calls so their events say so.
export { createAgentCalls, type AgentCalls } from './agent-calls.js';
export { registerMcpRoutes, type McpDeps } from './routes.js';
