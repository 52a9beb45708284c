/**
 * The player's address query (product §4): `musicPlayer=open` opens the panel, `keepOpen=true`
 * with it also minimizes the panel and sets the open flag; both are then removed from the address.
 */

export const MUSIC_QUERY = { player: 'musicPlayer', keepOpen: 'keepOpen' } as const;

export interface MusicQueryAction {
  /** Open the panel. */
  open: boolean;
  /** Minimize it and set the stored open flag. */
  keepOpen: boolean;
  /** The query string without the two parameters ('' or starting with '?'). */
  search: string;
}

/**
 * What a page's query string asks of the player, or null when it carries neither parameter
 * (nothing to do, nothing to strip). Other parameters are kept in their order.
 */
export function readMusicQuery(search: string): MusicQueryAction | null {
  const pairs = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '');
  let player: string | undefined;
  let keepOpen: string | undefined;
  const kept: string[] = [];
  for (const pair of pairs) {
    const [rawKey = '', rawValue = ''] = pair.split('=');
    const key = safeDecode(rawKey);
    if (key === MUSIC_QUERY.player) player = safeDecode(rawValue);
    else if (key === MUSIC_QUERY.keepOpen) keepOpen = safeDecode(rawValue);
    else kept.push(pair);
  }
  if (player === undefined && keepOpen === undefined) return null;
  const open = player === 'open';
  return {
    open,
    keepOpen: open && keepOpen === 'true',
    search: kept.length > 0 ? `?${kept.join('&')}` : '',
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
