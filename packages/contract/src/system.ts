// What a client needs to know before anything else: the environment (non-production systems
// show the 'Test System' overlay), the maintenance notice (spec 3: isBlocking, url) and whether
// the sandbox mailbox is on.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const getClientConfig = defineEndpoint({
  method: 'GET',
  path: '/api/config',
  summary: 'Environment, maintenance notice and sandbox switches for the web app',
  tags: ['Other'],
  auth: 'none',
  response: z.object({
    environment: z.enum(['production', 'development', 'test']),
    maintenance: z.object({ isBlocking: z.boolean(), url: z.string().optional() }).nullable(),
    sandboxMail: z.boolean(),
  }),
});

export const systemEndpoints = { getClientConfig };
