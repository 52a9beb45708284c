import './sounds-entry.css';
import { UnstyledButton } from '@mantine/core';
import { IconWaveSine } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { Component, lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from 'zustand';
import { ambientStore } from '../../features/ambient';
import { loadAmbientPanel } from '../../features/ambient/lazy';
import { useHeaderSlot, useSmallScreen } from '../../lib/header-slots';
import { useHydrated } from '../../lib/hydration';
import { importWithTimeout } from '../../lib/lazy-with-timeout';
import { SoundFollowsTimer } from '../sound-follows-timer';

/** A fresh lazy component each time: React keeps a failed import's error for good. */
function lazyPanel() {
  return lazy(() => importWithTimeout(loadAmbientPanel));
}

/** A mixer that failed to load (offline before it was ever cached) closes instead of breaking the page. */
class PanelBoundary extends Component<
  { onError: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The Sounds button, bottom left on every page for everyone (the music player owns the bottom
 * right), and the ambient mixer it opens. On a small screen the button sits in the top bar
 * instead, once the page is the app's, so it never covers the page (decision 055). The layout
 * loads this after the first paint; the mixer and its audio code load on the first click.
 */
export default function SoundsEntry() {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const playing = useStore(ambientStore(), (s) => s.playing);
  const panelId = useId();
  const [AmbientPanel, setAmbientPanel] = useState(lazyPanel);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The pre-rendered page has it in the corner; the top bar takes it after hydration.
  const hydrated = useHydrated();
  const small = useSmallScreen();
  const slot = useHeaderSlot('sounds');
  const inTopBar = hydrated && small && slot !== null;
  const { t } = useLingui();

  const button = (
    <UnstyledButton
      ref={buttonRef}
      className="fr-sounds-button"
      data-in-top-bar={inTopBar || undefined}
      data-playing={playing || undefined}
      aria-label={t`Sounds`}
      title={playing ? t`Sounds (playing)` : t`Sounds`}
      aria-expanded={opened}
      aria-controls={opened ? panelId : undefined}
      onClick={() => {
        setLoaded(true);
        setOpened((open) => !open);
      }}
    >
      <IconWaveSine size={inTopBar ? 20 : 24} aria-hidden />
    </UnstyledButton>
  );

  return (
    <>
      <SoundFollowsTimer />
      {inTopBar && slot ? createPortal(button, slot) : button}
      {loaded && opened ? (
        <PanelBoundary
          onError={() => {
            setOpened(false);
            setLoaded(false);
            setAmbientPanel(lazyPanel);
          }}
        >
          <Suspense fallback={null}>
            <AmbientPanel
              id={panelId}
              onClose={() => {
                setOpened(false);
                buttonRef.current?.focus();
              }}
            />
          </Suspense>
        </PanelBoundary>
      ) : null}
    </>
  );
}
