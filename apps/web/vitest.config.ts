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
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Room for findBy*'s 5 s wait (test/setup.ts) inside one test.
    testTimeout: 20_000,
    restoreMocks: true,
    // Each file in a VM context of its own instead of a worker of its own: the modules every
    // component test loads (React, Mantine, the catalogs) are evaluated in a fraction of the time
    // (the web suite took 93 s against 170 s on one machine). Isolation between files holds.
    pool: 'vmThreads',
    // The charts load recharts' ES modules there (its CommonJS build requires @reduxjs/toolkit,
    // which resolves to an ES module in a VM context): Vite transforms @mantine/charts, and the
    // alias above points its import of recharts at them.
    server: { deps: { inline: [/@mantine\/charts/] } },
    unstubGlobals: true,
  },
});
