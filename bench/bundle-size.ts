/**
 * First-load size of `/` (bars below): the gzip size of every script and stylesheet index.html
 * makes the browser fetch before the first paint (the entry module, its modulepreloads and the
 * stylesheets). Fails (exit 1) when JavaScript is over 150 KB or CSS over 20 KB. Then every
 * script and stylesheet of the build, largest first, with what each weighs and whether / loads
 * it up front: what the lazy parts (pages, dialogs, player, charts, admin) cost when they load.
 *
 *   npx tsx bench/bundle-size.ts                 builds apps/web into a temporary directory
 *   npx tsx bench/bundle-size.ts --dist <dir>    measures an existing build (e.g. apps/web/dist)
 *
 * KB here is 1000 bytes, as Vite prints it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebToTemp } from './lib/web-build.js';

export const JS_LIMIT_KB = 150;
export const CSS_LIMIT_KB = 20;

export interface FirstLoadFile {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

/**
 * The files index.html loads up front, in document order: its scripts and stylesheets, and on a
 * pre-rendered page the entry and preloads <html> names for the boot file to start after the
 * first paint (docs/decisions/042).
 */
export function firstLoadAssets(indexHtml: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const tags = indexHtml.match(/<(html|script|link)\b[^>]*>/gi) ?? [];
  for (const tag of tags) {
    const attr = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    if (/^<html/i.test(tag)) {
      for (const name of ['data-entry', 'data-preload']) js.push(...(attr(name)?.split(' ') ?? []));
      continue;
    }
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) js.push(src);
      continue;
    }
    const rel = attr('rel')?.toLowerCase();
    const href = attr('href');
    if (!href) continue;
    if (rel === 'modulepreload') js.push(href);
    else if (rel === 'stylesheet') css.push(href);
  }
  return { js, css };
}

function measure(distDir: string, url: string, kind: 'js' | 'css'): FirstLoadFile {
  const file = path.join(distDir, url.replace(/^\//, ''));
  const content = readFileSync(file);
  return { file: url, kind, bytes: content.length, gzipBytes: gzipSync(content).length };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** Every script and stylesheet the build wrote under assets/ (not their maps or compressed copies). */
export function everyChunk(distDir: string): FirstLoadFile[] {
  return readdirSync(path.join(distDir, 'assets'))
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => measure(distDir, `/assets/${name}`, name.endsWith('.css') ? 'css' : 'js'))
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.file.localeCompare(b.file));
}

function main(): number {
  const flag = process.argv.indexOf('--dist');
  const given = flag >= 0 ? process.argv[flag + 1] : undefined;
  const build = given ? { dir: path.resolve(given), cleanup: () => undefined } : buildWebToTemp();
  try {
    const indexFile = path.join(build.dir, 'index.html');
    if (!existsSync(indexFile)) throw new Error(`No index.html in ${build.dir}`);
    const assets = firstLoadAssets(readFileSync(indexFile, 'utf8'));
    const files = [
      ...assets.js.map((url) => measure(build.dir, url, 'js')),
      ...assets.css.map((url) => measure(build.dir, url, 'css')),
    ];
    const total = (kind: 'js' | 'css') =>
      files.filter((f) => f.kind === kind).reduce((sum, f) => sum + f.gzipBytes, 0);
    const jsTotal = total('js');
    const cssTotal = total('css');

    console.log('First load of / (gzip):');
    for (const f of files) {
      console.log(`  ${f.kind.padEnd(3)} ${kb(f.gzipBytes).padStart(7)} KB  ${f.file}`);
    }
    const jsOk = jsTotal <= JS_LIMIT_KB * 1000;
    const cssOk = cssTotal <= CSS_LIMIT_KB * 1000;
    console.log(
      `JavaScript ${kb(jsTotal)} KB of ${JS_LIMIT_KB} KB ${jsOk ? 'ok' : 'OVER'}; ` +
        `CSS ${kb(cssTotal)} KB of ${CSS_LIMIT_KB} KB ${cssOk ? 'ok' : 'OVER'}`,
    );

    // Not first load: the to-do list's chunks, which the app preloads once it runs (decision 045).
    const html = readFileSync(indexFile, 'utf8');
    const deferred = (/ data-preload-deferred="([^"]+)"/.exec(html)?.[1] ?? '').split(' ');
    const later = deferred.filter(Boolean).map((url) => measure(build.dir, url, 'js'));
    console.log(
      `Preloaded once the app runs (data-preload-deferred, + = below): ${later.length} chunks, ` +
        `${kb(later.reduce((sum, f) => sum + f.gzipBytes, 0))} KB gzip`,
    );
    const afterEntry = new Set(later.map((f) => f.file));
    const first = new Set(files.map((f) => f.file));
    const all = everyChunk(build.dir);
    const sum = (kind: 'js' | 'css', key: 'bytes' | 'gzipBytes') =>
      all.filter((f) => f.kind === kind).reduce((total, f) => total + f[key], 0);
    console.log('');
    console.log(
      `Every chunk of the build (${all.length} files; JavaScript ${kb(sum('js', 'gzipBytes'))} KB gzip, ` +
        `${kb(sum('js', 'bytes'))} KB raw; CSS ${kb(sum('css', 'gzipBytes'))} KB gzip; * = first load of /, + = once the app runs):`,
    );
    console.log('  kind     gzip KB    raw KB  file');
    for (const f of all) {
      console.log(
        `  ${f.kind.padEnd(3)} ${kb(f.gzipBytes).padStart(11)} ${kb(f.bytes).padStart(9)}  ${f.file}${first.has(f.file) ? ' *' : afterEntry.has(f.file) ? ' +' : ''}`,
      );
    }
    return jsOk && cssOk ? 0 : 1;
  } finally {
    build.cleanup();
  }
}

process.exit(main());
