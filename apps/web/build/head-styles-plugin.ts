import type { Plugin } from 'vite';

/**
 * Mantine's two components that render the theme's stylesheets (its CSS variables, and the
 * classes of its breakpoints), by the module that defines each.
 */
const HEAD_STYLE_COMPONENTS = [
  {
    name: 'MantineCssVariables',
    module:
      /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]MantineCssVariables\.mjs$/,
  },
  {
    name: 'MantineClasses',
    module:
      /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineClasses[\\/]MantineClasses\.mjs$/,
  },
] as const;

/** What each component is in the browser build: never rendered, and loud if it ever is. */
function standIn(name: string): string {
  return `export function ${name}() {
  throw new Error('${name} is not in the browser build: the build writes its stylesheet into <head> (docs/decisions/043, 077)');
}
`;
}

/**
 * Leaves out of the browser build the code that renders Mantine's theme stylesheets, about 8 KB
 * (1.9 KB gzip) of the first load of / that never runs there (docs/decisions/077): a build writes
 * those stylesheets into every page's <head> (`MantineHeadStyles`, rendered by the pre-render's
 * Node build, which keeps them), and the app's provider renders neither
 * (`withCssVariables`, `withGlobalClasses`: app/providers.tsx, docs/decisions/043). The dev server
 * and the unit tests render them as Mantine does, so they keep them too. Each module is replaced
 * by a component that throws if rendered; the build fails if Mantine no longer has either module
 * where this looks for it, rather than quietly carry them again.
 */
export function headStylesLeftToTheBuild(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'focusroom:head-styles-left-to-the-build',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    enforce: 'pre',
    buildStart() {
      replaced.clear();
    },
    load(id) {
      const component = HEAD_STYLE_COMPONENTS.find(({ module }) => module.test(id));
      if (!component) return;
      replaced.add(component.name);
      return standIn(component.name);
    },
    buildEnd(error) {
      if (error) return;
      const missing = HEAD_STYLE_COMPONENTS.filter(({ name }) => !replaced.has(name));
      if (missing.length > 0) {
        this.error(
          `Mantine's ${missing.map(({ name }) => name).join(' and ')} not found where ` +
            'build/head-styles-plugin.ts looks for it: see whether its module moved',
        );
      }
    },
  };
}
