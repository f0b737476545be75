import { describe, expect, it } from 'vitest';
import { firstLoadGroups } from './first-load-chunks';

const pnpm = '/repo/node_modules/.pnpm/pkg@1.0.0/node_modules';

/** The group that takes `id`, as the bundler asks them in order. */
function groupOf(id: string): string | undefined {
  return firstLoadGroups.find((group) => group.test(id))?.name;
}

describe('firstLoadGroups', () => {
  it("puts the router, React Query's hooks, the shell and the dashboard in the signed-in chunk", () => {
    expect(groupOf(`${pnpm}/react-router/dist/production/chunk-ABC.mjs`)).toBe('signed-in');
    expect(groupOf(`${pnpm}/@tanstack/query-core/build/modern/queryClient.js`)).toBe('signed-in');
    expect(groupOf(`${pnpm}/@tanstack/react-query/build/modern/useQuery.js`)).toBe('signed-in');
    expect(groupOf('/repo/packages/app/src/app/layouts/shell-layout.tsx')).toBe('signed-in');
    expect(groupOf('/repo/packages/app/src/app/screens/dashboard.tsx')).toBe('signed-in');
    expect(groupOf('/repo/packages/api/src/resources/checkins.ts')).toBe('signed-in');
  });

  it("leaves the sign-in route's QueryClientProvider and the field app's modules alone", () => {
    expect(groupOf(`${pnpm}/@tanstack/react-query/build/modern/QueryClientProvider.js`)).toBe(
      undefined,
    );
    // call.ts is the field app's too: grouped, it would make /campo load the signed-in chunk.
    expect(groupOf('/repo/packages/api/src/call.ts')).toBe(undefined);
    expect(groupOf('/repo/packages/app/src/app/screens/dashboard-test.tsx')).toBe(undefined);
    expect(groupOf('/repo/packages/app/src/field/main.tsx')).toBe(undefined);
  });

  it("groups the modules the sign-in entry shares with screens, and keeps groups' imports out", () => {
    expect(groupOf('/repo/packages/app/src/app/session.ts')).toBe('sign-in');
    expect(groupOf(`${pnpm}/zod/v4/core/regexes.js`)).toBe('sign-in');
    expect(firstLoadGroups.every((group) => !group.includeDependenciesRecursively)).toBe(true);
  });
});
