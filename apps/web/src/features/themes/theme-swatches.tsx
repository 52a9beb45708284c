import './themes.css';
import { Anchor, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { useThemes } from './theme-context';
import { ThemeThumb } from './theme-thumb';
import { themeName } from './standard-theme-words';

/**
 * Brings the opened picker into view: under the timer it opens below the fold of a laptop, and
 * a click that shows nothing on screen seems to do nothing. The whole picker when it fits, else
 * its top (the toggle and the first swatches); smoothly unless motion is reduced.
 */
function revealPicker(panel: HTMLElement): void {
  const picker = panel.closest<HTMLElement>('.fr-theme-picker') ?? panel;
  const fits = picker.getBoundingClientRect().height <= window.innerHeight;
  const reduced =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  picker.scrollIntoView?.({
    block: fits ? 'nearest' : 'start',
    behavior: reduced ? 'auto' : 'smooth',
  });
}

/** The standard themes as a row of pictures; one click applies one (the quick picker's panel). */
export function ThemeSwatches() {
  const { themes, currentTheme, setTheme, currentUserId } = useThemes();
  const panel = useRef<HTMLDivElement>(null);
  const { t, i18n } = useLingui();
  // Once, as the panel first shows (it mounts when the picker opens).
  useEffect(() => {
    if (panel.current) revealPicker(panel.current);
  }, []);
  return (
    <div className="fr-theme-swatches-wrap" ref={panel}>
      <ul className="fr-theme-swatches" aria-label={t`Standard backgrounds`}>
        {themes.map((theme) => {
          const active = String(theme.id) === String(currentTheme.id);
          return (
            <li key={theme.id}>
              <button
                type="button"
                className="fr-theme-swatch"
                aria-pressed={active}
                onClick={() => setTheme(theme)}
              >
                <ThemeThumb theme={theme} />
                <span className="fr-theme-swatch-name">
                  {themeName(theme, (words) => i18n._(words))}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {currentUserId ? (
        <Text size="sm">
          <Anchor component={Link} to={ROUTES.themes.path}>
            {t`Your own themes and the public gallery`}
          </Anchor>
        </Text>
      ) : null}
    </div>
  );
}
