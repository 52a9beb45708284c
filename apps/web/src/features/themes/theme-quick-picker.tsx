import { Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPalette } from '@tabler/icons-react';
import { Suspense, useId, useState, type CSSProperties } from 'react';
import { lazyNamed } from '../../lib/lazy-with-timeout';
import { useThemes } from './theme-context';

const ThemeSwatches = lazyNamed(() => import('./theme-swatches'), 'ThemeSwatches');

/**
 * The background picker under the timer (product §1): everyone, visitors included, picks among
 * the standard themes here; the choice stays in this browser (and, signed in, is saved as the
 * preference). The swatches and their art load on the first open, after the first paint.
 */
export function ThemeQuickPicker() {
  const { currentTheme } = useThemes();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // A finger needs 44 px; the small button stays small beside the timer on a wide screen. (The
  // themes stylesheet that does this for the page is not loaded here: the picker is on the
  // first screen.)
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const touch = phone ? ({ '--button-height-xs': '2.75rem' } as CSSProperties) : undefined;
  return (
    <section aria-label="Background" className="fr-theme-picker">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          Background: <strong>{currentTheme.name}</strong>
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPalette size={16} aria-hidden />}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          style={touch}
        >
          {open ? 'Hide backgrounds' : 'Change background'}
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
