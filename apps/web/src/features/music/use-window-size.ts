import { useSyncExternalStore } from 'react';

/** The window's inner size, following resizes (the floating panel stays on screen). */
export interface WindowSize {
  width: number;
  height: number;
}

let cached: WindowSize = { width: 0, height: 0 };

function snapshot(): WindowSize {
  const { innerWidth: width, innerHeight: height } = window;
  if (cached.width !== width || cached.height !== height) cached = { width, height };
  return cached;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useWindowSize(): WindowSize {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
