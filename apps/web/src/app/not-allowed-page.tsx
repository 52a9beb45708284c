import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PageShell } from '../components/page-shell';
import { ROUTES } from './paths';

/** What a signed-in user sees on a route their account may not open (admin routes, product §6). */
export function NotAllowedPage() {
  return (
    <PageShell title="Not allowed" description="This page is only for administrators." size="md">
      <Anchor component={Link} to={ROUTES.dashboard.path} fw={600}>
        Go to your dashboard
      </Anchor>
    </PageShell>
  );
}
