import { currentTrack, type PlayerTrack } from '@focusroom/core';
import { useStore } from 'zustand';
import type { Player } from './player';
import type { PlayerState } from './player-state';

/** A slice of the player's state, re-rendering only when it changes. */
export function usePlayerState<T>(player: Player, select: (state: PlayerState) => T): T {
  return useStore(player.store, select);
}

export function useCurrentTrack(player: Player): PlayerTrack | null {
  return useStore(player.store, (state) => currentTrack(state));
}
