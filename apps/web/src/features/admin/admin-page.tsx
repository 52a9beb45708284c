import { PageShell } from '../../components/page-shell';

/** /admin: the admin area (product §2, admins only). Moderation tools come next. */
export function AdminPage() {
  return <PageShell title="Admin" description="Moderation and site administration." />;
}
