/** Track order on the playlist page: what a drag or a key press turns into. */

interface Ordered {
  id: string;
  position: number;
}

/**
 * The track ids after moving the track `activeId` to where `overId` is, or null when nothing
 * moves (dropped on itself, or an id the list does not hold).
 */
export function movedIds(
  ids: readonly string[],
  activeId: string,
  overId: string | null,
): string[] | null {
  if (overId === null || activeId === overId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, activeId);
  return next;
}

/**
 * The tracks in the order of `songIds`, positions renumbered from 0. Tracks the order does not
 * name keep their relative order after the named ones, so a stale order never drops a track.
 */
export function reorderedTracks<T extends Ordered>(
  tracks: readonly T[],
  songIds: readonly string[],
): T[] {
  const byId = new Map(tracks.map((track) => [track.id, track]));
  const named = songIds.flatMap((id) => {
    const track = byId.get(id);
    if (!track) return [];
    byId.delete(id);
    return [track];
  });
  const rest = tracks.filter((track) => byId.has(track.id));
  return [...named, ...rest].map((track, position) => ({ ...track, position }));
}
