// Where this end-to-end run lives. tests/playwright.config.ts fixes it once in the main
// Playwright process; its workers inherit it through the environment.
import { join } from 'node:path';

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) {
  throw new Error('E2E_DATA_DIR is not set: run the journeys through tests/playwright.config.ts');
}

/** The server's DATA_DIR for this run (PGlite, files, outbox). */
const e2eDataDir: string = dataDir;
/** Where the server writes password-reset mails when SMTP_URL is not set. */
export const outboxDir = join(e2eDataDir, 'outbox');
