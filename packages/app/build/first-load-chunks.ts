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
  workspace('api', ['query-client\\.ts', 'resources/(?:resource|checkins)\\.ts']),
  workspace('ui', ['components/toaster/Toaster\\.tsx']),
  dependency('react-aria', 'dist[\\\\/]private[\\\\/](?:toast|landmark|intl[\\\\/]toast)[\\\\/]'),
  dependency('react-aria-components', 'dist[\\\\/]private[\\\\/]Toast\\.mjs$'),
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
];
