/**
 * Bench only, loaded with `node --import` before the built server (themes-latency.ts): gives
 * sharp back its default operation cache (50 MB, 20 files, 100 operations) and ignores the
 * server's own `sharp.cache(false)`, to measure what that setting does to the server's memory.
 * The server imports the same sharp module (resolved from the repository's node_modules).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const serverPackage = path.join(path.dirname(process.argv[1]), '..', 'package.json');
// The ESM entry, as the server imports it (the CommonJS one is another module instance).
const entry = createRequire(serverPackage)
  .resolve('sharp')
  .replace(/\.cjs$/, '.mjs');
const { default: sharp } = await import(pathToFileURL(entry).href);
sharp.cache(true);
sharp.cache = () => ({ memory: {}, files: {}, items: {} });
