import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { AMBIENT_SESSION_TITLE, clearAmbientSession, showAmbientSession } from './media-session';

class FakeMetadata {
  title: string;
  artist: string;
  constructor(init: { title: string; artist: string }) {
    this.title = init.title;
    this.artist = init.artist;
  }
}

function fakeSession() {
  return {
    metadata: null as FakeMetadata | null,
    playbackState: 'none' as MediaSessionPlaybackState,
    handlers: new Map<string, unknown>(),
    setActionHandler(action: string, handler: unknown) {
      this.handlers.set(action, handler);
    },
  };
}

describe('the ambient media session entry', () => {
  let session: ReturnType<typeof fakeSession>;
  const actions = { play: () => undefined, pause: () => undefined };

  beforeEach(() => {
    session = fakeSession();
    vi.stubGlobal('MediaMetadata', FakeMetadata);
    Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaSession');
  });

  it('shows "Ambient mix" with the sounds playing when nothing else is there', () => {
    showAmbientSession(['Rain', 'Wind'], actions);
    expect(session.metadata).toMatchObject({ title: 'Ambient mix', artist: 'Rain, Wind' });
    expect(i18n._(AMBIENT_SESSION_TITLE)).toBe('Ambient mix');
    expect(session.playbackState).toBe('playing');
    expect(session.handlers.get('pause')).toBe(actions.pause);
  });

  it('leaves the entry to the music while music plays', () => {
    session.metadata = new FakeMetadata({ title: 'A song', artist: 'Someone' });
    session.playbackState = 'playing';
    showAmbientSession(['Rain'], actions);
    expect(session.metadata.title).toBe('A song');
  });

  it('takes over from paused music, and clears only its own entry', () => {
    session.metadata = new FakeMetadata({ title: 'A song', artist: 'Someone' });
    session.playbackState = 'paused';
    clearAmbientSession();
    expect(session.metadata?.title).toBe('A song');
    showAmbientSession(['Rain'], actions);
    expect(session.metadata?.title).toBe('Ambient mix');
    clearAmbientSession();
    expect(session.metadata).toBeNull();
    expect(session.playbackState).toBe('none');
  });
});
