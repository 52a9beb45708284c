import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n';

/**
 * The ambient mix in the operating system's media controls (product §4 ambient mixer), only
 * while no music plays: the music player owns the media session whenever it is playing.
 */
export const AMBIENT_SESSION_TITLE = msg`Ambient mix`;

/** The title of the entry this module last showed, in the language of that moment. */
let shownTitle: string | null = null;

function session(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator
    ? navigator.mediaSession
    : null;
}

function ours(ms: MediaSession): boolean {
  return shownTitle !== null && ms.metadata?.title === shownTitle;
}

/** Music is playing when someone else's entry is in the session and it says "playing". */
function musicPlaying(ms: MediaSession): boolean {
  return !!ms.metadata && !ours(ms) && ms.playbackState === 'playing';
}

/** Shows the mix; `soundNames`: the names of the sounds on, in the active language. */
export function showAmbientSession(
  soundNames: string[],
  actions: { play: () => void; pause: () => void },
): void {
  const ms = session();
  if (!ms || musicPlaying(ms) || typeof MediaMetadata === 'undefined') return;
  try {
    const title = i18n._(AMBIENT_SESSION_TITLE);
    shownTitle = title;
    ms.metadata = new MediaMetadata({
      title,
      artist: soundNames.join(', '),
      album: 'Focusroom',
      artwork: [{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' }],
    });
    ms.playbackState = 'playing';
    ms.setActionHandler('play', actions.play);
    ms.setActionHandler('pause', actions.pause);
  } catch {
    // A browser without some of these actions: the mixer still works.
  }
}

export function clearAmbientSession(): void {
  const ms = session();
  if (!ms || !ours(ms)) return;
  try {
    ms.metadata = null;
    ms.playbackState = 'none';
    ms.setActionHandler('play', null);
    ms.setActionHandler('pause', null);
  } catch {
    // Nothing to undo.
  }
}
