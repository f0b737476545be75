import {
  parse,
  protocol,
  types,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

// Named prepared statements on PGlite (issue 13, bench/README.md "Session 6").
//
// PGlite's `query()` runs every statement as an unnamed one, in six calls into the database (parse,
// describe, bind, describe, execute, sync), each followed by a file-system sync: the statement is
// parsed and planned again every time, and the calls cost as much as a small query itself. The
// page queries that node-postgres runs as named statements (lists/page-queries.ts `prepared`)
// register their text here; on PGlite such a text is parsed once (per PGlite instance) and then
// run as one bind-execute-sync message. Results come back through PGlite's own parser with the
// caller's options, so drizzle maps the rows exactly as for `query()`. Statements of a
// transaction (PGlite's Transaction object) are not affected.

const serialize = protocol.serialize;

// Drizzle's per-query parsers (issue 13, bench/README.md "Session 10").
//
// Drizzle's PGlite driver asks, with every query, for the date, time and interval types (and
// their arrays, and numeric[]) as PostgreSQL's text: it passes `parsers` mapping each to the
// identity. PGlite then merges those into its own table of 318 parsers, one object spread per
// query: 120 µs, a third of a small query's whole cost. `installNamedStatements` puts the same
// identities in the client's own table (so a query without options gets these types as text
// too), and `withoutTextParsers` drops a query's `parsers` when they ask for nothing else and
// the table still holds our identities (PGlite rebuilds its array parsers on
// `refreshArrayTypes()`): the rows are the same, the spread is gone. Any other parser (another
// type, or one that changes its input) is kept as asked.

/** The type ids drizzle-orm/pglite/session.js hands back as text, and only those. */
const TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/** The identity for each of TEXT_TYPES, as installed in the client's table. */
export const textParsers: Readonly<Record<number, (value: string) => string>> = Object.fromEntries(
  TEXT_TYPES.map((type) => [type, (value: string) => value]),
);

const PROBE = '\u0000anaquel-probe';

/**
 * `options` without its `parsers` when they only ask for TEXT_TYPES as text and `table` (the
 * client's parsers) already answers those types with `textParsers`; otherwise `options` itself.
 */
export function withoutTextParsers(
  options: QueryOptions | undefined,
  table: QueryOptions['parsers'],
): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const key in parsers) {
    const type = Number(key);
    const installed = textParsers[type];
    if (!installed || table?.[type] !== installed || parsers[type]!(PROBE) !== PROBE) {
      return options;
    }
  }
  const { parsers: _dropped, ...rest } = options;
  return rest;
}

/** Texts run as named statements, with their names (at most MAX_NAMED). */
const namedTexts = new Map<string, string>();
const MAX_NAMED = 1_000;

/** Runs `text` as the named statement `name` on PGlite (node-postgres gets the name itself). */
export function nameStatement(text: string, name: string): void {
  if (namedTexts.has(text) || namedTexts.size >= MAX_NAMED) return;
  namedTexts.set(text, name);
}

/** The name registered for `text`, if any (db/pg-named.ts names them on node-postgres too). */
export function statementName(text: string): string | undefined {
  return namedTexts.get(text);
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Makes `client.query` run the registered texts as named statements, and `client.query` and
 * transactions' `query` skip drizzle's text parsers (see above).
 */
export function installNamedStatements(client: PGlite): void {
  Object.assign(client.parsers, textParsers);
  const unnamed = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const query = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        query(text, params, withoutTextParsers(options, client.parsers))) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
  /** Parameter types of the statements parsed on this instance, by name. */
  const prepared = new Map<string, number[]>();

  async function runNamed<T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let types = prepared.get(name);
        if (!types) {
          try {
            const { messages } = await client.execProtocol(
              concat([
                serialize.parse({ name, text, types: [] }),
                serialize.describe({ type: 'S', name }),
                serialize.sync(),
              ]),
              { syncToFs: false },
            );
            const description = messages.find((m) => m.name === 'parameterDescription') as
              { dataTypeIDs: number[] } | undefined;
            types = description?.dataTypeIDs ?? [];
          } catch (error) {
            // Whatever got parsed is dropped, so the next attempt can parse it again.
            await client.execProtocol(
              concat([serialize.close({ type: 'S', name }), serialize.sync()]),
              { syncToFs: false, throwOnError: false },
            );
            throw error;
          }
          prepared.set(name, types);
        }
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const type = types[index]!;
          const serializer = options?.serializers?.[type] ?? client.serializers[type];
          return serializer ? serializer(value) : String(value);
        });
        const { messages } = await client.execProtocol(
          concat([
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      }),
    );
  }

  client.query = (<T>(text: string, params?: unknown[], asked?: QueryOptions) => {
    const options = withoutTextParsers(asked, client.parsers);
    const name = namedTexts.get(text);
    if (name === undefined) return unnamed<T>(text, params, options);
    return runNamed<T>(name, text, params ?? [], options);
  }) as PGlite['query'];
}
