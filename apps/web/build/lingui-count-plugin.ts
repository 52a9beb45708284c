import type { Plugin } from 'vite';

/** Lingui's runtime, where it formats the numbers of messages. */
const LINGUI_CORE = /[\\/]node_modules[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/;

/** Its number formatter: `function number(locales, value, format) {`. */
const NUMBER_FUNCTION = /^function number\(locales, value, format\) \{$/m;

/**
 * Lingui writes the count of a plural ("# minutes left") with Intl.NumberFormat, and the first
 * NumberFormat a page builds costs the browser's number set-up: 25 to 90 ms on a 2-core machine,
 * four times that on Lighthouse's phone, inside the hydration of / (docs/decisions/079). This
 * gives Lingui's formatter a shortcut for what the first screens count: a whole number from 0 to
 * PLAIN_COUNT_MAX, without a format of its own, in a locale that writes it as plain ASCII digits
 * (core's PLAIN_COUNT_LOCALES, each checked against Intl in its test), is that number's digits.
 * Every other number, and every number in the other locales, still goes to Intl. The build fails
 * if Lingui's formatter is no longer where this looks, so an upgrade is looked at.
 */
export function linguiCountShortcut(): Plugin {
  let patched = false;
  return {
    name: 'focusroom:lingui-count-shortcut',
    // The browser's build: the pre-rendering build leaves node_modules to Node.
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    buildStart() {
      patched = false;
    },
    transform: {
      filter: { id: LINGUI_CORE },
      handler(code) {
        if (!NUMBER_FUNCTION.test(code)) return undefined;
        patched = true;
        // Written on the formatter's own line, so every line keeps its place in the source map.
        const changed = code.replace(
          NUMBER_FUNCTION,
          (header) =>
            `${header} if (format === undefined && Number.isInteger(value) && value >= 0 && ` +
            `value <= __PLAIN_COUNT_MAX && __PLAIN_COUNT_LOCALES.includes(` +
            `Array.isArray(locales) ? locales[0] : locales)) return String(value);`,
        );
        return {
          code:
            "import { PLAIN_COUNT_LOCALES as __PLAIN_COUNT_LOCALES, PLAIN_COUNT_MAX as __PLAIN_COUNT_MAX } from '@focusroom/core'; " +
            changed,
          map: null,
        };
      },
    },
    buildEnd(error) {
      if (error || patched) return;
      this.error(
        "Lingui's runtime has no `function number(locales, value, format)` where " +
          'build/lingui-count-plugin.ts looks for it: see whether its shape changed',
      );
    },
  };
}
