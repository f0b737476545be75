import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';
import { applyChange, moveEveryVersionOn, type ChangeFeed } from './versions.ts';

// The processes of one installation tell each other what changed through PostgreSQL's
// LISTEN/NOTIFY (docs/deployment.md, "Several processes"): each holds one connection that
// LISTENs on CHANNEL, and a change is announced with `pg_notify` after its transaction commits.
// A notice is `{"o": origin, "n": [names]}`; a process ignores its own (it applied them already).
// The listening connection is opened again when lost, with a growing pause; meanwhile
// ./versions.ts trusts nothing remembered for longer than UNLISTENED_TRUST_MS.

const CHANNEL = 'anaquel_changes';
/** How often the listening connection proves it is alive (a silent network loss shows here). */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 2_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** One more try of a notice that failed (the database was briefly unreachable). */
const PUBLISH_RETRY_MS = 200;

interface FeedLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

const silent: FeedLog = { info() {}, warn() {} };

/**
 * The listening connection alone does not keep the process alive (a script that is done exits,
 * as it did when its pool's idle connections closed); a server is kept alive by its listener.
 */
function unrefConnection(client: pg.Client): void {
  (
    client as unknown as { connection?: { stream?: { unref?: () => void } } }
  ).connection?.stream?.unref?.();
}

export class PgChangeFeed implements ChangeFeed {
  readonly #origin = randomUUID();
  #client: pg.Client | null = null;
  /** The connection being opened, until it listens. */
  #connecting: pg.Client | null = null;
  #listening = false;
  #closed = false;
  #pause = RECONNECT_MIN_MS;
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  log: FeedLog = silent;

  constructor(
    private readonly db: Db,
    private readonly connectionString: string,
  ) {}

  get listening(): boolean {
    return this.#listening;
  }

  /** Opens the listening connection; resolves once listening (or once the first try failed). */
  async start(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      application_name: 'anaquel-change-feed',
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('connection ended')));
    client.on('notification', (message) => this.#receive(message.channel, message.payload));
    this.#connecting = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      unrefConnection(client);
    } catch (error) {
      this.#lost(client, error);
      return;
    }
    this.#connecting = null;
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#listening = true;
    this.#pause = RECONNECT_MIN_MS;
    // Whatever changed while nobody listened is unknown: trust nothing remembered before.
    moveEveryVersionOn(this.db);
    this.#heartbeat = setInterval(() => void this.#beat(client), HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  async publish(names: readonly string[]): Promise<void> {
    const payload = JSON.stringify({ o: this.#origin, n: names });
    const notify = () => this.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    try {
      await notify();
    } catch (error) {
      this.log.warn({ err: error }, 'change notice failed; trying once more');
      await new Promise((resolve) => setTimeout(resolve, PUBLISH_RETRY_MS));
      await notify().catch((again: unknown) => {
        this.log.warn(
          { err: again },
          'change notice lost: other processes see it within their cache times',
        );
      });
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#heartbeat);
    const clients = [this.#client, this.#connecting];
    this.#client = null;
    this.#connecting = null;
    this.#listening = false;
    await Promise.all(clients.map((client) => client?.end().catch(() => {})));
  }

  #receive(channel: string, payload: string | undefined): void {
    if (channel !== CHANNEL || !payload) return;
    let notice: { o?: unknown; n?: unknown };
    try {
      notice = JSON.parse(payload) as typeof notice;
    } catch {
      return;
    }
    if (notice.o === this.#origin || !Array.isArray(notice.n)) return;
    applyChange(
      this.db,
      notice.n.filter((name): name is string => typeof name === 'string'),
    );
  }

  async #beat(client: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat timed out')), HEARTBEAT_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('select 1'), timeout]);
    } catch (error) {
      this.#lost(client, error);
    } finally {
      clearTimeout(timer);
    }
  }

  #lost(client: pg.Client, error: unknown): void {
    if (this.#closed) return;
    if (this.#client === client) {
      this.#client = null;
      this.#listening = false;
      clearInterval(this.#heartbeat);
      this.log.warn({ err: error }, 'change feed lost; caches trusted 1 s until it is back');
      client.end().catch(() => {});
    } else if (this.#connecting === client) {
      this.#connecting = null;
      client.end().catch(() => {});
    } else {
      return; // an old connection's late event
    }
    if (this.#retry !== undefined) return;
    const pause = this.#pause;
    this.#pause = Math.min(this.#pause * 2, RECONNECT_MAX_MS);
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      void this.start().then(() => {
        if (this.#listening) this.log.info({}, 'change feed listening again');
      });
    }, pause);
    this.#retry.unref();
  }
}
