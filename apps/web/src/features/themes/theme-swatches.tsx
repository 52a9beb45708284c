import './themes.css';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { useThemes } from './theme-context';
import { ThemeThumb } from './theme-thumb';

/** The standard themes as a row of pictures; one click applies one (the quick picker's panel). */
export function ThemeSwatches() {
  const { themes, currentTheme, setTheme, currentUserId } = useThemes();
  return (
    <div className="fr-theme-swatches-wrap">
      <ul className="fr-theme-swatches" aria-label="Standard backgrounds">
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
                <span className="fr-theme-swatch-name">{theme.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {currentUserId ? (
        <Text size="sm">
          <Anchor component={Link} to={ROUTES.themes.path}>
            Your own themes and the public gallery
          </Anchor>
        </Text>
      ) : null}
    </div>
  );
}
