// Which API calls an agent makes through the MCP server (ADR 095). A tool calls the API in this
// process, inside `run`; the API user authenticator asks `isAgentCall` and marks the principal, so
// the events the call causes say `via: 'mcp'`. The mark lives in the call's asynchronous context,
// not in a header: nothing a client sends can set it or take it off.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface AgentCalls {
  /** runs `work` (and every call it makes) as an agent's */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** whether the code running now was started by `run` */
  isAgentCall(): boolean;
}

/** One per app: `app.ts` hands it to the MCP routes and to the API user authenticator. */
export function createAgentCalls(): AgentCalls {
  const context = new AsyncLocalStorage<true>();
  return {
    run: (work) => context.run(true, work),
    isAgentCall: () => context.getStore() === true,
  };
}
