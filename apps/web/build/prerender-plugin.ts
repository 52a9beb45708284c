import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { minify, type Plugin, type Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
import { bootScriptSource } from '../src/app/boot/boot-state';
import { phaseAccentAttributes } from '../src/features/timer/phase-accent';
import {
  DEFERRED_PARTS,
  FIRST_SCREEN_STYLES,
  pageFileName,
  pageHtml,
} from '../src/app/boot/prerendered-pages';

interface PrerenderModule {
  renderPage(path: string, locale: string): Promise<string>;
  renderHeadStyles(): string;
  PRERENDER_LOCALES: readonly string[];
  htmlLanguage(locale: string): { lang: string; dir: 'ltr' | 'rtl' };
  bootFailedMessage(locale: string): Promise<string>;
  PRERENDERED_PAGES: readonly { path: string; pageExport: string | undefined }[];
}

/** Where `npm run build` puts the Node build of src/prerender.tsx before the browser build. */
export const PRERENDER_SSR_DIR = 'node_modules/.cache/focusroom-prerender';

/**
 * What a page needs of the lazy chunks it shows at once and the chunks they import (the shell
 * has the entry's and those of the chunks the entry imports): links to the stylesheets of its
 * lazy page (the chunk loaded on demand that exports `pageExport`) and of `stylesOnly`, so the
 * pre-rendered page paints styled, the scripts of its page to preload once it has painted, and
 * those of `deferredParts` for the app to preload once it has started.
 */
function pageHead(
  bundle: OutputBundle,
  root: string,
  pageExport: string | undefined,
  stylesOnly: readonly string[] = [],
  deferredParts: readonly string[] = [],
): { styles: string; preloads: string[]; deferred: string[] } {
  const chunks = Object.values(bundle).filter((out): out is OutputChunk => out.type === 'chunk');
  const chunkOf = (module: string): OutputChunk => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.join(root, module));
    if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
    return chunk;
  };
  // A chunk loaded on demand keeps its module's export names: routes.tsx reads them by name.
  const pageChunkOf = (name: string): OutputChunk => {
    const found = chunks.filter((chunk) => chunk.isDynamicEntry && chunk.exports.includes(name));
    if (found.length !== 1 || !found[0]) {
      throw new Error(`prerender: ${found.length} lazy chunks export ${name}, not one`);
    }
    return found[0];
  };
  /** The chunk and the chunks it imports statically, less those in `skip`. */
  const closure = (start: OutputChunk, skip: ReadonlySet<string>): OutputChunk[] => {
    const seen = new Map<string, OutputChunk>();
    const visit = (chunk: OutputChunk): void => {
      if (skip.has(chunk.fileName) || seen.has(chunk.fileName)) return;
      seen.set(chunk.fileName, chunk);
      for (const name of chunk.imports) {
        const next = bundle[name];
        if (next?.type === 'chunk') visit(next);
      }
    };
    visit(start);
    return [...seen.values()];
  };
  // The entry and the chunks it imports: the shell links their styles and names their scripts.
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('prerender: no entry chunk');
  const shell = new Set(closure(entry, new Set()).map((chunk) => chunk.fileName));
  const own = (start: OutputChunk): OutputChunk[] => closure(start, shell);
  const pageChunks = pageExport === undefined ? [] : own(pageChunkOf(pageExport));
  const styled = [...pageChunks, ...stylesOnly.flatMap((module) => own(chunkOf(module)))];
  const css = new Set(styled.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
  return {
    styles: [...css]
      .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">\n`)
      .join(''),
    preloads: pageChunks.map((chunk) => `/${chunk.fileName}`),
    deferred: [...new Set(deferredParts.flatMap((module) => own(chunkOf(module))))].map(
      (chunk) => `/${chunk.fileName}`,
    ),
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The chunk of a language's catalog (none for English, whose words are in the code). */
function catalogChunk(bundle: OutputBundle, locale: string): string | undefined {
  const suffix = `/src/i18n/locales/${locale}/messages.po`;
  const chunk = Object.values(bundle).find(
    (out): out is OutputChunk =>
      out.type === 'chunk' && (out.facadeModuleId ?? '').endsWith(suffix),
  );
  return chunk ? `/${chunk.fileName}` : undefined;
}

/**
 * The browser build's last step (docs/decisions/039): writes the boot script as a hashed file and
 * links it from <head>, keeps the plain shell as app.html (what every other path is served), and
 * writes each public page's pre-rendered HTML (/ into index.html, /login into login.html, ...).
 * Done in generateBundle, so the service worker's precache list (written after the bundle) holds
 * the pages as they ship.
 */
export function prerenderPages(root: string): Plugin {
  return {
    name: 'focusroom-prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset')
        throw new Error('prerender: no index.html in the build');

      // The boot file is the functions' source text (compiled, not yet minified): minified here,
      // since it blocks the first paint and counts in the first load (bench/bundle-size.ts).
      const minified = await minify('boot.js', bootScriptSource(), {
        compress: true,
        mangle: true,
      });
      if (minified.errors.length > 0)
        throw new Error(`prerender: boot file: ${minified.errors[0]?.message}`);
      const boot = minified.code;
      const bootName = `assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName: bootName, source: boot });
      const entry = path.join(root, PRERENDER_SSR_DIR, 'prerender.js');
      const ssr = (await import(pathToFileURL(entry).href)) as PrerenderModule;
      const headStyles = ssr.renderHeadStyles();
      if (!headStyles.includes('data-mantine-styles'))
        throw new Error('prerender: no Mantine styles');
      // <html> carries a fresh timer's accent (the focus phase's), which the app would otherwise
      // write as it hydrates (docs/decisions/043). The boot file is a classic, blocking script
      // from our origin (CSP: no inline script): it runs before the first paint, which a module
      // script never does. Mantine's stylesheets of the theme go at the end of <head>, after the
      // app's stylesheet whose defaults they override (app/providers.tsx renders them only in
      // development).
      const template = String(index.source)
        .replace('<html ', `<html ${phaseAccentAttributes('pomodoro')} `)
        .replace('</title>', `</title>\n    <script src="/${bootName}"></script>`)
        .replace('</head>', `  ${headStyles}\n  </head>`);
      this.emitFile({ type: 'asset', fileName: 'app.html', source: template });

      for (const locale of ssr.PRERENDER_LOCALES) {
        // Each language's pages carry its `lang` and `dir` from the first byte, the boot file's
        // note in it, and its catalog among what the page preloads before it hydrates.
        const { lang, dir } = ssr.htmlLanguage(locale);
        const failed = escapeAttribute(await ssr.bootFailedMessage(locale));
        const localeTemplate = template.replace(
          /(<html\b[^>]*?)\slang="[^"]*"/,
          `$1 lang="${lang}" dir="${dir}" data-boot-failed="${failed}"`,
        );
        if (!localeTemplate.includes(`lang="${lang}" dir="${dir}"`))
          throw new Error(`prerender: no lang on <html> for ${locale}`);
        const catalog = catalogChunk(bundle, locale);
        for (const { path: page, pageExport } of ssr.PRERENDERED_PAGES) {
          const body = await ssr.renderPage(page, locale);
          // CSP: React's static prerender writes no script once every boundary has resolved; a
          // page that needed one must fail the build rather than break under the policy.
          if (/<script\b/i.test(body)) throw new Error(`prerender: ${page} needs an inline script`);
          const { styles, preloads, deferred } = pageHead(
            bundle,
            root,
            pageExport,
            FIRST_SCREEN_STYLES[page],
            DEFERRED_PARTS[page],
          );
          const html = pageHtml(
            localeTemplate,
            page,
            body,
            styles,
            catalog ? [catalog, ...preloads] : preloads,
            deferred,
          );
          if (!html.includes('data-entry=')) throw new Error(`prerender: ${page} has no entry`);
          const fileName = pageFileName(page, locale);
          if (fileName === 'index.html') index.source = html;
          else this.emitFile({ type: 'asset', fileName, source: html });
        }
      }
    },
  };
}
