import type { ReactNode } from 'react';
import { PageShell } from '../../components/page-shell';

/**
 * /dashboard: the timer page (product §2). The app composes the shared timer in as `children`
 * (features never import each other); this page owns the route, the heading and the title.
 */
export function DashboardPage({ children }: { children?: ReactNode }) {
  return (
    <PageShell
      title="Dashboard"
      description="Run focus sessions, keep your to-do list and take proper breaks."
    >
      {children}
    </PageShell>
  );
}
