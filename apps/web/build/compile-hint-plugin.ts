import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint: a script whose first line is this comment has all its functions
 * compiled eagerly, on the thread that streams it in, not one by one on the main thread the
 * first time each is called (https://v8.dev/blog/explicit-compile-hints).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The client build's entry (its HTML page, which loads src/main.tsx): its chunk gets the hint. */
const ENTRY_PAGE = /[\\/]index\.html$/;

/**
 * Puts the compile hint on the first line of the app's entry chunk (docs/decisions/044): nearly
 * all of it (React, Mantine, the router, the first screen) runs as a pre-rendered page hydrates,
 * and compiling it function by function on first call made React's hydration slices and the
 * entry's evaluation long tasks on a phone. V8 reads the hint only on a script's first line, so
 * it goes in after every other plugin has written the chunk (Vite puts its preload map there),
 * and the chunk's source map moves down a line with it.
 */
export function compileEntryEagerly(): Plugin {
  return {
    name: 'focusroom:compile-entry-eagerly',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          if (!ENTRY_PAGE.test(chunk.facadeModuleId ?? '')) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // The source map is written from its asset, not from `chunk.map`.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            map.source = shiftSourceMap(map.source);
          }
        }
      },
    },
  };
}

/** A JSON source map with every generated line one further down (a line put in on top). */
function shiftSourceMap(json: string): string {
  const map = JSON.parse(json) as { mappings: string };
  return JSON.stringify({ ...map, mappings: `;${map.mappings}` });
}
