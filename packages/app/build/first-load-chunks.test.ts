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

  it("puts a list screen's table kit, the shared small modules and the visits' own in one chunk each", () => {
    expect(groupOf('/repo/packages/ui/src/components/data-table/DataTable.tsx')).toBe('data-table');
    expect(groupOf('/repo/packages/ui/src/components/pagination/Pagination.tsx')).toBe(
      'data-table',
    );
    expect(groupOf(`${pnpm}/@tanstack/table-core/dist/core/coreFeatures.js`)).toBe('data-table');
    expect(groupOf(`${pnpm}/@tanstack/react-table/dist/useTable.js`)).toBe('data-table');
    expect(groupOf('/repo/packages/ui/src/format.ts')).toBe('common');
    expect(groupOf('/repo/packages/ui/src/components/empty-state/EmptyState.tsx')).toBe('common');
    expect(groupOf(`${pnpm}/react-aria-components/dist/private/SearchField.mjs`)).toBe('common');
    expect(groupOf('/repo/packages/app/src/features/checkins/visit-queries.ts')).toBe('visits');
    expect(groupOf('/repo/packages/app/src/features/checkins/geo-status.tsx')).toBe('visits');
    expect(groupOf('/repo/packages/api/src/resources/users.ts')).toBe('signed-in');
  });

  it('leaves what comes after the first paint, the screens and the checkbox to the bundler', () => {
    // The column and export menus are fetched once the rows have painted.
    expect(groupOf('/repo/packages/ui/src/components/data-table/table-menus.tsx')).toBe(undefined);
    expect(groupOf('/repo/packages/app/src/features/checkins/checkins-page.tsx')).toBe(undefined);
    expect(groupOf('/repo/packages/app/src/features/checkins/visit-pickers.tsx')).toBe(undefined);
    // The field app's answers use it: in 'common' the field app would load it at start.
    expect(groupOf('/repo/packages/ui/src/components/checkbox/Checkbox.tsx')).toBe(undefined);
  });
});
