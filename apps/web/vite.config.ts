import { defineConfig, defaultClientConditions, defaultServerConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compileEntryEagerly } from './build/compile-hint-plugin';
import { headStylesLeftToTheBuild } from './build/head-styles-plugin';
import { linguiCountShortcut } from './build/lingui-count-plugin';
import { linguiCatalogs, linguiMacros } from './build/lingui-macros';
import { prerenderPages } from './build/prerender-plugin';
import { routerTreeShaking } from './build/router-tree-shaking-plugin';

/** The installed app's colours: a purple title bar (product §1) over the dark body. */
export const PWA_THEME_COLOR = '#4c1d95';
export const PWA_BACKGROUND_COLOR = '#110d1c';

/** A web feature's public surface, src/features/<name>/index.ts (docs/decisions/066). */
const FEATURE_SURFACE = /\/src\/features\/[^/]+\/index\.ts$/;

/**
 * The SPA build. `source` resolves @focusroom/core to its TypeScript so the app never waits
 * for a core build; the dev server proxies /api to the Fastify server on its default port.
 *
 * PWA (product §1, offline use): a generated service worker precaches the app shell, every lazy
 * chunk, the icons and /sounds/, so the timer page loads and rings with the network off. /api is
 * never cached: no route matches it, so those requests go straight to the network (network-only)
 * and navigations under /api never get the SPA's index.html. The worker is registered from the
 * app's own module (src/app/register-service-worker.ts), never an inline script (CSP). A new
 * version waits (no skipWaiting) and the app offers it with a "Reload" banner, so a running
 * timer is never reloaded under the user unasked; after the reload it is restored from its saved
 * state. The build then writes Brotli and gzip copies of every text file (compress-dist.mjs).
 */
export default defineConfig({
  plugins: [
    linguiMacros(),
    react(),
    // Each language's PO catalog, compiled when its lazy chunk is built.
    linguiCatalogs(),
    // A count in a message is its digits where Intl would write just those (docs/decisions/079).
    linguiCountShortcut(),
    // The public pages' pre-rendered HTML and the boot script (docs/decisions/039).
    prerenderPages(import.meta.dirname),
    // V8 compiles the entry as it streams in, not on the main thread (docs/decisions/044).
    compileEntryEagerly(),
    // Mantine's theme stylesheets are in every page's <head>: their renderers stay out of the
    // browser's bundle (docs/decisions/077).
    headStylesLeftToTheBuild(),
    // What the app does not use of react-router stays out of the bundle (docs/decisions/077).
    routerTreeShaking(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: true,
      manifest: {
        id: '/',
        name: 'Focusroom',
        short_name: 'Focusroom',
        description:
          'A calm Pomodoro focus timer with to-dos, statistics, themes and music. Works offline.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: PWA_THEME_COLOR,
        background_color: PWA_BACKGROUND_COLOR,
        categories: ['productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,wav}'],
        // The English pages only: a page in another language comes from the network on a first
        // visit, and offline the English one is rendered afresh in the language chosen (the boot
        // file hides it meanwhile, decision 076). Seven copies of every page would weigh on
        // every install.
        globIgnores: ['**/*.{es,de,fr,pt-BR,ja,ar}.html'],
        // Every path without a page of its own gets the plain shell (the pre-rendered pages are
        // precached as /login.html and the like, which Workbox finds for /login).
        navigateFallback: '/app.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: false,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Push alarms (issue 33): the push and notificationclick handlers, plain JavaScript
        // from public/, loaded by the generated worker.
        importScripts: ['/push-sw.js'],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // The pre-render build (scripts/prerender.mjs) bundles core from its TypeScript as well.
  ssr: {
    noExternal: ['@focusroom/core'],
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      /**
       * A feature's index.ts only re-exports (lint holds it to that), so it has no side effects:
       * an importer is then linked straight to the modules it uses. Without this, every chunk that
       * imports a surface depends on every module the surface names, and the music player's
       * hand-off pulled its "sound follows the timer" part, and the core modules merged with it,
       * into the playlist pages' path and the Sounds button's chunk (docs/decisions/066).
       */
      treeshake: {
        moduleSideEffects: (id: string) => (FEATURE_SURFACE.test(id) ? false : undefined),
      },
      output: {
        /**
         * Every module the first screen loads statically (tag `$initial`) goes into the entry
         * chunk, instead of ~30 small shared chunks that the lazy pages also use. The code is
         * the same; one file gzips about 12 KB smaller than the pieces (bench/bundle-size.ts),
         * and lazy chunks still hold only their own code and import the rest from the entry.
         */
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
