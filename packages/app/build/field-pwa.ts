import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/** The field app's page; the service worker and the manifest belong to it alone. */
const FIELD_PAGE = 'campo.html';
/** Where the service worker is served (at the root, so that its scope can be /campo). */
const FIELD_SW_FILE = 'campo-sw.js';
/** Every address the field app answers: /campo and anything under it (docs/field-app.md). */
const FIELD_SCOPE = '/campo';

/** Design tokens of packages/ui/src/styles.css: `--color-brand` and the light `--color-page`. */
const BRAND = '#4338ca';
const PAGE = '#f8fafc';

const manifest: Partial<ManifestOptions> = {
  id: FIELD_SCOPE,
  name: 'Anaquel Campo',
  short_name: 'Anaquel',
  description:
    'Las visitas de los promotores: la ruta del día, la llegada y las encuestas, con o sin conexión.',
  lang: 'es-MX',
  dir: 'ltr',
  start_url: FIELD_SCOPE,
  scope: FIELD_SCOPE,
  display: 'standalone',
  orientation: 'portrait',
  theme_color: BRAND,
  background_color: PAGE,
  categories: ['business', 'productivity'],
  // Drawn in build/field-icons/*.svg and exported to PNG (docs/field-app.md "Installable").
  icons: [
    { src: '/campo-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/campo-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/campo-icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
};

/**
 * The output files the field app can load: campo.html's entry chunk and every chunk it imports,
 * statically or lazily, with their stylesheets and assets. The back-office's chunks are not
 * reachable from it, so they stay out of the service worker's precache.
 */
function fieldAppFiles(bundle: Rollup.OutputBundle): Set<string> {
  const files = new Set<string>([FIELD_PAGE]);
  const entry = Object.values(bundle).find(
    (output) =>
      output.type === 'chunk' &&
      output.isEntry &&
      path.basename(output.facadeModuleId ?? '') === FIELD_PAGE,
  );
  if (!entry) throw new Error(`field PWA: no entry chunk for ${FIELD_PAGE}`);
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    chunk.viteMetadata?.importedCss.forEach((file) => files.add(file));
    chunk.viteMetadata?.importedAssets.forEach((file) => files.add(file));
    [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
  };
  visit(entry.fileName);
  return files;
}

/**
 * The promoters' field app as an installable PWA (issue #22), built by vite-plugin-pwa (Workbox):
 * a manifest linked from campo.html only, and a service worker scoped to /campo that precaches
 * the field app's shell, answers campo.html to any /campo navigation and never touches /api (the
 * app keeps its data in IndexedDB). The back-office stays a plain site: no manifest, no worker.
 * Updates wait for the promoter ('Hay una nueva versión', src/field/pwa/).
 */
export function fieldPwa(): Plugin[] {
  let precached = new Set<string>();
  let outDir = '';
  const collect: Plugin = {
    name: 'anaquel:field-pwa-files',
    apply: 'build',
    // After vite-plugin-pwa's own page transform, which adds the manifest's link.
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      precached = fieldAppFiles(bundle);
    },
    // The worker is written after build/precompress.ts has run: its compressed copies here, so
    // the server sends it as it sends every other script (a third of its size, brotli).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const file = path.join(outDir, FIELD_SW_FILE);
        const source = await readFile(file);
        await writeFile(
          `${file}.br`,
          brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
        await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
      },
    },
    // vite-plugin-pwa links its manifest from every page; only the field app is installable.
    transformIndexHtml: {
      order: 'post',
      handler: (html, { filename }) =>
        path.basename(filename) === FIELD_PAGE
          ? html
          : html.replace(/<link rel="manifest"[^>]*>/g, ''),
    },
  };
  const pwa = VitePWA({
    strategies: 'generateSW',
    // Never activated behind the promoter's back: the page asks (src/field/pwa/).
    registerType: 'prompt',
    injectRegister: false,
    filename: FIELD_SW_FILE,
    manifestFilename: 'campo.webmanifest',
    scope: FIELD_SCOPE,
    manifest,
    includeManifestIcons: true,
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      // Only what the field app loads; the manifest and its icons are added by the plugin.
      manifestTransforms: [
        (entries) => ({
          manifest: entries.filter((entry) => precached.has(entry.url)),
          warnings: [],
        }),
      ],
      navigateFallback: `/${FIELD_PAGE}`,
      // /campo, /campo/..., /campo?...: what the server answers campo.html for. (Upper case is
      // out of the worker's scope, which browsers match by case: online only.)
      navigateFallbackAllowlist: [/^\/campo(?:[/?]|$)/i],
      navigateFallbackDenylist: [/^\/api(?:\/|$)/],
      // No runtime caching at all: the API's answers live in the app's IndexedDB, never here.
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // The first install takes the open page at once, so it works offline without a reload; an
      // update only activates once the promoter asks (skipWaiting stays off).
      clientsClaim: true,
      skipWaiting: false,
      inlineWorkboxRuntime: true,
      sourcemap: false,
    },
  });
  return [...pwa, collect];
}
