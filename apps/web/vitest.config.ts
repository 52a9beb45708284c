import { defineProject } from 'vitest/config';
import { defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { linguiCatalogs, linguiMacros } from './build/lingui-macros';

/** The web project of the root runner: components and stores under jsdom. */
export default defineProject({
  plugins: [linguiMacros(), react(), linguiCatalogs()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Room for findBy*'s 5 s wait (test/setup.ts) inside one test.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
