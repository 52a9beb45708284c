import './home.css';
import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconClock, IconMusic, IconPalette, IconWaveSine } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';

interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

const FEATURES: Feature[] = [
  {
    icon: <IconClock size={22} aria-hidden />,
    title: 'Pomodoro timer with to-dos',
    text: '25-minute focus sessions, short and long breaks, and a to-do list beside the clock. It keeps time even in a background tab.',
  },
  {
    icon: <IconChartBar size={22} aria-hidden />,
    title: 'Statistics',
    text: 'Every finished session is recorded: streaks, your most productive day, a year-long heatmap and week-on-week trends.',
  },
  {
    icon: <IconPalette size={22} aria-hidden />,
    title: 'Themes',
    text: 'Pick a calm background from the built-in themes, or design your own and share it with others.',
  },
  {
    icon: <IconWaveSine size={22} aria-hidden />,
    title: 'Ambient sounds',
    text: 'Rain, ocean waves, wind, a crackling fire and white, pink or brown noise, made in your browser: no account, no downloads, and they keep playing offline. Mix them and save your mixes.',
  },
  {
    icon: <IconMusic size={22} aria-hidden />,
    title: 'Music and playlists',
    text: 'With a free account: a music player that keeps playing from page to page. Add YouTube tracks by search or by pasting a link, and keep them in playlists.',
  },
];

/**
 * The visitor's headline above the timer (product §2): two short lines, so the time and Start
 * stay on the first screen of a phone and of a small laptop. The rest of the introduction comes
 * after the timer.
 */
export function HomeHeadline() {
  return (
    <Stack gap={4}>
      <Title order={1} className="fr-home-title">
        <span className="fr-scrim-lines">
          Your calm room for <span className="fr-gradient-text">deep work</span>
        </span>
      </Title>
      <Text c="dimmed">
        <span className="fr-scrim-lines">
          A Pomodoro timer with to-dos. Press Start: no account needed, it works right here.
        </span>
      </Text>
    </Stack>
  );
}

/** What Focusroom is and the two ways in, after the timer, for visitors (product §2). */
export function HomeIntro() {
  return (
    <Stack component="section" gap="xl" aria-labelledby="fr-home-intro" className="fr-home-intro">
      <Stack gap="md" maw={720} className="fr-scrim fr-scrim-roomy">
        <Title order={2} id="fr-home-intro" className="fr-home-intro-title">
          Focus in sessions, rest for real
        </Title>
        <Text size="lg" c="dimmed" lh={1.55}>
          Focusroom is a focus timer with to-dos, statistics, themes, ambient sounds and a music
          player. Work in focused sessions, take real breaks, and watch your progress add up.
        </Text>
        <Group gap="sm">
          <Button component={Link} to={ROUTES.register.path} size="md">
            Create a free account
          </Button>
          <Button component={Link} to={ROUTES.login.path} size="md" variant="default">
            Log in
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Your to-dos and settings stay in this browser and come along when you sign up; with an
          account, every finished session is recorded in your statistics.
        </Text>
      </Stack>
      <HomeFeatures />
    </Stack>
  );
}

/** What Focusroom does today, as cards. */
function HomeFeatures() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="ul" className="fr-plain-list">
      {FEATURES.map((feature) => (
        <li key={feature.title}>
          <Paper withBorder radius="lg" p="lg" className="fr-feature-card">
            <Stack gap="sm">
              <ThemeIcon size={42} radius="md" variant="light">
                {feature.icon}
              </ThemeIcon>
              <Title order={3} fz="lg">
                {feature.title}
              </Title>
              <Text size="sm" c="dimmed" lh={1.6}>
                {feature.text}
              </Text>
            </Stack>
          </Paper>
        </li>
      ))}
    </SimpleGrid>
  );
}
