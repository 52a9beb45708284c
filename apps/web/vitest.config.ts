import { defineProject } from 'vitest/config';
import { defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { linguiCatalogs, linguiMacros } from './build/lingui-macros';

/** The web project of the root runner: components and stores under jsdom. */
export default defineProject({
  plugins: [linguiMacros(), react(), linguiCatalogs()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [{ find: /^recharts$/, replacement: 'recharts/es6/index.js' }],
  },
  ssr: { resolve: { conditions: ['source'] } },
  // Vite's pre-bundling is for the dev server: the tests load modules as they are. Vitest turns
  // discovery off for its environments but not for the VM pool's, whose first run scanned
  // index.html and reported the Lingui macros it cannot run as 41 errors (the tests passed).
  environments: { __vitest_vm__: { optimizeDeps: { noDiscovery: true } } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Room for findBy*'s 5 s wait (test/setup.ts) inside one test.
    testTimeout: 20_000,
    restoreMocks: true,
    // Each file in a VM context of its own instead of a worker of its own: the modules every
    // component test loads (React, Mantine, the catalogs) are evaluated in a fraction of the
    // time (the web suite took 81 s against 170 s on one machine, decision 083). Isolation
    // between files holds.
    pool: 'vmThreads',
    // The charts load recharts' ES modules there (its CommonJS build requires @reduxjs/toolkit,
    // which resolves to an ES module in a VM context): Vite transforms @mantine/charts, and the
    // alias above points its import of recharts at them.
    server: { deps: { inline: [/@mantine\/charts/] } },
    unstubGlobals: true,
  },
});
