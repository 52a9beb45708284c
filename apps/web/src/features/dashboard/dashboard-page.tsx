import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PageShell } from '../../components/page-shell';

/**
 * /dashboard: the timer page (product §2). The app composes the shared timer in as `children`
 * (app/routes.tsx); this page owns the route, the heading and the title.
 * No lead line under the heading: the time and Start stay on the first screen, even under the
 * verify banner of a new account.
 */
export function DashboardPage({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  return <PageShell title={t`Dashboard`}>{children}</PageShell>;
}
