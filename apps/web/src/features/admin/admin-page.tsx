import { PageShell } from '../../components/page-shell';

/** /admin: the admin area (SPEC §2, behind sign-in). Moderation tools come next. */
export function AdminPage() {
  return <PageShell title="Admin" description="Moderation and site administration." />;
}
