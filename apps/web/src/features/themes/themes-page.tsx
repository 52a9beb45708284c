import { PageShell } from '../../components/page-shell';

/** /themes: built-in and custom background themes (product §2). The gallery comes next. */
export function ThemesPage() {
  return (
    <PageShell
      title="Themes"
      description="Choose the background you focus best with, or design your own."
    />
  );
}
