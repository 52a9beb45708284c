import { RESET_TOKEN_TTL_MS, VERIFICATION_TOKEN_TTL_MS } from '@focusroom/core';
import { useLingui } from '@lingui/react/macro';
import { PageShell } from '../../components/page-shell';
import { linkLifetime } from '../../lib/link-lifetime';
import { Bullets, Para, Section } from './prose';

/** /privacy: what Focusroom keeps, where, and why. */
export function PrivacyPage() {
  const { t, i18n } = useLingui();
  const verificationLifetime = i18n._(linkLifetime(VERIFICATION_TOKEN_TTL_MS));
  const resetLifetime = i18n._(linkLifetime(RESET_TOKEN_TTL_MS));
  return (
    <PageShell
      title={t`Privacy policy`}
      description={t`What we keep about you, why, and how to remove it.`}
      size="md"
    >
      <Section title={t`In short`}>
        <Para>
          {t`We keep only what Focusroom needs to work for you. We do not sell data, show advertising, or load third-party analytics or trackers. The music player uses YouTube, as explained below.`}
        </Para>
      </Section>
      <Section title={t`What we keep on our server`}>
        <Bullets
          items={[
            t`Your account: name, username, email address, whether the address is verified, an optional bio and avatar, your time zone, and your password as a one-way hash (never the password itself).`,
            t`Your focus sessions: their length, task label, whether they were completed, and when they started and ended. These make up your statistics.`,
            t`Your settings: timer lengths, automatic starts, sound and notification choices, and your to-do list.`,
            t`Your timer: its phase, when it started or was paused, and your current task, so that every device you are signed in on shows the same timer; the download of your data includes it. While a device has Focusroom open, the server also holds its browser's name (such as “Firefox on Linux”) to show your other devices, and forgets it when the device closes the page.`,
            t`Your themes: the theme you chose and any custom themes you create, including an uploaded background image. Themes you make public are visible to other users with your username.`,
            t`Your playlists: their names and descriptions, and for each track its title, channel, link and thumbnail address.`,
            t`Alarms with the app closed, for each device where you turn them on: the address your browser's push service gave it (Google's, Mozilla's, Apple's or Microsoft's, depending on the browser), the keys that encrypt each alarm so that only that browser can read it, the device's name and language, and when it last received an alarm. At the end of each phase our server sends that push service the alarm's text; turning alarms off for the device, or removing it in the settings, deletes all of this.`,
            t`Sign-in sessions: a record per signed-in device so that logging out, changing or resetting your password, and deleting your account end them.`,
            t`Connected sign-in accounts: for each Google, GitHub or single sign-on account you connect, the provider, its id for you and its email address, so that you can sign in with it.`,
            t`Reports you make: when you report a public theme, the theme and the reason you gave, for the moderators.`,
          ]}
        />
      </Section>
      <Section title={t`What stays in your browser`}>
        <Para>
          {t`Focusroom uses your browser's local storage, not advertising cookies. It holds your sign-in token and a copy of your profile, the state of the running timer, a copy of your settings, the theme you picked, the music player's current list, track and volume, and your ambient sound mixes. If you use Focusroom without an account, this is the only place your to-dos, settings and timer live; when you create an account they go to it, and when you sign in to an account you already had, we ask first. After you log out we keep your last avatar and user id in the browser so your picture appears straight away the next time you sign in; clearing your browser data removes everything.`}
        </Para>
      </Section>
      <Section title={t`Music from YouTube`}>
        <Para>
          {t`When you search for music, our server sends your search words to YouTube for you, without your name or address. Track pictures in search results, playlists and the player come from YouTube's image server, and playing a YouTube track loads YouTube's player from youtube.com; YouTube then sees your browser's address and may set its own cookies, under Google's privacy policy. Ambient sounds are made in your browser and send nothing anywhere.`}
        </Para>
      </Section>
      <Section title={t`Email`}>
        <Para>
          {t`We email you only to verify your address, to reset your password when you ask, and to confirm a change of email address. There is no newsletter.`}
        </Para>
      </Section>
      <Section title={t`Your choices`}>
        <Bullets
          items={[
            t`Edit your profile at any time on the Profile page.`,
            t`Download your profile, settings, sessions, to-dos, themes, playlists and connected accounts as one JSON file from the Profile page (Download my data).`,
            t`Delete your account from the Profile page. This removes your account, sessions, settings, custom themes and playlists from our server.`,
            t`Clear your browser data to remove everything Focusroom stored on your device.`,
          ]}
        />
      </Section>
      <Section title={t`Security`}>
        <Para>
          {t`Passwords are hashed with Argon2id, sign-in attempts are rate-limited, links in emails expire (verification after ${verificationLifetime}, password reset after ${resetLifetime}) and can be used once, and the app loads scripts only from its own address, plus YouTube's player script when you play a YouTube track.`}
        </Para>
      </Section>
    </PageShell>
  );
}
