import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Tabs.css';
import './music.css';
import {
  STORAGE_KEYS,
  clampPanelPosition,
  currentTrack,
  isProvisionalTrack,
  movedPanelPosition,
  panelDocksBeside,
  readMusicQuery,
  type PlayerTrack,
} from '@focusroom/core';
import { ActionIcon, Group, Tabs, Title, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconGripVertical, IconMinus, IconMusic, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { onSignOut } from '../auth';
import { useHeaderSlot, useSmallScreen } from '../../lib/header-slots';
import { notify } from '../../lib/notify';
import { startTitleLookups } from '../../lib/title-lookups';
import { registerBreakFollow } from './break-follow';
import { createAudioEngine } from './engines/audio-engine';
import { createYouTubeEngine } from './engines/youtube-engine';
import { bindMediaSession, updateMediaSession } from './media-session';
import { MiniBar } from './mini-bar';
import { MovableFrame, TOP_INSET_PX } from './movable-frame';
import { musicApi } from './music-api';
import {
  forgetPlayerStorage,
  readFollowsTimer,
  readStoredCurrentTrack,
  readStoredMinimized,
  readStoredPanelPosition,
  readStoredPlaylist,
  readStoredVolume,
  setFlag,
  writeStoredPanelPosition,
} from './music-storage';
import { NowPlayingTab } from './now-playing-tab';
import { createPlayer, type Player } from './player';
import type { PlayerTab } from './player-state';
import { startPlayerSync } from './player-sync';
import { PlaylistTab } from './playlist-tab';
import { SearchTab } from './search-tab';
import { usePlayerState } from './use-player-state';
import { useWindowSize, type WindowSize } from './use-window-size';

function makePlayer(videoHost: () => HTMLElement | null): Player {
  const tracks = readStoredPlaylist();
  const stored = readStoredCurrentTrack();
  return createPlayer({
    createEngine: (source, events) =>
      source === 'audio' ? createAudioEngine(events) : createYouTubeEngine(events, videoHost),
    toast: (toast) => notify(toast),
    initial: {
      tracks,
      currentId: tracks.find((t) => t.id === stored?.id)?.id ?? tracks[0]?.id ?? null,
      volume: readStoredVolume(),
      minimized: readStoredMinimized(),
      followsTimer: readFollowsTimer(),
    },
  });
}

/**
 * A track added under a temporary title got its real one: the list shows it, and the saved
 * playlist the track was opened from keeps it too (decision 053).
 */
async function applyRealTitle(player: Player, id: string, real: PlayerTrack): Promise<void> {
  const track = player.store.getState().tracks.find((t) => t.id === id);
  if (!track) return;
  const change = { title: real.title, artist: real.artist, artwork: real.artwork || track.artwork };
  player.updateTrack(id, change);
  if (track.playlistId) {
    await musicApi.updateSong(track.playlistId, id, {
      title: change.title,
      artist: change.artist,
      image_url: change.artwork,
    });
  }
}

/**
 * The frame's size as music.css lays it out: 24rem (384 px) wide, the panel 600 px high and the
 * bar 5rem (80 px), each smaller in a smaller window.
 */
function frameSize(window: WindowSize, expanded: boolean) {
  return {
    width: Math.min(384, window.width - 32),
    height: expanded ? Math.min(600, window.height - 96) : 80,
  };
}

/**
 * The floating music player (product §2, §4), mounted once by the app layout for signed-in
 * users and loaded after the first paint: the round button bottom right, the panel with its
 * three tabs, the minimized bar. It keeps playing across pages because the layout never
 * unmounts it.
 */
export default function MusicPlayer() {
  const videoHost = useRef<HTMLDivElement>(null);
  const [player] = useState(() => makePlayer(() => videoHost.current));
  const open = usePlayerState(player, (s) => s.open);
  const minimized = usePlayerState(player, (s) => s.minimized);
  const tab = usePlayerState(player, (s) => s.tab);
  const location = useLocation();
  const navigate = useNavigate();
  const windowSize = useWindowSize();
  const { t } = useLingui();
  // On a small screen the button sits in the top bar and the bar under it (decision 055); the
  // panel opens under the top bar and does not move.
  const small = useSmallScreen();
  const buttonSlot = useHeaderSlot('music');
  const stripSlot = useHeaderSlot('strip');
  // Where a person moved it (decision 054); null: its first place.
  const [moved, setMoved] = useState(readStoredPanelPosition);
  const expanded = open && !minimized;
  const movable = open && !small;
  const position = movable
    ? clampPanelPosition(moved, frameSize(windowSize, expanded), windowSize, TOP_INSET_PX)
    : null;
  // Docked in a wide window, the panel sits beside the page, not over it (music.css).
  const docked = expanded && !small && panelDocksBeside(moved, windowSize.width);

  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute('data-music-docked', docked);
    return () => root.removeAttribute('data-music-docked');
  }, [docked]);

  const onMoved = (delta: { x: number; y: number }) => {
    const next = movedPanelPosition(moved === null ? null : position, delta);
    setMoved(next);
    writeStoredPanelPosition(next);
  };

  useEffect(() => {
    const stopSync = startPlayerSync(player);
    const unregister = registerBreakFollow(player);
    const stopLookups = startTitleLookups({
      waiting: () =>
        player.store
          .getState()
          .tracks.filter(isProvisionalTrack)
          .map((track) => ({ key: track.id, url: track.url })),
      resolve: musicApi.resolve,
      apply: (id, real) => applyRealTitle(player, id, real),
    });
    const unbind = bindMediaSession({
      play: player.play,
      pause: player.pause,
      next: player.next,
      previous: player.previous,
    });
    // A session ended (logout, a 401, another account): silence, and the next account starts
    // with an empty player.
    const stopForgetting = onSignOut(() => {
      player.loadPlaylist([], null);
      forgetPlayerStorage();
    });
    const unsubscribe = player.store.subscribe((state, previous) => {
      if (state.currentId !== previous.currentId || state.playing !== previous.playing) {
        updateMediaSession(currentTrack(state), state.playing);
      }
    });
    return () => {
      stopLookups();
      stopForgetting();
      unsubscribe();
      unbind();
      unregister();
      stopSync();
      player.destroy();
      updateMediaSession(null, false);
    };
  }, [player]);

  // Product §4: ?musicPlayer=open opens the panel; keepOpen=true also minimizes it and sets
  // the open flag; both are then stripped from the address.
  useEffect(() => {
    const action = readMusicQuery(location.search);
    if (!action) return;
    if (action.open) player.openPanel(action.keepOpen ? { minimized: true } : undefined);
    if (action.keepOpen) setFlag(STORAGE_KEYS.playerOpen);
    void navigate(
      { pathname: location.pathname, search: action.search, hash: location.hash },
      { replace: true },
    );
  }, [location.search, location.pathname, location.hash, navigate, player]);

  const inTopBar = small && buttonSlot !== null;
  const button = (
    <ActionIcon
      className="fr-music-fab"
      data-in-top-bar={inTopBar || undefined}
      size={inTopBar ? 36 : 56}
      radius="xl"
      variant="filled"
      aria-label={t`Open music player`}
      onClick={() => player.openPanel({ minimized: false })}
    >
      <IconMusic size={inTopBar ? 20 : 26} />
    </ActionIcon>
  );

  return (
    <MovableFrame position={position} placed={moved !== null} movable={movable} onMoved={onMoved}>
      {(drag) => (
        <>
          {open ? null : inTopBar && buttonSlot ? createPortal(button, buttonSlot) : button}
          {open && minimized ? (
            small && stripSlot ? (
              createPortal(<MiniBar player={player} />, stripSlot)
            ) : (
              <MiniBar player={player} drag={drag.surface} />
            )
          ) : null}
          <section className="fr-music-panel" aria-label={t`Music player`} hidden={!expanded}>
            <Group
              justify="space-between"
              wrap="nowrap"
              className="fr-music-header"
              data-movable={movable || undefined}
              {...drag.surface}
            >
              <Group gap={4} wrap="nowrap">
                {movable ? (
                  <UnstyledButton
                    className="fr-music-handle"
                    aria-label={t`Move music player`}
                    {...drag.handle}
                  >
                    <IconGripVertical size={18} aria-hidden />
                  </UnstyledButton>
                ) : null}
                <Title order={2} size="h4">
                  {t`Music`}
                </Title>
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t`Minimize music player`}
                  onClick={() => player.setMinimized(true)}
                >
                  <IconMinus size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t`Close music player`}
                  onClick={player.close}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Group>
            </Group>
            <Tabs
              value={tab}
              onChange={(value) => value && player.setTab(value as PlayerTab)}
              keepMounted
              className="fr-music-tabs"
            >
              <Tabs.List grow>
                <Tabs.Tab value="nowPlaying">{t`Now Playing`}</Tabs.Tab>
                <Tabs.Tab value="playlist">{t`Playlist`}</Tabs.Tab>
                <Tabs.Tab value="search">{t`Search`}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="nowPlaying" className="fr-music-tab-panel">
                <NowPlayingTab player={player} videoHost={videoHost} />
              </Tabs.Panel>
              <Tabs.Panel value="playlist" className="fr-music-tab-panel">
                <PlaylistTab player={player} />
              </Tabs.Panel>
              <Tabs.Panel value="search" className="fr-music-tab-panel">
                <SearchTab player={player} />
              </Tabs.Panel>
            </Tabs>
          </section>
        </>
      )}
    </MovableFrame>
  );
}
