// The maintenance notice the web app's configuration reports, as a caller (or nobody) sees it.
import type { FastifyInstance } from 'fastify';

export async function noticeSeenBy(app: FastifyInstance, session?: string): Promise<unknown> {
  const res = await app.inject({
    url: '/api/config',
    headers: session ? { authorization: `Bearer ${session}` } : {},
  });
  return res.json().maintenance;
}
