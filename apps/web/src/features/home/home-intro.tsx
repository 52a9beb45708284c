import {
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconChartBar, IconClock, IconMusic, IconPalette } from '@tabler/icons-react';
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
    icon: <IconMusic size={22} aria-hidden />,
    title: 'Music',
    text: 'Build playlists and keep them playing in a floating player while you work.',
  },
];

/**
 * What Focusroom is, for visitors who are not signed in (product §2): the headline and the two
 * ways in. The home page puts the timer right below it, so a phone shows the timer on its
 * second screen, and the feature cards after the timer.
 */
export function HomeHero() {
  return (
    <Stack gap="md" maw={720}>
      <Badge variant="light" size="lg" radius="sm" w="fit-content">
        Pomodoro focus timer
      </Badge>
      <Title order={1} className="fr-hero-title">
        Your calm room for <span className="fr-gradient-text">deep work</span>
      </Title>
      <Text size="xl" c="dimmed" lh={1.55}>
        Focusroom is a focus timer with to-dos, statistics, themes and music. Work in focused
        sessions, take real breaks, and watch your progress add up.
      </Text>
      <Group gap="sm" mt="xs">
        <Button component={Link} to={ROUTES.register.path} size="md">
          Create a free account
        </Button>
        <Button component={Link} to={ROUTES.login.path} size="md" variant="default">
          Log in
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        No account needed to try it: the timer works right here, and your settings stay in this
        browser until you sign up.
      </Text>
    </Stack>
  );
}

/** The four things Focusroom does, as cards. */
export function HomeFeatures() {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="md"
      component="ul"
      className="fr-plain-list"
    >
      {FEATURES.map((feature) => (
        <li key={feature.title}>
          <Paper withBorder radius="lg" p="lg" className="fr-feature-card">
            <Stack gap="sm">
              <ThemeIcon size={42} radius="md" variant="light">
                {feature.icon}
              </ThemeIcon>
              <Title order={2} fz="lg">
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
