import { SCRIPT_CHUNK_LOAD_TIMEOUT_MS } from '@focusroom/core';
import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

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

/** A lazy page that can also be loaded ahead of its first render. */
export type PreloadablePage = ComponentType & {
  preload(): Promise<void>;
  /** The page module's export it renders: the build finds the page's chunk by it. */
  readonly moduleExport: string;
};

/**
 * lazyNamed for a page the build pre-renders (docs/decisions/039). The browser loads it before
 * hydrating (`preload`), and the page then renders at once instead of suspending: a pre-rendered
 * page still waiting for its chunk could be thrown away for a spinner by the first update above
 * it, and the page would jump. Each mount keeps the component it started with, so a chunk
 * arriving later never remounts a page (and its form) that rendered through the lazy one.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): PreloadablePage {
  let loaded: ComponentType | null = null;
  const loadComponent = async (): Promise<ComponentType> => {
    const module = await importWithTimeout(load);
    loaded = module[name] as ComponentType;
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await loadComponent() }));
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Page.preload = async (): Promise<void> => {
    if (!loaded) await loadComponent();
  };
  Page.moduleExport = String(name);
  return Page;
}
