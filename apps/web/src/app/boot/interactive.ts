import { useEffect, useLayoutEffect } from 'react';
import { useDeferredPartsHydrated } from '../../lib/deferred-part';
import { APP_BOOTING_ATTRIBUTE, APP_INTERACTIVE_EVENT } from './boot-state';

/**
 * Lifts the mark the boot file puts on a pre-rendered page while the app loads
 * (app/boot-state.ts, docs/decisions/042) in the commit where the last part of the page has
 * hydrated, so from then on every control answers; a page rendered afresh lifts it in its first
 * commit. Then, once that commit's effects have run (the shortcut listeners among them), tells
 * the boot file, which presses again the keys it held meanwhile.
 */
export function useInteractiveWhenHydrated(): void {
  const hydrated = useDeferredPartsHydrated();
  useLayoutEffect(() => {
    if (hydrated) document.documentElement.removeAttribute(APP_BOOTING_ATTRIBUTE);
  }, [hydrated]);
  useEffect(() => {
    if (hydrated) document.documentElement.dispatchEvent(new Event(APP_INTERACTIVE_EVENT));
  }, [hydrated]);
}
