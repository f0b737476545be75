import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

// Named prepared statements on PGlite (issue 13, bench/README.md "Session 6").
//
// PGlite's `query()` runs every statement as an unnamed one, in six calls into the database (parse,
// describe, bind, describe, execute, sync), each followed by a file-system sync: the statement is
// parsed and planned again every time, and the calls cost as much as a small query itself. The
// page queries that node-postgres runs as named statements (resources/listing.ts `prepared`)
// register their text here; on PGlite such a text is parsed once (per PGlite instance) and then
// run as one bind-execute-sync message. Results come back through PGlite's own parser with the
// caller's options, so drizzle maps the rows exactly as for `query()`. Statements of a
// transaction (PGlite's Transaction object) are not affected.

const serialize = protocol.serialize;

/** Texts run as named statements, with their names (at most MAX_NAMED). */
const namedTexts = new Map<string, string>();
const MAX_NAMED = 1_000;

/** Runs `text` as the named statement `name` on PGlite (node-postgres gets the name itself). */
export function nameStatement(text: string, name: string): void {
  if (namedTexts.has(text) || namedTexts.size >= MAX_NAMED) return;
  namedTexts.set(text, name);
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

/** Makes `client.query` run the registered texts as named statements. */
export function installNamedStatements(client: PGlite): void {
  const unnamed = client.query.bind(client);
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

  client.query = (<T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const name = namedTexts.get(text);
    if (name === undefined) return unnamed<T>(text, params, options);
    return runNamed<T>(name, text, params ?? [], options);
  }) as PGlite['query'];
}
