import path from 'node:path';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { compileSourceMessages } from './compile-source-messages';

/**
 * Lingui's macros (docs/decisions/076), only in files that import them: each message keeps its
 * English, compiled at build time, beside its id; other languages come from the catalogs.
 */
/** apps/web/lingui.config.ts, wherever the build or the tests start from. */
export const LINGUI_CONFIG_PATH = path.join(import.meta.dirname, '..', 'lingui.config.ts');

export const linguiMacros = () =>
  babel({
    presets: [
      {
        preset: {
          plugins: [
            compileSourceMessages,
            [
              linguiMacro,
              {
                stripMessageField: false,
                linguiConfig: getConfig({ configPath: LINGUI_CONFIG_PATH }),
              },
            ],
          ],
        },
        rolldown: { filter: { code: /from ['"]@lingui\/(?:core|react)\/macro['"]/ } },
      },
    ],
  });

/** Each language's PO catalog, compiled into its own lazy chunk when the build meets it. */
export const linguiCatalogs = () => lingui({ configPath: LINGUI_CONFIG_PATH });
