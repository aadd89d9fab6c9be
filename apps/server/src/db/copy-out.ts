// PostgreSQL's `COPY (SELECT …) TO STDOUT`, streamed: the server writes the text of every row
// itself and node-postgres only passes its bytes on, so an export of a million rows makes no row
// object and no string in JavaScript (ADR 060). Exports run on connections of their own, a few at
// most, so that a long download never takes a connection the API's calls are waiting for.
import { finished, type Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** Exports that may stream at once; one more is refused until one of them ends. */
export const EXPORT_CONNECTIONS = 3;

/**
 * The longest an export may run, downloads included. A million rows take well under a minute;
 * the limit ends a download held open for hours, with its transaction and its snapshot.
 */
const EXPORT_TIMEOUT = '10min';

export interface CopyOutQuery {
  /**
   * The parameters of the statement. COPY takes no bind parameters, so each value is set first as
   * a setting of the transaction (`set_config`, bound like any parameter) and the statement reads it
   * with `current_setting(name)`. Names take a dotted prefix of our own (`countersign.*`).
   */
  settings: Readonly<Record<string, string>>;
  /** `copy (select …) to stdout with (format csv)`, its text fixed in code, never from input */
  statement: string;
}

/**
 * Streams a COPY's output, or answers null when every export connection is in use. The statement
 * runs in a read-only transaction, so the whole export is one snapshot of the data.
 */
export type CopyOut = (query: CopyOutQuery) => Promise<Readable | null>;

export function createCopyOut(
  connectionString: string,
  onIdleConnectionLost?: (err: Error) => void,
): { copyOut: CopyOut; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString, max: EXPORT_CONNECTIONS });
  // as the main pool: an idle export connection the server ended must not end the process
  pool.on('error', (err) => onIdleConnectionLost?.(err));
  let active = 0;

  async function copyOut({ settings, statement }: CopyOutQuery): Promise<Readable | null> {
    if (active >= EXPORT_CONNECTIONS) return null;
    active++;
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      await client.query('begin isolation level repeatable read read only');
      // the bytes go out as they come, so they must be UTF-8 whatever the database's default
      const names = ['statement_timeout', 'client_encoding', ...Object.keys(settings)];
      const values = [EXPORT_TIMEOUT, 'UTF8', ...Object.values(settings)];
      await client.query(
        `select ${names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
        names.flatMap((name, i) => [name, values[i]]),
      );
    } catch (err) {
      active--;
      client?.release(err as Error);
      throw err;
    }
    const held = client;
    const stream = held.query(copyTo(statement));
    finished(stream, (err) => {
      const release = (failure?: Error) => {
        active--;
        // a connection left inside a COPY (the download was broken off) cannot serve again
        held.release(failure ?? false);
      };
      if (err) release(err);
      else
        held.query('commit').then(
          () => release(),
          (failure: Error) => release(failure),
        );
    });
    return stream;
  }

  return { copyOut, close: () => pool.end() };
}
