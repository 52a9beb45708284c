import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ApiNavigationBridge } from './api-navigation';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

/**
 * The whole app inside a router: the browser's history in the browser, a fixed location when
 * the build pre-renders a public page (src/prerender.tsx). Both render the same tree, so the
 * browser can hydrate what the build wrote.
 */
export function App({ router: Router = BrowserRouter }: { router?: AppRouter }) {
  return (
    <AppProviders>
      <Router>
        <ApiNavigationBridge />
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}

export type AppRouter = (props: { children: ReactNode }) => ReactNode;
