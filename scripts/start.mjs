#!/usr/bin/env node
// Serves the built product. Refuses clearly when the build is missing instead of failing deep
// inside the server with a module-not-found stack trace.
// The server runs in this process (no child to forward signals to), and package.json's start
// script `exec`s node: npm runs scripts through `sh -c` and forwards SIGTERM/SIGINT only to that
// shell, which would die and leave the server running. With exec, the signal reaches the server,
// which drains and exits (apps/server/src/server.ts); test: apps/server/test/npm-start.test.ts.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const required = [
  'packages/core/dist/index.js',
  'apps/server/dist/server.js',
  'apps/web/dist/index.html',
];
const missing = required.filter((file) => !existsSync(path.join(root, file)));
if (missing.length > 0) {
  console.error(
    `Focusroom is not built yet (missing: ${missing.join(', ')}).\n` +
      'Run `npm install && npm run build`, then `npm start` again.',
  );
  process.exit(1);
}
await import(path.join(root, 'apps/server/dist/server.js'));
