import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import anaquel from './boundaries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The rule messages for `code` as if it were the file at `file` (relative to the repo root). */
async function messagesOf(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { anaquel },
        rules: {
          'anaquel/server-layers': 'error',
          'anaquel/no-import-cycles': 'error',
        },
      },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('server layers', () => {
  it('refuses an import of a higher layer and of seed/ outside the seeders', async () => {
    expect(
      await messagesOf(
        'packages/server/src/http/x.ts',
        "import { authorize } from '../auth/guard.ts';",
      ),
    ).toEqual([
      "anaquel/server-layers: http (layer 1) imports auth (layer 2), a higher layer ('../auth/guard.ts').",
    ]);
    const seeded = await messagesOf(
      'packages/server/src/visits/x.ts',
      "import { seed } from '../seed/index.ts';",
    );
    expect(seeded).toHaveLength(1);
    expect(seeded[0]).toMatch(/only the seeders, the CLI and main.ts import seed\//);
  });

  it('lets a layer import its own and lower layers, and the CLI import the seeders', async () => {
    expect(
      await messagesOf(
        'packages/server/src/routes/x.ts',
        "import { x } from '../visits/sync.ts';\nimport { y } from '../db/client.ts';\nimport { z } from './users.ts';",
      ),
    ).toEqual([]);
    expect(
      await messagesOf('packages/server/src/cli/x.ts', "import { seed } from '../seed/index.ts';"),
    ).toEqual([]);
    expect(
      await messagesOf('packages/server/src/env.ts', "import { x } from './auth/limits.ts';"),
    ).toEqual([]);
  });

  it("keeps a feature's route modules off the database: routes -> services -> db", async () => {
    const messages = await messagesOf(
      'packages/server/src/surveys/x-routes.ts',
      "import { eq } from 'drizzle-orm';\nimport { surveys } from '../db/schema/index.ts';\nimport { x } from './x-service.ts';",
    );
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      expect(message).toMatch(/a route module calls its services, not the database/);
    }
    expect(
      await messagesOf(
        'packages/server/src/surveys/x-service.ts',
        "import { eq } from 'drizzle-orm';\nimport { surveys } from '../db/schema/index.ts';",
      ),
    ).toEqual([]);
  });

  it('names a folder that no layer holds', async () => {
    const [message] = await messagesOf(
      'packages/server/src/jobs/x.ts',
      "import { x } from '../db/client.ts';",
    );
    expect(message).toMatch(/'jobs' belongs to no server layer/);
  });
});

describe('import cycles', () => {
  it('reports a value import that leads back to the file, with the chain', async () => {
    // tree.ts imports tree-answer.ts, which imports validity.ts: validity importing tree.ts
    // closes the loop.
    const [message] = await messagesOf(
      'packages/server/src/surveys/validity.ts',
      "import { loadSurveyTree } from './tree.ts';\nexport const x = loadSurveyTree;",
    );
    expect(message).toBe(
      'anaquel/no-import-cycles: import cycle: packages/server/src/surveys/validity.ts -> packages/server/src/surveys/tree.ts -> packages/server/src/surveys/tree-answer.ts -> packages/server/src/surveys/validity.ts',
    );
  });

  it('lets a type-only import through (it is erased)', async () => {
    expect(
      await messagesOf(
        'packages/server/src/surveys/validity.ts',
        "import type { SurveyTreeAnswer } from './tree-answer.ts';\nimport { type SurveyContent } from './tree.ts';",
      ),
    ).toEqual([]);
  });
});
