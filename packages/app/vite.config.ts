import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  EARLY_REFRESH_GLOBAL,
  EARLY_REFRESH_URL,
  REFRESH_LOCK_NAME,
} from '../api/src/early-refresh.ts';
import { firstLoadGroups } from './build/first-load-chunks.ts';
import { firstLoadPreload } from './build/first-load-preload.ts';
import { fieldPwa } from './build/field-pwa.ts';
import { precompress } from './build/precompress.ts';
import { routerTreeShaking } from './build/router-pure.ts';

/** A module of one of `packages` in node_modules (pnpm's layout included). */
function nodeModules(packages: string[]): RegExp {
  return new RegExp(
    `[\\\\/]node_modules[\\\\/](?:\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?(?:${packages.join('|')})[\\\\/]`,
  );
}

/**
 * The field app's addresses (/campo, /campo/...) answer campo.html in `vite` (dev and preview), as
 * the server does once built (packages/server/src/http/app-files.ts).
 */
function fieldAppPages(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url && /^\/campo(?:\/[^.]*)?(?:\?.*)?$/i.test(req.url)) req.url = '/campo.html';
    next();
  };
  return {
    name: 'anaquel-field-app-pages',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

export default defineConfig({
  plugins: [
    fieldAppPages(),
    react(),
    tailwindcss(),
    // The app speaks es-MX only (I18nProvider in app/providers.tsx): react-aria's strings for its
    // other ~33 locales are left out of the bundle. Spanish ships in react-aria as es-ES, which
    // es-MX falls back to by language, so the language ('es') is what is kept.
    optimizeLocales.vite({ locales: ['es'] }),
    routerTreeShaking(),
    // A signed-in page's first load fetches its router, shell and screen with the entry.
    firstLoadPreload({
      src: fileURLToPath(new URL('./src', import.meta.url)),
      storageKey: 'anaquel-auth',
      tabletMinWidth: 768,
      earlyRefresh: {
        url: EARLY_REFRESH_URL,
        lock: REFRESH_LOCK_NAME,
        global: EARLY_REFRESH_GLOBAL,
      },
    }),
    // The field app's manifest and service worker (campo.html only: docs/field-app.md).
    ...fieldPwa(),
    precompress(),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The API and its refresh cookie (Path=/api/v1/auth) live on the Fastify server.
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Two pages: the back-office and the promoters' field app (/campo), each its own entry so
      // neither loads the other's code (docs/field-app.md).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        campo: fileURLToPath(new URL('./campo.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // React in one chunk: left to itself the bundler splits its JSX runtime (under 512
            // bytes, so sent uncompressed: packages/app/build/precompress.ts) from the rest.
            { name: 'react', test: nodeModules(['react', 'react-dom', 'scheduler']) },
            // Modules of a few hundred bytes shared by the sign-in route and many screens, which
            // would otherwise be chunks of their own (one request each, too small to compress).
            {
              name: 'shared',
              test: (id) =>
                /[\\/]app[\\/]src[\\/]lib[\\/]notify\.ts$/.test(id) ||
                /[\\/]react-aria[\\/]dist[\\/]private[\\/]utils[\\/]useSlot\.mjs$/.test(id) ||
                /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](?:mutation|query|infiniteQuery)Options\.js$/.test(
                  id,
                ),
            },
            // Fewer, larger chunks for the sign-in route and a signed-in page's first load.
            ...firstLoadGroups,
          ],
        },
      },
    },
  },
});
