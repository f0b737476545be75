// Per-request cost figures shared by the benches (cpu.ts, visits.ts): CPU time of this process
// (the server's event loop and its driver), CPU time of the PostgreSQL backends serving a
// database, and the statements sent through node-postgres. These move far less with the load
// of a shared machine than req/s and p99 do.
import { readFileSync } from 'node:fs';
import pg from 'pg';

let statements = 0;

/** Counts every call of `proto[method]` as one statement (see `statementsSent`). */
export function countCalls<T extends object>(proto: T, method: keyof T): void {
  const original = proto[method] as unknown as (...args: unknown[]) => unknown;
  (proto as Record<keyof T, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
    statements++;
    return original.apply(this, args);
  };
}
countCalls(pg.Client.prototype, 'query');

/** Statements sent so far (pg.Client#query, pooled clients included, and what countCalls wraps). */
export const statementsSent = (): number => statements;

/** CPU µs (utime + stime) of the PostgreSQL backends serving `database`. */
export async function backendCpu(admin: pg.Client | null, database: string): Promise<number> {
  if (!admin) return 0;
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const tick = 1e6 / 100; // CLK_TCK is 100 on Linux
  let total = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // The backend ended.
    }
  }
  return total;
}
