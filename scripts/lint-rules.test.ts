import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundary rules of eslint.config.js, each shown to fire on a deliberate violation and to
 * stay quiet on the import it must allow (so a rule that grew too broad fails here too). The
 * snippets are linted as if they were files at the given paths; the files they import are real.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const web = 'apps/web/src';
const modules = 'apps/server/src/modules';

const RESTRICTED_PATHS = 'import-x/no-restricted-paths';
const RESTRICTED_IMPORTS = '@typescript-eslint/no-restricted-imports';
const RESTRICTED_SYNTAX = 'no-restricted-syntax';
const BOUNDARY_RULES = [
  RESTRICTED_PATHS,
  RESTRICTED_IMPORTS,
  RESTRICTED_SYNTAX,
  'import-x/no-unresolved',
];

let eslint: ESLint;

beforeAll(() => {
  // Only the rules under test run: the others (import-x/no-cycle walks the whole import graph
  // from every snippet) would only cost time here.
  eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => BOUNDARY_RULES.includes(ruleId) });
});

/** The messages of the boundary rules (and unresolved imports) for `code` placed at `file`. */
async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && BOUNDARY_RULES.includes(m.ruleId))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('web layers', () => {
  it('refuses a feature import in lib/ and allows lib/ to import lib/', async () => {
    expect(
      await boundaryMessages(
        `${web}/lib/lint-probe.ts`,
        "export { TimerPanel } from '../features/timer/timer-panel';\n",
      ),
    ).toEqual([
      expect.stringContaining('lib/ and components/ hold shared code: they import no feature'),
    ]);
    expect(
      await boundaryMessages(`${web}/lib/lint-probe.ts`, "export { notify } from './notify';\n"),
    ).toEqual([]);
  });

  it('refuses a feature import in components/ and allows components/ to import lib/', async () => {
    expect(
      await boundaryMessages(
        `${web}/components/lint-probe.tsx`,
        "export { TimerPanel } from '../features/timer/timer-panel';\n",
      ),
    ).toEqual([expect.stringContaining('they import no feature')]);
    expect(
      await boundaryMessages(
        `${web}/components/lint-probe.tsx`,
        "export { notify } from '../lib/notify';\n",
      ),
    ).toEqual([]);
  });

  it('refuses an app/ import in a feature, lib/ and components/ but allows app/paths.ts', async () => {
    for (const file of [
      `${web}/features/timer/lint-probe.ts`,
      `${web}/lib/lint-probe.ts`,
      `${web}/components/lint-probe.ts`,
    ]) {
      const fromApp = file.includes('/features/') ? '../../app' : '../app';
      expect(await boundaryMessages(file, `export { theme } from '${fromApp}/theme';\n`)).toEqual([
        expect.stringContaining('Only app/ imports app/'),
      ]);
      expect(await boundaryMessages(file, `export * from '${fromApp}/paths';\n`)).toEqual([]);
    }
  });

  it('refuses any import of the app from app/paths.ts, which app/ itself may import', async () => {
    expect(
      await boundaryMessages(`${web}/app/paths.ts`, "export { notify } from '../lib/notify';\n"),
    ).toEqual([expect.stringContaining('app/paths.ts is a leaf')]);
    expect(
      await boundaryMessages(
        `${web}/app/lint-probe.ts`,
        "export { notify } from '../lib/notify';\n",
      ),
    ).toEqual([]);
  });

  it('allows a feature its own files', async () => {
    expect(
      await boundaryMessages(
        `${web}/features/timer/lint-probe.ts`,
        "export { TimerPanel } from './timer-panel';\nexport const load = () => import('./mini-timer');\n",
      ),
    ).toEqual([]);
  });

  it('allows @focusroom/core/schemas in the web app only as types (decision 001)', async () => {
    expect(
      await boundaryMessages(
        `${web}/lib/lint-probe.ts`,
        "import { UserSchema } from '@focusroom/core/schemas';\nexport const s = UserSchema;\n",
      ),
    ).toEqual([expect.stringContaining('only as types')]);
    expect(
      await boundaryMessages(
        `${web}/lib/lint-probe.ts`,
        "import type { User } from '@focusroom/core/schemas';\nexport type U = User;\n",
      ),
    ).toEqual([]);
    // The server validates with the same schemas, so the rule is the web app's alone.
    expect(
      await boundaryMessages(
        'apps/server/src/lib/lint-probe.ts',
        "import { UserSchema } from '@focusroom/core/schemas';\nexport const s = UserSchema;\n",
      ),
    ).toEqual([]);
  });
});

describe('feature surfaces (decision 066)', () => {
  const SURFACE = 'only through its index.ts';

  it("refuses a deep import into another feature's file, static or dynamic", async () => {
    expect(
      await boundaryMessages(
        `${web}/features/stats/lint-probe.ts`,
        "export { TimerPanel } from '../timer/timer-panel';\n",
      ),
    ).toEqual([expect.stringContaining(`Import features/timer ${SURFACE}`)]);
    expect(
      await boundaryMessages(
        `${web}/features/stats/lint-probe.ts`,
        "import type { TimerSnapshot } from '../timer/timer-store';\nexport type T = TimerSnapshot;\n",
      ),
    ).toEqual([expect.stringContaining(`Import features/timer ${SURFACE}`)]);
    expect(
      await boundaryMessages(
        `${web}/features/stats/lint-probe.ts`,
        "export const load = () => import('../timer/timer-panel');\n",
      ),
    ).toEqual([expect.stringContaining(`Import features/timer ${SURFACE}`)]);
  });

  it('refuses a deep import from app/ and the entry, static or dynamic', async () => {
    expect(
      await boundaryMessages(
        `${web}/app/lint-probe.ts`,
        "export { TimerPanel } from '../features/timer/timer-panel';\n",
      ),
    ).toEqual([expect.stringContaining(`Import features/timer ${SURFACE}`)]);
    expect(
      await boundaryMessages(
        `${web}/app/lint-probe.ts`,
        "export const load = () => import('../features/stats/stats-page');\n",
      ),
    ).toEqual([expect.stringContaining(`Import features/stats ${SURFACE}`)]);
    expect(
      await boundaryMessages(
        `${web}/main.tsx`,
        "export { ThemeProvider } from './features/themes/theme-provider';\n",
      ),
    ).toEqual([expect.stringContaining(`Import features/themes ${SURFACE}`)]);
  });

  it('allows an import through index.ts and lazy.ts, from a feature and from app/', async () => {
    expect(
      await boundaryMessages(
        `${web}/features/stats/lint-probe.ts`,
        "export { TimerPanel } from '../timer';\nexport { TimerBadge } from '../timer/index';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        `${web}/features/stats/lint-probe.ts`,
        "export const load = () => import('../timer');\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        `${web}/app/lint-probe.ts`,
        "export { TimerPanel } from '../features/timer';\nexport { loadStatsPage } from '../features/stats/lazy';\nexport const load = () => import('../features/stats/lazy');\n",
      ),
    ).toEqual([]);
  });

  it('covers every feature folder, none of them named in the config', async () => {
    expect(
      await boundaryMessages(
        `${web}/features/dashboard/lint-probe.ts`,
        "export const load = () => import('../info/about-page');\n",
      ),
    ).toEqual([expect.stringContaining(`Import features/info ${SURFACE}`)]);
    expect(
      await boundaryMessages(
        `${web}/features/dashboard/lint-probe.ts`,
        "export const load = () => import('../info/lazy');\n",
      ),
    ).toEqual([]);
  });

  it("lets a test reach another feature's files to arrange its state", async () => {
    expect(
      await boundaryMessages(
        `${web}/features/stats/lint-probe.test.ts`,
        "export { resetTimerControllerForTests } from '../timer/timer-store';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        `${web}/app/lint-probe.test.tsx`,
        "export { StatsPage } from '../features/stats/stats-page';\n",
      ),
    ).toEqual([]);
  });

  it("lets a feature's index.ts only re-export, as the build assumes", async () => {
    const surface = `${web}/features/timer/index.ts`;
    expect(
      await boundaryMessages(
        surface,
        "export { TimerPanel } from './timer-panel';\nexport type { TimerSnapshot } from './timer-store';\n",
      ),
    ).toEqual([]);
    for (const code of [
      "import { TimerPanel } from './timer-panel';\nexport { TimerPanel };\n",
      'export const ready = true;\n',
      "document.title = 'Focusroom';\nexport {};\n",
    ]) {
      expect(await boundaryMessages(surface, code)).toEqual([
        expect.stringContaining("A feature's index.ts only re-exports"),
      ]);
    }
  });

  it('still refuses every feature in lib/ and components/, even through index.ts', async () => {
    for (const file of [`${web}/lib/lint-probe.ts`, `${web}/components/lint-probe.tsx`]) {
      expect(
        await boundaryMessages(file, "export { TimerPanel } from '../features/timer';\n"),
      ).toEqual([expect.stringContaining('they import no feature')]);
      expect(
        await boundaryMessages(
          file,
          "export const load = () => import('../features/stats/lazy');\n",
        ),
      ).toEqual([expect.stringContaining('they import no feature')]);
    }
  });
});

describe('server modules', () => {
  it("refuses another module's repository and allows its service and guard", async () => {
    expect(
      await boundaryMessages(
        `${modules}/settings/lint-probe.ts`,
        "export { AuthRepository } from '../auth/repository.js';\n",
      ),
    ).toEqual([expect.stringContaining('A module imports another only through its service.ts')]);
    expect(
      await boundaryMessages(
        `${modules}/settings/lint-probe.ts`,
        "export type { AuthService } from '../auth/service.js';\nexport { getAuth } from '../auth/guard.js';\n",
      ),
    ).toEqual([]);
  });

  it('covers a module that is not in the config by name and lets a module import itself', async () => {
    expect(
      await boundaryMessages(
        `${modules}/pomodoro/lint-probe.ts`,
        "export { UsersRepository } from '../users/repository.js';\n",
      ),
    ).toEqual([expect.stringContaining('only through its service.ts')]);
    expect(
      await boundaryMessages(
        `${modules}/pomodoro/lint-probe.ts`,
        "export { SessionsRepository } from './sessions-repository.js';\n",
      ),
    ).toEqual([]);
  });
});

describe('packages', () => {
  it('refuses an app import in core and allows core its own files', async () => {
    expect(
      await boundaryMessages(
        'packages/core/src/lint-probe.ts',
        "export { buildApp } from '../../../apps/server/src/app.js';\n",
      ),
    ).toEqual([expect.stringContaining('core is pure')]);
    expect(
      await boundaryMessages(
        'packages/core/src/lint-probe.ts',
        "export * from './constants.js';\n",
      ),
    ).toEqual([]);
  });

  it('refuses server code in the web app and web code in the server', async () => {
    expect(
      await boundaryMessages(
        `${web}/lib/lint-probe.ts`,
        "export { tooManyRequests } from '../../../server/src/lib/http-errors';\n",
      ),
    ).toEqual([expect.stringContaining('web never imports server code')]);
    expect(
      await boundaryMessages(
        'apps/server/src/lib/lint-probe.ts',
        "export { notify } from '../../../web/src/lib/notify.js';\n",
      ),
    ).toEqual([expect.stringContaining('server never imports web code')]);
  });
});
