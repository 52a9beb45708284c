import { TIMER_SHORTCUT } from '../../lib/timer-shortcuts';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { IconMaximize, IconMinimize, IconPictureInPicture } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import type { FocusMode } from './use-focus-mode';
import {
  closeMiniTimer,
  loadMiniTimer,
  miniTimerSupported,
  openMiniTimer,
  useMiniTimerWindow,
} from './mini-timer-window';

const neverChanges = () => () => undefined;

/**
 * Whether the browser can float the mini timer. A pre-rendered page offers the button (the
 * Chromium browsers that can are most visitors) and the browser drops it after hydration where
 * it cannot; reading the browser in the first render would not match the server's HTML.
 */
function useMiniTimerSupported(): boolean {
  return useSyncExternalStore(neverChanges, miniTimerSupported, () => true);
}

/**
 * The timer's two other views (product §2): focus mode, and the mini timer where the browser
 * can float a window over other apps (the button is not offered where it cannot).
 */
export function TimerViewTools({ focusMode }: { focusMode: FocusMode }) {
  const miniOpen = useMiniTimerWindow() !== null;
  const supported = useMiniTimerSupported();
  const preloadMini = () => void loadMiniTimer().catch(() => undefined);
  const { t } = useLingui();
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t`Focus mode`}
        aria-pressed={focusMode.active}
        aria-keyshortcuts={TIMER_SHORTCUT.focus.aria}
        onClick={focusMode.toggle}
      >
        {focusMode.active ? (
          <IconMinimize size={20} aria-hidden />
        ) : (
          <IconMaximize size={20} aria-hidden />
        )}
      </ActionIcon>
      {supported ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t`Mini timer`}
          aria-pressed={miniOpen}
          onClick={() =>
            miniOpen ? closeMiniTimer() : void openMiniTimer().catch(() => undefined)
          }
          onMouseEnter={preloadMini}
          onFocus={preloadMini}
        >
          <IconPictureInPicture size={20} aria-hidden />
        </ActionIcon>
      ) : null}
    </>
  );
}
