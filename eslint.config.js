// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = import.meta.dirname;
const web = './apps/web/src';
const serverModules = './apps/server/src/modules';

/** The subfolders of a folder, read when lint starts: a new feature or module is covered at once. */
function folders(relative) {
  const dir = path.join(root, relative);
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).isDirectory())
    : [];
}

/**
 * A web feature's public surface (docs/decisions/066): what the rest of the app may import of it
 * is in its `index.ts`, and what loads on demand, each a chunk of its own, in its `lazy.ts`.
 * Features may import each other through these; app/ and the entry files too. Static imports,
 * re-exports and dynamic `import()` with a literal path are all checked (import-x's module
 * visitor reads ImportExpression). lib/ and components/ import no feature at all (the layer
 * zones below), so they are not targets here. Tests may reach a feature's own files to arrange
 * its state (testFiles below). The build's prerender plugin (apps/web/build) reads one pure
 * module of the timer from Node at build time, where the surface's components cannot load.
 */
const FEATURE_SURFACE_FILES = ['index.ts', 'lazy.ts'];
const featureNames = folders(`${web}/features`);
const outsideFeatures = fs
  .readdirSync(path.join(root, web))
  .filter((entry) => !['features', 'lib', 'components'].includes(entry))
  .map((entry) => `${web}/${entry}`);
const featureSurfaceZones = featureNames.map((feature) => ({
  target: [
    ...outsideFeatures,
    ...featureNames.filter((other) => other !== feature).map((other) => `${web}/features/${other}`),
  ],
  from: `${web}/features/${feature}`,
  except: FEATURE_SURFACE_FILES.map((file) => `./${file}`),
  message: `Import features/${feature} only through its index.ts (or lazy.ts for a part loaded on demand).`,
}));

/** Test files (and the web test fixtures) may import any file of a feature. */
const testFiles = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/test/**/*.{ts,tsx}'];

/**
 * One-way layers of the web app: app/ (router, layout, providers) -> features -> lib/ and
 * components/. The single file of app/ the lower layers may import is app/paths.ts, the route
 * registry, which is a leaf: it imports nothing from the app itself (its own zone below).
 */
const webLayerZones = [
  {
    target: [`${web}/lib`, `${web}/components`],
    from: `${web}/features`,
    message: 'lib/ and components/ hold shared code: they import no feature.',
  },
  {
    target: [`${web}/lib`, `${web}/components`, `${web}/features`],
    from: `${web}/app`,
    except: ['./paths.ts'],
    message: 'Only app/ imports app/ (the route registry app/paths.ts is the one exception).',
  },
  {
    target: `${web}/app/paths.ts`,
    from: web,
    message: 'app/paths.ts is a leaf everyone may import: it imports nothing from the app.',
  },
];

/**
 * Server modules reach each other only through their public surface: `service.ts` and, where a
 * module has one, `guard.ts`. The guard is public on purpose: auth's request guards
 * (`requireAuth`, `getAuth`, `requireAdmin`) are how every module's routes know who is asking,
 * so they are part of auth's contract like its service. Repositories, schemas and helpers stay
 * private to their module.
 */
const MODULE_PUBLIC_FILES = ['service.ts', 'guard.ts'];
const moduleNames = folders(serverModules);
const serverModuleZones = moduleNames.map((name) => ({
  target: `${serverModules}/${name}`,
  from: serverModules,
  except: [
    `./${name}`,
    ...moduleNames
      .filter((other) => other !== name)
      .flatMap((other) => MODULE_PUBLIC_FILES.map((file) => `./${other}/${file}`)),
  ],
  message: `A module imports another only through its ${MODULE_PUBLIC_FILES.join(' or ')}.`,
}));

/** Every boundary of the repository but the feature surfaces. */
const boundaryZones = [
  {
    target: './packages/core',
    from: './apps',
    message: 'core is pure: it imports no app.',
  },
  {
    target: './apps/web',
    from: './apps/server',
    message: 'web never imports server code.',
  },
  {
    target: './apps/server',
    from: './apps/web',
    message: 'server never imports web code.',
  },
  ...webLayerZones,
  ...serverModuleZones,
];

/**
 * The options of import-x/no-restricted-paths for these zones.
 * @param {object[]} zones
 * @returns {['error', { basePath: string, zones: object[] }]}
 */
function restrictedPaths(zones) {
  return ['error', { basePath: root, zones }];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/.artifacts/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      '**/dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/core/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-named-as-default-member': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': restrictedPaths([...boundaryZones, ...featureSurfaceZones]),
    },
  },
  {
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': restrictedPaths(boundaryZones) },
  },
  {
    // The build treats a feature's index.ts as free of side effects (apps/web/vite.config.ts),
    // so it may only re-export: no import, statement or declaration of its own.
    files: ['apps/web/src/features/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > :not(ExportNamedDeclaration, ExportAllDeclaration)',
          message: "A feature's index.ts only re-exports (docs/decisions/066).",
        },
        {
          selector: 'ExportNamedDeclaration[declaration]',
          message: "A feature's index.ts only re-exports (docs/decisions/066).",
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Decision 001: zod stays out of the browser bundle, so the schemas are types only here.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@focusroom/core/schemas',
              allowTypeImports: true,
              message: 'The web app imports @focusroom/core/schemas only as types (import type).',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain scripts the generated service worker loads (public/push-sw.js): a worker's globals.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    // Decision 046: tests act on a pre-rendered page once the app answers, as a person can.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message:
                "Import from '../support/test.js': its test waits for the app before acting.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'react', 'react-dom'], message: 'core has no I/O and no DOM.' },
          ],
        },
      ],
    },
  },
);
