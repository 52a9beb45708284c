import { SCRIPT_CHUNK_LOAD_TIMEOUT_MS } from '@focusroom/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Thrown when a script chunk did not arrive in time; the error boundary offers a reload. */
export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`A part of the app took longer than ${Math.round(timeoutMs / 1000)} s to load.`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Races a dynamic import against product §9's 120 s chunk timeout. */
export function importWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = SCRIPT_CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * React.lazy for a named export, with the chunk timeout: pages export clearly named components
 * (DashboardPage, ...) instead of defaults.
 */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  timeoutMs?: number,
): LazyExoticComponent<M[K] & ComponentType<object>> {
  return lazy(async () => {
    const module = await importWithTimeout(load, timeoutMs);
    return { default: module[name] as M[K] & ComponentType<object> };
  });
}
