/*
 * Mantine CSS per component, so the first load stays within its size budget (bench/README.md):
 * the base layers, then only what the first screen (top bar, home intro, spinner, banner)
 * draws. Lazy pages import their own.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import './app/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { addModulePreloads } from './app/boot/boot-state';
import { canHydrate } from './app/boot/prerendered-pages';
import { preloadPage } from './app/routes';
import { registerServiceWorker } from './app/register-service-worker';
import { applyStoredThemeAtStartup } from './features/themes';
import { activateLocale, activateSourceLocale, preferredLocale } from './i18n';
import { nextTask } from './lib/next-task';
import { readToken } from './lib/storage';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// Product §4: the stored theme's background before the first render (CSP allows no inline
// script in index.html to do it any earlier).
applyStoredThemeAtStartup();

// The language to start in. English needs no catalog; another language's loads first, so the
// first render is already in it.
activateSourceLocale();
const locale = preferredLocale();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page the build pre-rendered is hydrated when it is this page, for a visitor; any
// other HTML (the shell, the / page the service worker hands every path, a signed-in user) is
// replaced by a fresh render, as before pre-rendering (docs/decisions/039).
const hydrate = canHydrate({
  prerenderedPath: document.documentElement.dataset.prerendered,
  pathname: location.pathname,
  search: location.search,
  hasSession: readToken() !== null,
  pageLocale: document.documentElement.lang,
  locale,
});
if (hydrate) {
  // The page's own chunk first (the boot file preloads it), so the whole page hydrates in one
  // pass; then hydration in a transition, which React renders in short slices that leave the
  // main thread free for input between them (docs/decisions/042).
  // Each starts in a task of its own, after the one that evaluated the entry: the module
  // preloads that loading a chunk inserts are not free either (docs/decisions/044). So the
  // first screen's lazy parts (the to-do list of /) get theirs one per task first, and the
  // import that follows finds them in place (docs/decisions/045).
  const deferred = (document.documentElement.dataset.preloadDeferred ?? '')
    .split(' ')
    .filter(Boolean);
  void nextTask()
    .then(
      () =>
        new Promise<void>((done) => {
          addModulePreloads(document, (run) => void nextTask().then(run), deferred, done);
        }),
    )
    .then(() => preloadPage(location.pathname))
    // The page was rendered in this language: its catalog first, so the words match.
    .then(() => (locale === 'en' ? undefined : activateLocale(locale)))
    .catch(() => undefined)
    .then(nextTask)
    .then(() =>
      startTransition(() => {
        hydrateRoot(root, app);
      }),
    );
} else if (locale === 'en') {
  createRoot(root).render(app);
} else {
  void activateLocale(locale)
    .catch(() => undefined)
    .then(() => createRoot(root).render(app));
}

registerServiceWorker();
