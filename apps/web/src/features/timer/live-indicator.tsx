import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useStore } from 'zustand';
import { liveStatus } from './live-status';

/**
 * Where the account's one timer stands on this tab (issue 33): live on how many devices (their
 * names on hover), connecting, or down with the timer running on here until it catches up.
 * Nothing for a visitor, whose timer is this tab's own.
 */
export function LiveIndicator() {
  const { t } = useLingui();
  const { active, channel, devices } = useStore(liveStatus);
  if (!active) return null;
  const count = Math.max(1, devices.length);
  const text =
    channel === 'live'
      ? t`${plural(count, { one: 'Live on # device', other: 'Live on # devices' })}`
      : channel === 'connecting'
        ? t`Connecting…`
        : t`Offline: the timer runs on here and catches up`;
  const names = channel === 'live' ? devices.map((device) => device.label).join(', ') : undefined;
  return (
    <span className="fr-live" data-channel={channel} title={names || undefined}>
      <span className="fr-live-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
