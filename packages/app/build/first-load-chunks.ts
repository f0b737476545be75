/** A module of the workspace's `packages/<pkg>/src/` whose path there matches one of `files`. */
function workspace(pkg: string, files: string[]): RegExp {
  return new RegExp(`[\\\\/]packages[\\\\/]${pkg}[\\\\/]src[\\\\/](?:${files.join('|')})$`);
}

/** A module of a package in node_modules (pnpm's layout included) under `folder`. */
function dependency(pkg: string, folder = ''): RegExp {
  return new RegExp(
    `[\\\\/]node_modules[\\\\/](?:\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?${pkg}[\\\\/]${folder}`,
  );
}

const matchesAny = (patterns: RegExp[]) => (id: string) =>
  patterns.some((pattern) => pattern.test(id));

/**
 * Modules the entry imports that screens import too: left to itself the bundler gives each its
 * own chunk (a few hundred bytes, one request each), all of them loaded with the entry.
 */
const signInModules = [
  workspace('app', ['stores/modal-store\\.ts', 'app/session\\.ts']),
  workspace('ui', ['components/field/form-props\\.ts']),
  dependency('zod', 'v4[\\\\/]core[\\\\/]regexes\\.js$'),
];

/**
 * What every signed-in page loads before its screen: the router, the route table and its guards,
 * the shell, the toaster, the QueryClient with React Query's hooks, and the dashboard (the first
 * screen after signing in) with the API modules every screen uses. None of it is the sign-in
 * route's (its entry would then load this chunk) nor the field app's (campo.html: it would load
 * all of it).
 */
const signedInModules = [
  dependency('react-router', 'dist'),
  dependency('@tanstack[\\\\/]query-core'),
  // QueryClientProvider is the entry's (app/providers.tsx), the *Options helpers the 'shared' group's.
  /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](?!QueryClientProvider\.js$)[^\\/]+$/,
  workspace('app', [
    'app/(?:app-router|routes|guards|app-root|query-services|menu)\\.tsx?',
    'app/layouts/(?:shell-layout|public-layout|sidebar-id)\\.tsx?',
    'app/screens/(?:route-error|dashboard)\\.tsx',
    'stores/sidebar-store\\.ts',
    'features/checkins/visit-summary\\.tsx',
  ]),
  workspace('api', ['query-client\\.ts', 'resources/(?:resource|checkins|files|users)\\.ts']),
  workspace('ui', ['components/toaster/Toaster\\.tsx']),
  dependency('react-aria', 'dist[\\\\/]private[\\\\/](?:toast|landmark|intl[\\\\/]toast)[\\\\/]'),
  dependency('react-aria-components', 'dist[\\\\/]private[\\\\/]Toast\\.mjs$'),
];

/**
 * The list screens' kit: the data table with TanStack Table, its pagination and yes/no cells, and
 * the table state's conventions. Every list screen renders all of it; left to itself the bundler
 * cuts it into several chunks by which screens import which part. The table's column and export
 * menus stay out (fetched once the rows have painted).
 */
const dataTableModules = [
  workspace('ui', [
    'components/data-table/(?!table-menus\\.)[^\\\\/]+\\.tsx?',
    'components/pagination/[^\\\\/]+\\.tsx?',
    'components/yes-no/YesNo\\.tsx',
    'lib/after-paint\\.ts',
  ]),
  workspace('api', ['conventions\\.ts']),
  dependency('@tanstack[\\\\/](?:react-table|table-core|store|react-store)'),
  dependency('use-sync-external-store'),
];

/**
 * Small parts of the design system that screens of both pages use (the back-office's and the field
 * app's): the formats, the badge, the empty state, the search field, the images' button. A few
 * hundred bytes each, one request each when left apart. The checkbox is not one: the field app
 * uses it only in a visit's answers, and here it would load with the field app's first screen.
 */
const commonModules = [
  workspace('ui', [
    'format\\.ts',
    'components/(?:badge/Badge|empty-state/EmptyState|image-gallery/ImageCountButton)\\.tsx',
  ]),
  dependency('react-aria', 'dist[\\\\/]private[\\\\/](?:intl[\\\\/])?searchfield[\\\\/]'),
  dependency('react-stately', 'dist[\\\\/]private[\\\\/]searchfield[\\\\/]'),
  dependency('react-aria-components', 'dist[\\\\/]private[\\\\/]SearchField\\.mjs$'),
];

/**
 * What the views of 'Visitas' (list, map, gallery) and a visit's pages share: the filters read
 * from the URL, the dates' rule, the distance badges and the view switch.
 */
const visitModules = [
  workspace('app', [
    'features/checkins/(?:date-time|visit-views|geo-status|visit-dates|visit-queries)\\.tsx?',
  ]),
  workspace('ui', ['components/date-range-picker/clamp-check-in-range\\.ts']),
];

/**
 * Chunking groups (rolldown's `output.codeSplitting.groups`) that cut the requests of the sign-in
 * route and of a signed-in page's first load: on a phone each request costs a round trip more
 * than its bytes (25-35 scripts before the first paint, six at a time over HTTP/1.1).
 *
 * A group keeps only its own modules (`includeDependenciesRecursively: false`): what they import
 * stays in the entry's or the field app's chunks, which would otherwise load the group's chunk.
 */
export const firstLoadGroups = [
  { name: 'sign-in', test: matchesAny(signInModules), includeDependenciesRecursively: false },
  { name: 'signed-in', test: matchesAny(signedInModules), includeDependenciesRecursively: false },
  { name: 'data-table', test: matchesAny(dataTableModules), includeDependenciesRecursively: false },
  { name: 'common', test: matchesAny(commonModules), includeDependenciesRecursively: false },
  { name: 'visits', test: matchesAny(visitModules), includeDependenciesRecursively: false },
];
