import type { Plugin } from 'vite';

/** The modules of react-router's build, where its components and hooks are defined. */
const ROUTER_CHUNK =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[^\\/]+\.mjs$/;

/** A component made with forwardRef at the top of a module: `var Form = React10.forwardRef(`. */
const FORWARD_REF = /^(var [\w$]+ = )(React\d*\.forwardRef\()/gm;

/** A label for React's developer tools: `Form.displayName = "Form";`. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"]*";$/gm;

/**
 * Lets the bundler drop what the app does not use of react-router (docs/decisions/077). Its build
 * is one large module, so the bundler keeps every statement it cannot prove harmless: each
 * component's `displayName` label (written only for React's developer tools), and every
 * component made with `forwardRef`, which it does not know to be pure. Those kept `Form`,
 * `NavLink`, `ScrollRestoration`, the unstable `HistoryRouter` and what they call (form submission,
 * fetcher keys) in the first load of /, about 1.9 KB gzip; the app uses none of them. This takes
 * the labels out of the browser build and marks the `forwardRef` calls pure, so what is used stays
 * and the rest goes. The build fails if react-router's build no longer has either shape, so an
 * upgrade that changes it is looked at rather than quietly bringing the unused code back.
 */
export function routerTreeShaking(): Plugin {
  let labels = 0;
  let components = 0;
  return {
    name: 'focusroom:router-tree-shaking',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    buildStart() {
      labels = 0;
      components = 0;
    },
    transform: {
      filter: { id: ROUTER_CHUNK },
      handler(code) {
        // Labels are blanked where they stand and the annotations only push the rest of their
        // own line along, so every line keeps its place and the source map stays as it was.
        const changed = code
          .replace(DISPLAY_NAME, (label) => {
            labels++;
            return ' '.repeat(label.length);
          })
          .replace(FORWARD_REF, (_match, declaration: string, call: string) => {
            components++;
            return `${declaration}/* @__PURE__ */ ${call}`;
          });
        return changed === code ? undefined : { code: changed, map: null };
      },
    },
    buildEnd(error) {
      if (error) return;
      if (labels === 0 || components === 0) {
        this.error(
          "react-router's build has no displayName labels or no forwardRef components where " +
            'build/router-tree-shaking-plugin.ts looks for them: see whether its shape changed',
        );
      }
    },
  };
}
