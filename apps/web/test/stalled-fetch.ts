import { vi } from 'vitest';

/** A fetch that never answers and rejects when aborted, like a stalled connection. */
export function stalledFetch() {
  return vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
}

/** Long enough for every retry the generic wrapper could make (3 × 60 s plus back-off). */
export const ALL_RETRIES_MS = 3 * 60_000 + 10_000;
