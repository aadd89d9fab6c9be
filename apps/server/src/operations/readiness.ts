// Readiness for a load balancer (ADR 081): whether this server should be sent traffic now. It is
// when its database answers, its blob store answers and every migration this release knows is
// applied. Each check is bounded in time, so that a database that hangs makes the answer "no"
// instead of no answer. The reason a check failed goes to the log, once per change, and never to
// the caller: it may name hosts or buckets.

/** How long one check may take before it counts as failed. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessReport {
  status: 'ready' | 'unavailable';
  checks: {
    database: 'ok' | 'failed';
    blobStore: 'ok' | 'failed';
    migrations: 'ok' | 'pending' | 'failed';
  };
}

export interface ReadinessDeps {
  /** resolves when the database answers a query */
  pingDatabase(): Promise<void>;
  /** the migrations this release knows that the database has not applied */
  pendingMigrations(): Promise<string[]>;
  /** resolves when the blob store answers */
  checkBlobStore(): Promise<void>;
  log: { warn(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };
  timeoutMs?: number;
}

/** Settles as `work` does, or rejects once `ms` have passed. */
function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work(), late]).finally(() => clearTimeout(timer));
}

/** A function that runs the checks in parallel and reports them. */
export function createReadiness(deps: ReadinessDeps): () => Promise<ReadinessReport> {
  const ms = deps.timeoutMs ?? READY_CHECK_TIMEOUT_MS;
  let lastFailures = '{}';
  return async () => {
    const failures: Record<string, unknown> = {};
    const passes = async (name: string, work: () => Promise<void>) => {
      try {
        await within(ms, work);
        return true;
      } catch (err) {
        failures[name] = err instanceof Error ? err.message : String(err);
        return false;
      }
    };
    let pending: string[] = [];
    const [database, blobStore, migrationsRead] = await Promise.all([
      passes('database', deps.pingDatabase),
      passes('blobStore', deps.checkBlobStore),
      passes('migrations', async () => {
        pending = await deps.pendingMigrations();
      }),
    ]);
    if (migrationsRead && pending.length > 0) failures['pendingMigrations'] = pending;
    const checks: ReadinessReport['checks'] = {
      database: database ? 'ok' : 'failed',
      blobStore: blobStore ? 'ok' : 'failed',
      migrations: !migrationsRead ? 'failed' : pending.length > 0 ? 'pending' : 'ok',
    };
    const now = JSON.stringify(failures);
    if (now !== lastFailures) {
      if (Object.keys(failures).length > 0) deps.log.warn({ failures }, 'this server is not ready');
      else deps.log.info({}, 'this server is ready again');
      lastFailures = now;
    }
    const ready = Object.values(checks).every((check) => check === 'ok');
    return { status: ready ? 'ready' : 'unavailable', checks };
  };
}
