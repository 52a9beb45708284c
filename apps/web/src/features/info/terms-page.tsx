import { useLingui } from '@lingui/react/macro';
import { PageShell } from '../../components/page-shell';
import { Bullets, Para, Section } from './prose';

/** /terms: the rules of using Focusroom. */
export function TermsPage() {
  const { t } = useLingui();
  return (
    <PageShell
      title={t`Terms of use`}
      description={t`The ground rules for using Focusroom.`}
      size="md"
    >
      <Section title={t`Using Focusroom`}>
        <Para>
          {t`Focusroom is a focus timer with to-dos, statistics, themes, ambient sounds and a music player. You may use the timer and the ambient sounds without an account. To record sessions, keep settings, themes and playlists on our server and use the music player you need an account with an email address you control.`}
        </Para>
      </Section>
      <Section title={t`Your account`}>
        <Bullets
          items={[
            t`Keep your password to yourself; you are responsible for what happens under your account.`,
            t`Give a real email address: it is how you verify your account and reset your password.`,
            t`You can delete your account at any time from the Profile page.`,
          ]}
        />
      </Section>
      <Section title={t`What you share`}>
        <Para>
          {t`Custom themes you make public, with your username, can be seen by every Focusroom user. Share only images you have the right to use, and nothing unlawful, hateful, sexual or meant to harass. We may hide public themes that break these rules and suspend accounts that keep doing so.`}
        </Para>
      </Section>
      <Section title={t`Music`}>
        <Para>
          {t`Music plays through YouTube's own player, and YouTube's terms apply to what you play there. Your playlists are private: only you can see or change them.`}
        </Para>
      </Section>
      <Section title={t`Fair use`}>
        <Bullets
          items={[
            t`Do not try to break, overload or get around the limits of the service.`,
            t`Do not use automated scripts to create accounts or send mail through Focusroom.`,
            t`Searches, sign-ins and emails are rate-limited to keep the service fast for everyone.`,
          ]}
        />
      </Section>
      <Section title={t`No warranty`}>
        <Para>
          {t`We work hard to keep Focusroom accurate and available, but it is provided as it is, without guarantees. Keep your own copy of anything you cannot afford to lose. We may change these terms; when we do, the new version appears on this page.`}
        </Para>
      </Section>
    </PageShell>
  );
}
