import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindMediaSession, updateMediaSession } from './media-session';
import { track } from './test-fakes';

class FakeMetadata {
  constructor(readonly init: MediaMetadataInit) {}
}

function stubMediaSession() {
  const handlers = new Map<string, (() => void) | null>();
  const session = {
    metadata: null as unknown,
    playbackState: 'none',
    setActionHandler: (action: string, handler: (() => void) | null) =>
      handlers.set(action, handler),
  };
  Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
  vi.stubGlobal('MediaMetadata', FakeMetadata);
  return { session, handlers };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaSession');
});

describe('the Media Session', () => {
  it('shows the current track with its artwork and whether it plays', () => {
    const { session } = stubMediaSession();
    updateMediaSession({ ...track('aaaaaaaaaaa'), artwork: 'https://i.ytimg.com/a.jpg' }, true);
    expect((session.metadata as FakeMetadata).init).toEqual({
      title: 'Song aaaaaaaaaaa',
      artist: 'Artist aaaaaaaaaaa',
      artwork: [{ src: 'https://i.ytimg.com/a.jpg' }],
    });
    expect(session.playbackState).toBe('playing');
    updateMediaSession(null, false);
    expect(session.metadata).toBeNull();
    expect(session.playbackState).toBe('none');
  });

  it('wires play, pause, next and previous, and unwires them', () => {
    const { handlers } = stubMediaSession();
    const actions = { play: vi.fn(), pause: vi.fn(), next: vi.fn(), previous: vi.fn() };
    const unbind = bindMediaSession(actions);
    handlers.get('play')?.();
    handlers.get('pause')?.();
    handlers.get('nexttrack')?.();
    handlers.get('previoustrack')?.();
    expect(actions.play).toHaveBeenCalledOnce();
    expect(actions.pause).toHaveBeenCalledOnce();
    expect(actions.next).toHaveBeenCalledOnce();
    expect(actions.previous).toHaveBeenCalledOnce();
    unbind();
    expect([...handlers.values()]).toEqual([null, null, null, null]);
  });

  it('does nothing where the browser has no Media Session', () => {
    expect(() => updateMediaSession(track('aaaaaaaaaaa'), true)).not.toThrow();
    expect(bindMediaSession({ play() {}, pause() {}, next() {}, previous() {} })).toBeTypeOf(
      'function',
    );
  });
});
