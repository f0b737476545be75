// @ts-check
// The package boundaries of ARCHITECTURE §1 as an eslint rule:
// - ui imports nothing of ours (no @anaquel/*, nothing outside packages/ui) but the survey
//   engine (@anaquel/api/survey-engine: pure functions, no client, no React), which the
//   designer's preview runs;
// - api imports neither ui, app nor server;
// - server imports only the contract's types: `import type` from @anaquel/api/schema, /values or
//   /derived (generated types and the types derived from them), plus the dependency-free rules
//   and messages of @anaquel/api/rules, and nothing else of ours;
// - a feature of the app (src/features/<name>/) does not import another feature;
// - the server's layers (server-layers below): each folder of packages/server/src imports only
//   from its own layer or lower ones, and only the seeders, the CLI and main.ts import seed/;
// - no value import closes a cycle (no-import-cycles), anywhere in the repository.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathBetween, resolveRelative } from '../import-graph.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packages = path.join(root, 'packages');
const CONTRACT_TYPES = new Set([
  '@anaquel/api/schema',
  '@anaquel/api/values',
  '@anaquel/api/derived',
]);
/** Dependency-free rules and messages of the contract, which the server runs (docs/decisions.md). */
const CONTRACT_RULES = '@anaquel/api/rules';
/** The one survey engine (docs/decisions.md): pure, dependency-free, shared by server, ui and app. */
const SURVEY_ENGINE = '@anaquel/api/survey-engine';

/** The package ('ui', 'api', 'app', 'server') and app feature of an absolute path. */
function locate(file) {
  const relative = path.relative(packages, file);
  if (relative.startsWith('..')) return { pkg: null, feature: null };
  const [pkg, ...rest] = relative.split(path.sep);
  const feature = pkg === 'app' && rest[0] === 'src' && rest[1] === 'features' ? rest[2] : null;
  return { pkg, feature: feature ?? null };
}

/** Whether an import or export declaration brings in types only. */
const typeOnlyOf = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/**
 * The visitors that hand every module specifier of a file to `check(node, source, typeOnly)`:
 * imports, re-exports and (unless `dynamic` is false) `import()`.
 */
function importVisitors(check, { dynamic = true } = {}) {
  return {
    ImportDeclaration: (node) => check(node, node.source.value, typeOnlyOf(node)),
    ExportNamedDeclaration: (node) =>
      node.source && check(node, node.source.value, typeOnlyOf(node)),
    ExportAllDeclaration: (node) => check(node, node.source.value, typeOnlyOf(node)),
    ...(dynamic
      ? {
          ImportExpression: (node) =>
            node.source.type === 'Literal' && check(node, node.source.value, false),
        }
      : {}),
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const packageBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'ARCHITECTURE §1 package boundaries' },
  },
  create(context) {
    const file = context.filename;
    const here = locate(file);
    if (!here.pkg) return {};
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string') return;
      const report = (message) => context.report({ node, message });
      if (source.startsWith('@anaquel/')) {
        const target = source.split('/')[1];
        if (here.pkg === 'ui' && source !== SURVEY_ENGINE) {
          return report(`ui imports nothing of ours but the survey engine ('${source}').`);
        }
        if (here.pkg === 'api' && target !== 'api')
          return report(`api imports only the contract ('${source}').`);
        if (
          here.pkg === 'server' &&
          source !== CONTRACT_RULES &&
          source !== SURVEY_ENGINE &&
          !(CONTRACT_TYPES.has(source) && typeOnly)
        ) {
          return report(
            `server imports only the contract's types: \`import type\` from @anaquel/api/schema, /values or /derived ('${source}').`,
          );
        }
        return;
      }
      if (!source.startsWith('.')) return;
      const there = locate(path.resolve(path.dirname(file), source));
      if (there.pkg && there.pkg !== here.pkg) {
        return report(`${here.pkg} reaches into ${there.pkg} by a relative path ('${source}').`);
      }
      if (here.feature && there.feature && here.feature !== there.feature) {
        return report(
          `features do not import each other: ${here.feature} -> ${there.feature} ('${source}'); move the shared part to components/ or lib/.`,
        );
      }
    };
    return importVisitors(check);
  },
};

const serverSource = path.join(packages, 'server', 'src');

/**
 * The server's layers, lowest first: a module imports from its own layer or a lower one. The
 * first segment under packages/server/src names the layer (a top-level file by its name).
 * - foundation: configuration, the database schema and client, and lib/ (dependency-free
 *   helpers such as the bounded cache);
 * - infrastructure: HTTP (contract, validation, errors), mail, files, the zip-code catalogue,
 *   and lists/ (how any paged list is read, counted and cached);
 * - auth: sessions, permissions, the guard;
 * - features: master data, surveys, visits, reports (the rules of each, with their SQL);
 * - routes: the HTTP handlers that are not declared by a feature's factory;
 * - composition: the app, the server's entry, the CLI and the seeders, which wire the rest.
 */
const SERVER_LAYERS = [
  // auth/limits.ts holds only the default numbers of the auth rate limits, which env.ts
  // puts in the configuration: configuration, whatever folder names its subject.
  ['env.ts', 'db', 'lib', 'auth/limits.ts'],
  ['http', 'mail', 'files', 'zipcodes', 'lists'],
  ['auth'],
  ['resources', 'surveys', 'visits', 'reports'],
  ['routes'],
  ['services.ts', 'app.ts', 'main.ts', 'cli', 'seed'],
];
const layerOf = new Map(SERVER_LAYERS.flatMap((names, rank) => names.map((n) => [n, rank])));
/** Who may import seed/: the seeders themselves, the CLI and the server's entry. */
const SEED_IMPORTERS = new Set(['seed', 'cli', 'main.ts']);
/**
 * A feature's route modules (`*-routes.ts` of a feature folder, e.g. surveys/survey-routes.ts)
 * map HTTP to the feature's services, which hold the SQL: routes -> services -> db, so a route
 * module imports neither db/ nor drizzle.
 */
const isFeatureRoutes = (file) =>
  layerOf.get(serverSegment(file) ?? '') === layerOf.get('surveys') && file.endsWith('-routes.ts');
const isDrizzle = (source) => source === 'drizzle-orm' || source.startsWith('drizzle-orm/');

/**
 * The layer key of a server source path: the file's own two segments when SERVER_LAYERS names
 * them ('auth/limits.ts'), else its first segment ('auth', 'app.ts'); null outside src/.
 */
function serverSegment(file) {
  const relative = path.relative(serverSource, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const segments = relative.split(path.sep);
  const two = segments.slice(0, 2).join('/');
  return layerOf.has(two) ? two : (segments[0] ?? null);
}

/** @type {import('eslint').Rule.RuleModule} */
const serverLayers = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: "the server's layers (scripts/eslint/boundaries.mjs)" },
  },
  create(context) {
    const file = context.filename;
    const here = serverSegment(file);
    if (here === null) return {};
    const hereRank = layerOf.get(here);
    const routes = isFeatureRoutes(file);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const relative = source.startsWith('.');
      const there = relative ? serverSegment(path.resolve(path.dirname(file), source)) : null;
      if (routes && (relative ? there === 'db' : isDrizzle(source))) {
        return context.report({
          node,
          message: `a route module calls its services, not the database ('${source}'): move the query to a service.`,
        });
      }
      if (there === null || there === here) return;
      if (there === 'seed' && !SEED_IMPORTERS.has(here)) {
        return context.report({
          node,
          message: `only the seeders, the CLI and main.ts import seed/ ('${source}'); move what ${here} needs to its own layer.`,
        });
      }
      const thereRank = layerOf.get(there);
      if (hereRank === undefined || thereRank === undefined) {
        return context.report({
          node,
          message: `'${hereRank === undefined ? here : there}' belongs to no server layer: add it to SERVER_LAYERS.`,
        });
      }
      if (thereRank > hereRank) {
        context.report({
          node,
          message: `${here} (layer ${hereRank}) imports ${there} (layer ${thereRank}), a higher layer ('${source}').`,
        });
      }
    };
    return importVisitors(check);
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycles = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'no value import closes a cycle (type-only and dynamic imports aside)' },
  },
  create(context) {
    const file = context.filename;
    const check = (node, source, typeOnly) => {
      if (typeOnly || typeof source !== 'string') return;
      const target = resolveRelative(file, source);
      if (!target) return;
      const back = pathBetween(target, file);
      if (!back) return;
      const chain = [file, ...back].map((f) => path.relative(root, f)).join(' -> ');
      context.report({ node, message: `import cycle: ${chain}` });
    };
    return importVisitors(check, { dynamic: false });
  },
};

export default {
  rules: {
    'package-boundaries': packageBoundaries,
    'server-layers': serverLayers,
    'no-import-cycles': noImportCycles,
  },
};
