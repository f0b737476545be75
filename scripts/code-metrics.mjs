#!/usr/bin/env node
// @ts-check
// The size and shape of the shipped code, measured the same way by anyone: files over 400 lines,
// functions over 80 lines, `as never` / `as unknown as` casts in app and api, and import cycles
// (value imports; the lint rule anaquel/no-import-cycles keeps them at 0).
// Shipped code is packages/*/src without tests, stories, test helpers and generated files.
// Declared configuration (below) is listed apart and not counted: it is long because it declares
// data, not because it mixes concerns.
//   node scripts/code-metrics.mjs            a summary and the offenders
//   node scripts/code-metrics.mjs --json     the same as JSON
//   node scripts/code-metrics.mjs --check    exits 1 when a count is over its limit (pnpm check)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { valueImportsOf } from './import-graph.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILE_LINES = 400;
const FUNCTION_LINES = 80;

/** What `--check` allows outside declared configuration: none, since issue #21 reached it. */
const LIMITS = { filesOver400: 0, functionsOver80: 0, casts: 2, cycles: 0 };

/**
 * Declared configuration: files whose length is data (table declarations, demo records), matched
 * by path prefix, each with why it may be long.
 */
const DECLARED_CONFIGURATION = [
  {
    prefix: 'packages/server/src/db/schema/',
    why: 'drizzle table declarations: one column a line, no logic',
  },
  {
    prefix: 'packages/server/src/seed/',
    why: 'demo and platform data for a fresh database, never run by a request',
  },
];

const declaredWhy = (file) =>
  DECLARED_CONFIGURATION.find((entry) => file.startsWith(entry.prefix))?.why;

/** Whether a path under packages/ is shipped code (not a test, story, fixture or generated). */
function isShipped(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (!/^packages\/[^/]+\/src\//.test(rel)) return false;
  if (/\.(test|stories|spec)\.tsx?$/.test(rel)) return false;
  return !/\/(test|stories|generated|__tests__)\//.test(rel);
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const files = walk(path.join(root, 'packages')).filter(isShipped);
const sources = new Map(
  files.map((file) => [
    file,
    ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  ]),
);

const lineOf = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;
const rel = (file) => path.relative(root, file);

/** The name a function is known by: its own, its variable's, its property's or its method's. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) {
    return ts.isIdentifier(parent.name) ? parent.name.text : '(anonymous)';
  }
  if (parent && ts.isCallExpression(parent)) {
    return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  }
  return '(anonymous)';
}

const longFiles = [];
const longFunctions = [];
const casts = [];
for (const [file, sf] of sources) {
  const lines = sf.getLineStarts().length;
  if (lines > FILE_LINES) longFiles.push({ file: rel(file), lines });
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const start = lineOf(sf, node.getStart(sf));
      const length = lineOf(sf, node.getEnd()) - start + 1;
      if (length > FUNCTION_LINES) {
        longFunctions.push({ file: rel(file), line: start, name: nameOf(node), lines: length });
      }
    }
    if (ts.isAsExpression(node)) {
      const target = node.type.getText(sf);
      const inner = node.expression;
      const doubled = ts.isAsExpression(inner) && inner.type.getText(sf) === 'unknown';
      if (target === 'never' || doubled) {
        const pkg = rel(file).split(path.sep)[1];
        if (pkg === 'app' || pkg === 'api') {
          casts.push({
            file: rel(file),
            line: lineOf(sf, node.getStart(sf)),
            text: node.getText(sf).slice(0, 80),
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

// Import cycles among shipped files: value imports only, as the no-import-cycles lint rule sees
// them (scripts/import-graph.mjs).
const graph = new Map(
  files.map((file) => [file, valueImportsOf(file).filter((target) => sources.has(target))]),
);

/** Strongly connected components of more than one file (Tarjan). */
function cycles() {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const connect = (v) => {
    state.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!state.has(w)) {
        connect(w);
        state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
      } else if (state.get(w).onStack) {
        state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
      }
    }
    if (state.get(v).low === state.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!state.has(v)) connect(v);
  return found;
}

const byLength = (a, b) => b.lines - a.lines;
const counted = (item) => declaredWhy(item.file.split(path.sep).join('/')) === undefined;
const report = {
  shippedFiles: files.length,
  filesOver400: longFiles.filter(counted).sort(byLength),
  functionsOver80: longFunctions.filter(counted).sort(byLength),
  declaredConfiguration: {
    filesOver400: longFiles.filter((item) => !counted(item)).sort(byLength),
    functionsOver80: longFunctions.filter((item) => !counted(item)).sort(byLength),
  },
  casts,
  cycles: cycles(),
};
const overLimit = Object.entries(LIMITS).filter(([key, limit]) => report[key].length > limit);

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} else {
  const out = [];
  out.push(`shipped files: ${report.shippedFiles}`);
  out.push(`files over ${FILE_LINES} lines: ${report.filesOver400.length}`);
  for (const f of report.filesOver400) out.push(`  ${f.lines}  ${f.file}`);
  out.push(`functions over ${FUNCTION_LINES} lines: ${report.functionsOver80.length}`);
  for (const f of report.functionsOver80) out.push(`  ${f.lines}  ${f.file}:${f.line}  ${f.name}`);
  out.push(`'as never' / 'as unknown as' casts in app and api: ${report.casts.length}`);
  for (const c of report.casts) out.push(`  ${c.file}:${c.line}  ${c.text}`);
  out.push(`import cycles: ${report.cycles.length}`);
  for (const c of report.cycles) out.push(`  ${c.join(' -> ')}`);
  const declared = report.declaredConfiguration;
  out.push(
    `declared configuration, not counted: ${declared.filesOver400.length} files over ${FILE_LINES}, ` +
      `${declared.functionsOver80.length} functions over ${FUNCTION_LINES}`,
  );
  for (const entry of DECLARED_CONFIGURATION) out.push(`  ${entry.prefix}  ${entry.why}`);
  for (const [key, limit] of overLimit) {
    out.push(`over the limit: ${key} ${report[key].length} (at most ${limit})`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}
if (process.argv.includes('--check') && overLimit.length > 0) process.exitCode = 1;
