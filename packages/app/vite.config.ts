import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { routerTreeShaking } from './build/router-pure.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The app speaks es-MX only (I18nProvider in app/providers.tsx): react-aria's strings for its
    // other ~33 locales are left out of the bundle. Spanish ships in react-aria as es-ES, which
    // es-MX falls back to by language, so the language ('es') is what is kept.
    optimizeLocales.vite({ locales: ['es'] }),
    routerTreeShaking(),
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
  },
});
