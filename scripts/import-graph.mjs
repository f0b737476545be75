// @ts-check
// The graph of relative, value (not type-only) imports between the repository's TypeScript files,
// read with the TypeScript parser and kept per file until the file changes. Shared by the
// no-import-cycles lint rule (scripts/eslint/boundaries.mjs) and `pnpm metrics`: a type-only
// import is erased at build time, so only value imports can make modules run in a surprising
// order or see each other half-initialised.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** @type {Map<string, { mtimeMs: number; targets: string[] }>} */
const cache = new Map();

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, or null (a package import, or nothing there). */
export function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), ...EXTENSIONS.map((e) => base + e)]) {
    if (/\.(ts|tsx|mts)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Whether an import or export declaration brings in values (not only types). */
function bringsValues(statement) {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return true; // a side-effect import runs the module
    if (clause.isTypeOnly) return false;
    if (clause.name) return true;
    const bindings = clause.namedBindings;
    if (!bindings || ts.isNamespaceImport(bindings)) return true;
    return bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
  }
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return false;
    const clause = statement.exportClause;
    if (!clause || !ts.isNamedExports(clause)) return true;
    return clause.elements.some((e) => !e.isTypeOnly);
  }
  return false;
}

/** The files `file` imports values from by relative paths (dynamic `import()` excluded: it is lazy). */
export function valueImportsOf(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = cache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.targets;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const targets = [];
  for (const statement of source.statements) {
    if (!bringsValues(statement)) continue;
    const specifier = /** @type {ts.ImportDeclaration | ts.ExportDeclaration} */ (statement)
      .moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const target = resolveRelative(file, specifier.text);
    if (target) targets.push(target);
  }
  cache.set(file, { mtimeMs, targets });
  return targets;
}

/** A shortest chain of value imports from `start` back to `goal` (both included), or null. */
export function pathBetween(start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = /** @type {string} */ (queue.shift());
    if (current === goal) {
      const chain = [];
      for (let at = current; at !== null; at = previous.get(at) ?? null) chain.unshift(at);
      return chain;
    }
    for (const next of valueImportsOf(current)) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}
