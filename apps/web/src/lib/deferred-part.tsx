import { Suspense, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';

/*
 * Hydration in short tasks (docs/decisions/039). React 19 hydrates the tree outside
 * any <Suspense> in one synchronous task; a boundary it finds in the server's HTML is left
 * dehydrated and hydrated later at its lowest lane (Offscreen), in 5 ms slices that yield to the
 * browser. A <DeferredPart> is such a boundary around an independent part of the first screen.
 *
 * The trap: an update at default or sync priority that reaches a still-dehydrated boundary
 * (new props, or any context change above it) makes React hydrate that boundary at once,
 * synchronously, and the long task is back. So the parts count themselves, and what would
 * change a context above them right after start-up waits for `useDeferredPartsHydrated()`.
 */

let registered = 0;
let settled = 0;
/** Once every part has hydrated, later pages' parts (client navigation) change nothing. */
let opened = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounts inside the boundary: its layout effect runs in the commit that hydrates the part. */
function Settled() {
  useLayoutEffect(() => {
    settled++;
    notify();
    return () => {
      settled--;
    };
  }, []);
  return null;
}

/**
 * An independent part of a pre-rendered page, hydrated in a pass of its own after the page's
 * frame. A part that does not suspend by itself renders at once in a page rendered afresh, as
 * if the boundary were not there; `fallback` is for a part that may (a lazy page).
 */
export function DeferredPart({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  // Outside the boundary: counted in the commit that leaves it dehydrated.
  useLayoutEffect(() => {
    registered++;
    return () => {
      registered--;
    };
  }, []);
  return (
    <Suspense fallback={fallback}>
      <Settled />
      {children}
    </Suspense>
  );
}

function allSettled(): boolean {
  if (!opened && settled >= registered) opened = true;
  return opened;
}

/**
 * True once every <DeferredPart> of the first page has hydrated (at once in a page rendered
 * afresh), and from then on; false on the server and while hydrating.
 */
export function useDeferredPartsHydrated(): boolean {
  return useSyncExternalStore(subscribe, allSettled, () => false);
}
