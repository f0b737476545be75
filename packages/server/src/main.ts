import { buildApp } from './app.ts';
import { createDatabase } from './db/client.ts';
import { ConfigError, loadConfig } from './env.ts';
import { createFileStorage } from './files/create-storage.ts';
import { stopGracefully } from './http/graceful-stop.ts';
import { seed } from './seed/index.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config);
  const storage = await createFileStorage(config);
  await database.exclusive(async () => {
    await database.migrate();
    await seed(database.db, config, { storage });
  });

  const app = await buildApp({ config, db: database.db, storage });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // Readiness turns 503, the listener closes after the drain delay (none for Ctrl+C), the
      // requests in flight finish (http/graceful-stop.ts).
      const outcome = await stopGracefully(app, {
        ...(signal === 'SIGINT' ? { drainDelayMs: 0 } : {}),
        afterClose: async () => {
          await app.services.mailer.flush();
          await database.close();
        },
      });
      app.log.info({ outcome }, 'stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });

  const database_ =
    database.kind === 'pg'
      ? `PostgreSQL (${new URL(config.databaseUrl!).host}${new URL(config.databaseUrl!).pathname})`
      : `PGlite (${config.dataDir}/db)`;
  const lines = [
    '',
    `  Anaquel is running at http://localhost:${config.port}`,
    `  API reference:        http://localhost:${config.port}/api/docs`,
    `  Admin e-mail:         ${config.adminEmail}`,
    `  Admin password:       ${config.adminPassword} (initial; a change made in the app is kept)`,
    `  Data directory:       ${config.dataDir}`,
    `  Database:             ${database_}`,
    `  Files:                ${storage.describe()}`,
    `  Mail:                 ${config.smtpUrl ? 'SMTP' : `written to ${config.dataDir}/outbox`}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Anaquel failed to start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
