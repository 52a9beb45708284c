/**
 * Bench only, loaded with `node --import` before the built server (api-throughput.ts): turns off
 * the one-statement session write on PostgreSQL (decision 033), so every write takes the
 * step-by-step path the server had before it (zone lock, insert and rollup upsert as separate
 * statements in one transaction). The server's own module is patched: the entry is argv[1].
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.dirname(process.argv[1]);
const url = pathToFileURL(path.join(dist, 'modules/pomodoro/sessions-repository.js')).href;
const { SessionsRepository } = await import(url);
SessionsRepository.prototype.insertCounted = async () => undefined;
