import {
  MUSIC_STORAGE_KEYS,
  STORAGE_KEYS,
  clampVolume,
  parsePanelPosition,
  type PanelPosition,
  parseStoredTrack,
  parseStoredTracks,
  type PlayerTrack,
} from '@focusroom/core';
import { readItem, writeItem } from '../../lib/storage';

/** The player's storage (product §3 keys plus its volume and timer preference). */

export function readStoredPlaylist(): PlayerTrack[] {
  return parseStoredTracks(readItem(STORAGE_KEYS.playlist));
}

export function readStoredCurrentTrack(): PlayerTrack | null {
  return parseStoredTrack(readItem(STORAGE_KEYS.currentTrack));
}

export function writeStoredPlaylist(tracks: PlayerTrack[]): void {
  writeItem(STORAGE_KEYS.playlist, JSON.stringify(tracks));
}

export function writeStoredCurrentTrack(track: PlayerTrack | null): void {
  writeItem(STORAGE_KEYS.currentTrack, track ? JSON.stringify(track) : null);
}

export function readStoredVolume(): number {
  return clampVolume(readItem(MUSIC_STORAGE_KEYS.volume));
}

export function writeStoredVolume(volume: number): void {
  writeItem(MUSIC_STORAGE_KEYS.volume, String(volume));
}

export function readStoredMinimized(): boolean {
  return readItem(STORAGE_KEYS.playerMinimized) === 'true';
}

export function writeStoredMinimized(minimized: boolean): void {
  writeItem(STORAGE_KEYS.playerMinimized, minimized ? 'true' : 'false');
}

export function readFollowsTimer(): boolean {
  return readItem(MUSIC_STORAGE_KEYS.followsTimer) === 'true';
}

export function writeFollowsTimer(on: boolean): void {
  writeItem(MUSIC_STORAGE_KEYS.followsTimer, on ? 'true' : 'false');
}

/** Where the panel was moved to; null: its first place (decision 054). */
export function readStoredPanelPosition(): PanelPosition | null {
  return parsePanelPosition(readItem(MUSIC_STORAGE_KEYS.panelPosition));
}

export function writeStoredPanelPosition(position: PanelPosition | null): void {
  writeItem(MUSIC_STORAGE_KEYS.panelPosition, position ? JSON.stringify(position) : null);
}

/** A flag is set when it holds anything but '', 'false' or '0'. */
export function isFlagSet(key: string): boolean {
  const value = readItem(key);
  return value !== null && value !== '' && value !== 'false' && value !== '0';
}

export function clearFlag(key: string): void {
  writeItem(key, null);
}

export function setFlag(key: string): void {
  writeItem(key, 'true');
}

/**
 * What signing out removes of the player: the list, the current track and the flags, so the next
 * account in this browser starts with an empty player. Volume and the follow-the-timer switch are
 * preferences of the browser, not of the account, and stay.
 */
export const PLAYER_ACCOUNT_KEYS = [
  STORAGE_KEYS.playlist,
  STORAGE_KEYS.currentTrack,
  STORAGE_KEYS.playerOpen,
  STORAGE_KEYS.playerMinimized,
  STORAGE_KEYS.playlistUpdated,
] as const;

export function forgetPlayerStorage(): void {
  for (const key of PLAYER_ACCOUNT_KEYS) writeItem(key, null);
}
