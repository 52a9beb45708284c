import './home.css';
import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconClock, IconMusic, IconPalette, IconWaveSine } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { richMessage } from '../../i18n';

interface Feature {
  id: string;
  icon: ReactNode;
  title: MessageDescriptor;
  text: MessageDescriptor;
}

const FEATURES: Feature[] = [
  {
    id: 'timer',
    icon: <IconClock size={22} aria-hidden />,
    title: msg`Pomodoro timer with to-dos`,
    text: msg`25-minute focus sessions, short and long breaks, and a to-do list beside the clock. It keeps time even in a background tab.`,
  },
  {
    id: 'statistics',
    icon: <IconChartBar size={22} aria-hidden />,
    title: msg`Statistics`,
    text: msg`Every finished session is recorded: streaks, your most productive day, a year-long heatmap and week-on-week trends.`,
  },
  {
    id: 'themes',
    icon: <IconPalette size={22} aria-hidden />,
    title: msg`Themes`,
    text: msg`Pick a calm background from the built-in themes, or design your own and share it with others.`,
  },
  {
    id: 'sounds',
    icon: <IconWaveSine size={22} aria-hidden />,
    title: msg`Ambient sounds`,
    text: msg`Rain, ocean waves, wind, a crackling fire and white, pink or brown noise, made in your browser: no account, no downloads, and they keep playing offline. Mix them and save your mixes.`,
  },
  {
    id: 'music',
    icon: <IconMusic size={22} aria-hidden />,
    title: msg`Music and playlists`,
    text: msg`With a free account: a music player that keeps playing from page to page. Add YouTube tracks by search or by pasting a link, and keep them in playlists.`,
  },
];

/**
 * The visitor's headline above the timer (product §2): two short lines, so the time and Start
 * stay on the first screen of a phone and of a small laptop. The rest of the introduction comes
 * after the timer.
 */
export function HomeHeadline() {
  const { t } = useLingui();
  return (
    <Stack gap={4}>
      <Title order={1} className="fr-home-title">
        <span className="fr-scrim-lines">
          {richMessage(t`Your calm room for <0>deep work</0>`, [
            <span className="fr-gradient-text" />,
          ])}
        </span>
      </Title>
      <Text c="dimmed">
        <span className="fr-scrim-lines">
          {t`A Pomodoro timer with to-dos. Press Start: no account needed, it works right here.`}
        </span>
      </Text>
    </Stack>
  );
}

/** What Focusroom is and the two ways in, after the timer, for visitors (product §2). */
export function HomeIntro() {
  const { t } = useLingui();
  return (
    <Stack component="section" gap="xl" aria-labelledby="fr-home-intro" className="fr-home-intro">
      <Stack gap="md" maw={720} className="fr-scrim fr-scrim-roomy">
        <Title order={2} id="fr-home-intro" className="fr-home-intro-title">
          {t`Focus in sessions, rest for real`}
        </Title>
        <Text size="lg" c="dimmed" lh={1.55}>
          {t`Focusroom is a focus timer with to-dos, statistics, themes, ambient sounds and a music player. Work in focused sessions, take real breaks, and watch your progress add up.`}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={ROUTES.register.path} size="md">
            {t`Create a free account`}
          </Button>
          <Button component={Link} to={ROUTES.login.path} size="md" variant="default">
            {t`Log in`}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t`Your to-dos and settings stay in this browser and come along when you sign up; with an account, every finished session is recorded in your statistics.`}
        </Text>
      </Stack>
      <HomeFeatures />
    </Stack>
  );
}

/** What Focusroom does today, as cards. */
function HomeFeatures() {
  const { i18n } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="ul" className="fr-plain-list">
      {FEATURES.map((feature) => (
        <li key={feature.id}>
          <Paper withBorder radius="lg" p="lg" className="fr-feature-card">
            <Stack gap="sm">
              <ThemeIcon size={42} radius="md" variant="light">
                {feature.icon}
              </ThemeIcon>
              <Title order={3} fz="lg">
                {i18n._(feature.title)}
              </Title>
              <Text size="sm" c="dimmed" lh={1.6}>
                {i18n._(feature.text)}
              </Text>
            </Stack>
          </Paper>
        </li>
      ))}
    </SimpleGrid>
  );
}
