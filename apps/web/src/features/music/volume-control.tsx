import { VOLUME_MAX, VOLUME_MIN } from '@focusroom/core';
import { ActionIcon, Popover, Slider } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconVolume, IconVolume2, IconVolumeOff } from '@tabler/icons-react';
import type { Player } from './player';
import { usePlayerState } from './use-player-state';

function VolumeIcon({ volume, size }: { volume: number; size: number }) {
  if (volume === 0) return <IconVolumeOff size={size} />;
  return volume < 50 ? <IconVolume2 size={size} /> : <IconVolume size={size} />;
}

/** The volume slider, 0-100 (product §5). */
export function VolumeSlider({ player }: { player: Player }) {
  const volume = usePlayerState(player, (s) => s.volume);
  const { t } = useLingui();
  return (
    <Slider
      value={volume}
      onChange={player.setVolume}
      min={VOLUME_MIN}
      max={VOLUME_MAX}
      step={1}
      label={(value) => t({ comment: 'The volume slider, 0 to 100', message: `${value}%` })}
      thumbLabel={t`Volume`}
      aria-label={t`Volume`}
      size="sm"
    />
  );
}

/** The minimized bar's volume popup (product §2). */
export function VolumePopup({ player }: { player: Player }) {
  const volume = usePlayerState(player, (s) => s.volume);
  const { t } = useLingui();
  return (
    <Popover position="top" withArrow shadow="md" width={200} trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="md" aria-label={t`Volume ${volume}%`}>
          <VolumeIcon volume={volume} size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <VolumeSlider player={player} />
      </Popover.Dropdown>
    </Popover>
  );
}
