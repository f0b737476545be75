// @ts-check
// The package boundaries of ARCHITECTURE §1 as an eslint rule:
// - ui imports nothing of ours (no @anaquel/*, nothing outside packages/ui);
// - api imports neither ui, app nor server;
// - server imports only the contract's types: `import type` from @anaquel/api/schema, /values or
//   /derived (generated types and the types derived from them), plus the dependency-free rules
//   and messages of @anaquel/api/rules, and nothing else of ours;
// - a feature of the app (src/features/<name>/) does not import another feature.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packages = path.join(root, 'packages');
const CONTRACT_TYPES = new Set([
  '@anaquel/api/schema',
  '@anaquel/api/values',
  '@anaquel/api/derived',
]);
/** Dependency-free rules and messages of the contract, which the server runs (docs/decisions.md). */
const CONTRACT_RULES = '@anaquel/api/rules';

/** The package ('ui', 'api', 'app', 'server') and app feature of an absolute path. */
function locate(file) {
  const relative = path.relative(packages, file);
  if (relative.startsWith('..')) return { pkg: null, feature: null };
  const [pkg, ...rest] = relative.split(path.sep);
  const feature = pkg === 'app' && rest[0] === 'src' && rest[1] === 'features' ? rest[2] : null;
  return { pkg, feature: feature ?? null };
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
        if (here.pkg === 'ui') return report(`ui imports nothing of ours ('${source}').`);
        if (here.pkg === 'api' && target !== 'api')
          return report(`api imports only the contract ('${source}').`);
        if (
          here.pkg === 'server' &&
          source !== CONTRACT_RULES &&
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
    const typeOnlyOf = (node) =>
      node.importKind === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, node.source.value, typeOnlyOf(node)),
      ExportNamedDeclaration: (node) =>
        node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node, node.source.value, false),
    };
  },
};

export default { rules: { 'package-boundaries': packageBoundaries } };
