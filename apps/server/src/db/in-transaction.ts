import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** An open Drizzle transaction (the argument of `db.transaction`'s callback). */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Raw SQL with `$1`-style parameters (a library's own, such as the job queue's) run through a Drizzle
 * transaction, so what the library writes joins it: the queue's `send` with `{ db: inTransaction(tx) }`.
 */
export function inTransaction(tx: Pick<Transaction, 'execute'>): {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
} {
  return {
    async executeSql(text, values = []) {
      // "a $1 b $2" splits into text, parameter number, text...: each parameter stays one value.
      const query = sql.join(
        text
          .split(/\$(\d+)/)
          .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1]))),
      );
      const result = (await tx.execute(query)) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
