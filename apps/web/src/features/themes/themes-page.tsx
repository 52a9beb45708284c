import './themes.css';
import type { Theme } from '@focusroom/core/schemas';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { Suspense, useState, type ReactNode } from 'react';
import { PageShell } from '../../components/page-shell';
import { lazyNamed } from '../../lib/lazy-with-timeout';
import { ThemeCard } from './theme-card';
import { useThemes } from './theme-context';
import { DeleteThemeDialog, ReportThemeDialog } from './theme-dialogs';

const ThemeEditor = lazyNamed(() => import('./theme-editor'), 'ThemeEditor');

function ThemeSection({
  id,
  title,
  action,
  empty,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" gap="sm">
        {/* On the page itself: on a scrim, like every text laid on a picture (decision 056). */}
        <Title order={2} size="h3" id={id} className="fr-scrim">
          {title}
        </Title>
        {action}
      </Group>
      {empty ? (
        <Text c="dimmed" className="fr-scrim">
          {empty}
        </Text>
      ) : (
        <ul className="fr-theme-grid">{children}</ul>
      )}
    </Stack>
  );
}

/**
 * /themes (product §2): the standard themes, the user's own, and the public gallery (filtered
 * and deduplicated, product §5); one click applies a theme. Any path containing /themes pauses
 * the theme refresh (the provider reads the path).
 */
export function ThemesPage() {
  const { themes, customThemes, publicThemes, currentTheme, setTheme, currentUserId, loading } =
    useThemes();
  const [editing, setEditing] = useState<{ theme: Theme | null } | null>(null);
  const [deleting, setDeleting] = useState<Theme | null>(null);
  const [reporting, setReporting] = useState<Theme | null>(null);
  const isActive = (theme: Theme) => String(theme.id) === String(currentTheme.id);
  const { t } = useLingui();

  return (
    <PageShell
      title={t`Themes`}
      description={t`Choose the background you focus best with, or design your own and share it.`}
    >
      <Stack gap="xl" className="fr-themes-page">
        <ThemeSection id="standard-themes" title={t`Standard themes`} empty={null}>
          {themes.map((theme) => (
            <li key={theme.id}>
              <ThemeCard theme={theme} active={isActive(theme)} onApply={() => setTheme(theme)} />
            </li>
          ))}
        </ThemeSection>

        <ThemeSection
          id="my-themes"
          title={t`My themes`}
          action={
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ theme: null })}
            >
              {t`Create theme`}
            </Button>
          }
          empty={
            loading
              ? t`Loading your themes…`
              : customThemes.length === 0
                ? t`You have no custom themes yet. Create one with your own colours and picture.`
                : null
          }
        >
          {customThemes.map((theme) => (
            <li key={theme.id}>
              <ThemeCard
                theme={theme}
                active={isActive(theme)}
                onApply={() => setTheme(theme)}
                onEdit={() => setEditing({ theme })}
                onDelete={() => setDeleting(theme)}
              />
            </li>
          ))}
        </ThemeSection>

        <ThemeSection
          id="public-gallery"
          title={t`Public gallery`}
          empty={
            loading
              ? t`Loading the gallery…`
              : publicThemes.length === 0
                ? t`No public themes yet. Make one of yours public to start the gallery.`
                : null
          }
        >
          {publicThemes.map((theme) => {
            const mine = currentUserId !== null && theme.user_id === currentUserId;
            return (
              <li key={theme.id}>
                <ThemeCard
                  theme={theme}
                  active={isActive(theme)}
                  onApply={() => setTheme(theme)}
                  showCreator
                  mine={mine}
                  {...(mine ? {} : { onReport: () => setReporting(theme) })}
                />
              </li>
            );
          })}
        </ThemeSection>
      </Stack>

      {editing ? (
        <Suspense fallback={<Loader size="sm" aria-label={t`Loading the editor`} />}>
          <ThemeEditor
            key={editing.theme?.id ?? 'new'}
            opened
            theme={editing.theme}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
      <DeleteThemeDialog theme={deleting} onClose={() => setDeleting(null)} />
      <ReportThemeDialog theme={reporting} onClose={() => setReporting(null)} />
    </PageShell>
  );
}
