import '@mantine/core/styles/Accordion.css';
import { DEFAULT_TIMER_SETTINGS, RESET_TOKEN_TTL_MS } from '@focusroom/core';
import { Accordion, Anchor, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { PageShell } from '../../components/page-shell';
import { richMessage } from '../../i18n';
import { ShortcutsTable } from '../../components/shortcuts-table';
import { linkLifetime } from '../../lib/link-lifetime';
import { Para } from './prose';

interface Topic {
  id: string;
  title: string;
  body: ReactNode;
}

/** The help topics, in the reader's language. */
function useTopics(): Topic[] {
  const { t, i18n } = useLingui();
  const pomodoroMinutes = DEFAULT_TIMER_SETTINGS.pomodoro_duration;
  const shortBreakMinutes = DEFAULT_TIMER_SETTINGS.short_break_duration;
  const longBreakMinutes = DEFAULT_TIMER_SETTINGS.long_break_duration;
  const resetLifetime = i18n._(linkLifetime(RESET_TOKEN_TTL_MS));
  return [
    {
      id: 'timer',
      title: t`The timer`,
      body: (
        <>
          <Para>
            {t`There are three timers: Pomodoro (${pomodoroMinutes} minutes), Short Break (${shortBreakMinutes} minutes) and Long Break (${longBreakMinutes} minutes). After each pomodoro comes a short break, and after every fourth a long one. Start, pause, resume, reset and skip are under the clock.`}
          </Para>
          <Para>
            {t`Add a current task and to-do items beside the clock. When a pomodoro ends, the items you ticked off name the session in your statistics. The timer keeps counting in a background tab and after a reload, and the badge in the top bar shows the time left on every page; click it to come back.`}
          </Para>
          <Para>
            {t`Change the lengths, automatic starts, sound and notifications in the timer settings. Allow notifications in your browser to be told when a session ends. If watching the time makes you restless, the time display there shows whole minutes, only the ring, or nothing until the end.`}
          </Para>
        </>
      ),
    },
    {
      id: 'shortcuts',
      title: t`Keyboard shortcuts`,
      body: (
        <>
          <Para>{t`On the timer page, when you are not typing in a field:`}</Para>
          <ShortcutsTable withTableBorder verticalSpacing="xs" maw={520} />
        </>
      ),
    },
    {
      id: 'statistics',
      title: t`Statistics`,
      body: (
        <Para>
          {t`Every completed pomodoro is saved as a session while you are signed in. The Stats page shows your total focus time, completed sessions, current and longest streak, your most productive weekday, this week against last week, and a heatmap of the past year. Days follow your own time zone. If you are offline when a session ends, it is saved when the connection returns.`}
        </Para>
      ),
    },
    {
      id: 'themes',
      title: t`Themes`,
      body: (
        <Para>
          {t`Open Themes to pick a background. Built-in themes work offline. You can also create a custom theme with your own colours and image, keep it private or share it in the public gallery. Your choice is remembered on every device you sign in on.`}
        </Para>
      ),
    },
    {
      id: 'sounds',
      title: t`Ambient sounds`,
      body: (
        <>
          <Para>
            {t`The Sounds button at the bottom left opens the ambient mixer, signed in or not. Switch on any of rain, ocean waves, wind, a crackling fire, and white, pink or brown noise, give each its own volume, and set the master volume. Save a mix under a name to bring it back later. The sounds are generated in your browser, so they need no network.`}
          </Para>
          <Para>
            {t`Turn on Sound follows the timer to choose different sounds and volumes for focus and for breaks; they change with a short fade when the timer moves on.`}
          </Para>
        </>
      ),
    },
    {
      id: 'music',
      title: t`Music and playlists`,
      body: (
        <>
          <Para>
            {t`The round button at the bottom right opens the music player. Now Playing shows the current track, the Playlist tab lists what is queued (Save keeps it as a playlist), and Search finds YouTube videos; you can also paste a YouTube link there. Minimise the player to a small bar with previous, play or pause, next and volume. Music keeps playing as you move between pages, and your media keys work where the browser allows. Turn on Pause music during breaks to pause at a break and resume with the next focus session.`}
          </Para>
          <Para>
            {richMessage(
              t`On the <0>Playlists</0> page, create, rename, describe and delete playlists, and press Play to hear one. Open a playlist to add tracks by search or a pasted link, remove them, play from any track, or drag a track by its handle to reorder. With the keyboard, focus the handle, press Space, move with the arrow keys and press Space again.`,
              [<Anchor component={Link} to={ROUTES.playlists.path} />],
            )}
          </Para>
        </>
      ),
    },
    {
      id: 'account',
      title: t`Your account`,
      body: (
        <>
          <Para>
            {t`Change your name, username, email, bio and avatar on the Profile page, where you can also change your password or delete your account. If you change your email address we send a new verification link to it.`}
          </Para>
          <Para>
            {richMessage(
              t`Did not get the verification email? Check your spam folder, then <0>request a new link</0>.`,
              [<Anchor component={Link} to={ROUTES.resendVerification.path} />],
            )}{' '}
            {richMessage(
              t`Forgot your password? Use <0>password reset</0>; the link expires after ${resetLifetime}.`,
              [<Anchor component={Link} to={ROUTES.forgotPassword.path} />],
            )}
          </Para>
        </>
      ),
    },
  ];
}

/** /help: how Focusroom works, topic by topic. */
export function HelpPage() {
  const { t } = useLingui();
  const topics = useTopics();
  return (
    <PageShell
      title={t`Help`}
      description={t`How the timer, statistics, themes, sounds, music and your account work.`}
      size="md"
    >
      <Accordion variant="separated" radius="md" defaultValue="timer">
        {topics.map((topic) => (
          <Accordion.Item key={topic.id} value={topic.id}>
            <Accordion.Control>
              <Text fw={600} component="span">
                {topic.title}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>{topic.body}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {/* On the page below the topics: on a scrim over a theme's picture (decision 056). */}
      <div className="fr-scrim">
        <Para>
          {richMessage(
            t`Still stuck? Read the <0>About page</0> or our <1>privacy policy</1> for how your data is handled.`,
            [
              <Anchor component={Link} to={ROUTES.about.path} />,
              <Anchor component={Link} to={ROUTES.privacy.path} />,
            ],
          )}
        </Para>
      </div>
    </PageShell>
  );
}
