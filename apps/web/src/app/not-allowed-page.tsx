import { Anchor } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { PageShell } from '../components/page-shell';
import { ROUTES } from './paths';

/** What a signed-in user sees on a route their account may not open (admin routes, product §6). */
export function NotAllowedPage() {
  const { t } = useLingui();
  return (
    // The link is one of the heading's actions: on its scrim over a theme's picture (decision 056).
    <PageShell
      title={t`Not allowed`}
      description={t`This page is only for administrators.`}
      size="md"
      actions={
        <Anchor component={Link} to={ROUTES.dashboard.path} fw={600}>
          {t`Go to your dashboard`}
        </Anchor>
      }
    />
  );
}
