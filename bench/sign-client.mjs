// The benchmark's signers, on a thread of their own: each of `concurrency` loops takes the next
// request and signs it with POST /v3/sign, as a browser would. Kept off the serving thread, where
// its fetch calls would otherwise queue behind the server's own work and be counted as the server's.
// Plain JavaScript, so that the worker needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';

const { base, jobs, concurrency, consent } = workerData;

async function sign(job) {
  const res = await fetch(`${base}/v3/sign`, {
    method: 'POST',
    headers: { authorization: `Bearer ${job.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ consent, signature_requests: [{ signature_request_id: job.id }] }),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`POST /v3/sign: ${res.status} ${text}`);
}

parentPort.once('message', async () => {
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < jobs.length) await sign(jobs[next++]);
      }),
    );
    parentPort.postMessage({ ok: true });
  } catch (err) {
    parentPort.postMessage({ ok: false, error: String(err) });
  }
});
parentPort.postMessage({ ready: true });
