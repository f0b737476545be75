import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @anaquel/server db:generate` writes SQL migrations to ./drizzle (committed).
// Pre-release: when migrations conflict, delete ./drizzle and generate again.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
