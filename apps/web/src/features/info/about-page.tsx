import { DEFAULT_TIMER_SETTINGS } from '@focusroom/core';
import { Anchor } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { PageShell } from '../../components/page-shell';
import { richMessage } from '../../i18n';
import { Bullets, Para, Section } from './prose';

/** /about: what Focusroom is and who it is for. */
export function AboutPage() {
  const { t } = useLingui();
  const minutes = DEFAULT_TIMER_SETTINGS.pomodoro_duration;
  return (
    <PageShell
      title={t`About Focusroom`}
      description={t`A quiet place to do one thing at a time.`}
      size="md"
    >
      <Section title={t`What it is`}>
        <Para>
          {t`Focusroom is a focus timer built on the Pomodoro technique: you work in short, focused sessions (${minutes} minutes by default) separated by short breaks, with a longer break after every fourth session. Around the timer sit the things that help you keep going: a to-do list, statistics of your sessions, calm background themes, ambient sounds made in your browser and, with an account, a music player with your own playlists.`}
        </Para>
      </Section>
      <Section title={t`What you can do`}>
        <Bullets
          items={[
            t`Run pomodoro, short-break and long-break timers, with automatic starts if you want them.`,
            t`Keep a current task and a to-do list next to the clock; finished items name the session.`,
            t`See your statistics: total focus time, streaks, your most productive day and a year-long heatmap.`,
            t`Choose a background theme, or create your own and share it in the public gallery.`,
            t`Mix ambient sounds (rain, ocean waves, wind, a crackling fire, white, pink and brown noise), save your mixes, and let the sound change between focus and breaks.`,
            t`With an account, play music from YouTube in a player that keeps going from page to page: find tracks by search or a pasted link, and keep them in playlists you can reorder.`,
          ]}
        />
      </Section>
      <Section title={t`With or without an account`}>
        <Para>
          {t`Anyone can use the timer and the ambient sounds straight away; without an account their settings stay in your browser. With a free account your sessions are recorded so your statistics grow, your settings, custom themes and playlists follow you to any device, and the music player is yours to use.`}{' '}
          {richMessage(t`<0>Create an account</0> when you are ready.`, [
            <Anchor component={Link} to={ROUTES.register.path} />,
          ])}
        </Para>
      </Section>
      <Section title={t`Our approach`}>
        <Para>
          {t`Focusroom keeps only what it needs to work, loads no advertising or analytics, and keeps the timer accurate even when its tab is in the background. YouTube's player loads only when you play a YouTube track.`}{' '}
          {richMessage(t`Read more in our <0>privacy policy</0> and <1>terms of use</1>.`, [
            <Anchor component={Link} to={ROUTES.privacy.path} />,
            <Anchor component={Link} to={ROUTES.terms.path} />,
          ])}
        </Para>
      </Section>
    </PageShell>
  );
}
