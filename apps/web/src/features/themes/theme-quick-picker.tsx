import { FALLBACK_THEME } from '@focusroom/core';
import { Button, Group, Text } from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { Suspense, useId, useState } from 'react';
import { useHydrated } from '../../lib/hydration';
import { lazyNamed } from '../../lib/lazy-with-timeout';
import { part, withParts } from '../../i18n';
import { useThemes } from './theme-context';
import { themeName } from './standard-theme-words';

const ThemeSwatches = lazyNamed(() => import('./theme-swatches'), 'ThemeSwatches');

/**
 * The background picker under the timer (product §1): everyone, visitors included, picks among
 * the standard themes here; the choice stays in this browser (and, signed in, is saved as the
 * preference). The swatches and their art load on the first open, after the first paint.
 */
export function ThemeQuickPicker() {
  const { currentTheme } = useThemes();
  // A pre-rendered page names the default; this browser's stored theme once hydrated. Read
  // here, not in the provider: a context change during hydration would throw away the server
  // HTML of every lazy part not yet hydrated.
  const shown = useHydrated() ? currentTheme : FALLBACK_THEME;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { t, i18n } = useLingui();
  const name = part('name');
  return (
    <section aria-label={t`Background`} className="fr-theme-picker fr-scrim">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {withParts(
            t({ comment: '{name} is the theme in use, in bold', message: `Background: ${name}` }),
            { name: <strong>{themeName(shown, (words) => i18n._(words))}</strong> },
          )}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPalette size={16} aria-hidden />}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          // A finger needs 44 px on a phone (app.css): a media query, not a script, so the
          // pre-rendered button is the size it stays.
          className="fr-theme-picker-toggle"
        >
          {open ? t`Hide backgrounds` : t`Change background`}
        </Button>
      </Group>
      {open ? (
        <div id={panelId}>
          <Suspense fallback={null}>
            <ThemeSwatches />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
