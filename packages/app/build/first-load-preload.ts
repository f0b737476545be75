import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** A screen of the table: its route pattern and the module its `screen` imports. */
export interface TableScreen {
  pattern: string;
  module: string;
}

/**
 * The screens of `source` (app/screen-table.ts): each `path: '…'` with the `screen:` that follows
 * it, `() => import('…')` or `relationScreen(…)` (the relation editors' shared module). Throws when
 * an entry's module cannot be read, so the build fails rather than preload the wrong files.
 */
export function tableScreens(source: string): TableScreen[] {
  const table = source.slice(source.indexOf('export const privateScreens'));
  const entries = table.split(/(?=\bpath: ')/).slice(1);
  const screens = entries.map((entry) => {
    const pattern = /^path: '([^']+)'/.exec(entry)?.[1];
    const module = /\bscreen: relationScreen\(/.test(entry)
      ? '../features/relations/relation-screens'
      : /\bscreen: \(\) => import\('([^']+)'\)/.exec(entry)?.[1];
    if (!pattern || !module) throw new Error(`screen-table.ts: unreadable entry\n${entry}`);
    return { pattern, module };
  });
  if (screens.length === 0) throw new Error('screen-table.ts: no screen found');
  return screens;
}

/** `fileName` and every chunk it imports statically, at any depth. */
function withImports(bundle: Rollup.OutputBundle, fileName: string): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    files.add(name);
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(fileName);
  return [...files];
}

/** The chunk holding `file` (a module's path without its extension) and every chunk it imports. */
function moduleFiles(bundle: Rollup.OutputBundle, file: string): string[] {
  const owner = Object.values(bundle).find(
    (item) =>
      item.type === 'chunk' &&
      item.moduleIds.some((id) => id.replace(/\.[cm]?[jt]sx?$/, '') === file),
  );
  if (!owner) throw new Error(`no chunk holds ${file}`);
  return withImports(bundle, owner.fileName);
}

/**
 * The script that, in index.html, starts the code of a signed-in page's first screen while the
 * entry loads: `boot` (router, shell, QueryClient), `wide` from tablet up (the side menu) and the
 * files of the screen whose pattern matches the URL. Without it each of those waits for the entry
 * to run, then for the router to match the URL (two more round trips on a phone). A signed-out
 * visitor (the persisted auth store says so) preloads nothing: /login stays as light as it is.
 * For a signed-in visitor it also starts the session renewal (a reload has no access token), under
 * the lock every renewal takes, and leaves its answer for the client's first renewal.
 */
function preloadScript(
  { storageKey, tabletMinWidth, earlyRefresh }: Omit<FirstLoadPreloadOptions, 'src'>,
  boot: string[],
  wide: string[],
  screens: [RegExp, string[]][],
): string {
  const table = screens.map(([pattern, files]) => `[${String(pattern)},${JSON.stringify(files)}]`);
  const { url, lock, global } = earlyRefresh;
  return `(function () {
  try {
    var auth = JSON.parse(localStorage.getItem(${JSON.stringify(storageKey)}) || 'null');
    if (!auth || !auth.state || !auth.state.isAuthenticated) return;
  } catch (e) {
    return;
  }
  var screens = [${table.join(',')}];
  var files = null;
  for (var i = 0; i < screens.length && !files; i++)
    if (screens[i][0].test(location.pathname)) files = screens[i][1];
  if (!files) return;
  var renew = function () {
    return fetch(${JSON.stringify(url)}, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  };
  window[${JSON.stringify(global)}] = navigator.locks ? navigator.locks.request(${JSON.stringify(lock)}, renew) : renew();
  files = ${JSON.stringify(boot)}.concat(files);
  if (matchMedia('(min-width: ${tabletMinWidth}px)').matches) files = files.concat(${JSON.stringify(wide)});
  for (var j = 0; j < files.length; j++) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/' + files[j];
    document.head.appendChild(link);
  }
})();`;
}

/** A route pattern as the router matches it: case-insensitive, a trailing slash allowed. */
function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'),
    )
    .join('\\/');
  return new RegExp(`^${source}\\/?$`, 'i');
}

interface FirstLoadPreloadOptions {
  /** The app's `src` folder. */
  src: string;
  /** The persisted auth store's localStorage key (stores/auth-store.ts). */
  storageKey: string;
  /** From this width the side menu is part of the first paint (lib/use-media-query.ts). */
  tabletMinWidth: number;
  /**
   * The session renewal to start at once (@anaquel/api's early-refresh.ts: its URL, the Web Lock
   * every renewal takes and the global the client takes the answer from).
   */
  earlyRefresh: { url: string; lock: string; global: string };
}

/**
 * Adds to index.html the preload script above, built from the bundle: the route table of
 * app/screen-table.ts and the chunks each screen, the router, the shell and the QueryClient need
 * (what first-screen.ts and routes.tsx import at a signed-in page's first load).
 */
export function firstLoadPreload({ src, ...options }: FirstLoadPreloadOptions): Plugin {
  const app = path.join(src, 'app');
  return {
    name: 'anaquel:first-load-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk, filename }): string {
        if (!bundle || !chunk || path.basename(filename) !== 'index.html') return html;
        const inEntry = new Set(withImports(bundle, chunk.fileName));
        const files = (module: string) =>
          moduleFiles(bundle, path.join(app, module)).filter((file) => !inEntry.has(file));
        const boot = [
          ...new Set(['./app-router', './layouts/shell-layout', './query-services'].flatMap(files)),
        ];
        const wide = files('./layouts/app-sidebar').filter((file) => !boot.includes(file));
        const source = readFileSync(path.join(app, 'screen-table.ts'), 'utf8');
        // A fixed segment before a `:param`, as the router ranks them.
        const screens = tableScreens(source)
          .sort((a, b) => a.pattern.split(':').length - b.pattern.split(':').length)
          .map(({ pattern, module }): [RegExp, string[]] => [
            patternRegExp(pattern),
            files(module).filter((file) => !boot.includes(file)),
          ]);
        // After the entry's own preloads (fetched first: the first paint needs them), before its
        // stylesheet (a script after a stylesheet waits for it to load).
        const at = html.indexOf('<link rel="stylesheet"', html.indexOf('<script type="module"'));
        if (at < 0) throw new Error('index.html: no stylesheet after the entry');
        const script = preloadScript(options, boot, wide, screens);
        return `${html.slice(0, at)}<script>${script}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}
