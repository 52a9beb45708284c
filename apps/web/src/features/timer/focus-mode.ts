import './focus-mode.css';

/**
 * Everything around `element`, up to the app's root, becomes inert (no focus, no clicks, hidden
 * from assistive technology) so focus mode's card is the whole page for keyboards and screen
 * readers too. Returns the elements it changed, to give back exactly those.
 */
function isolate(element: HTMLElement): HTMLElement[] {
  const changed: HTMLElement[] = [];
  // Stops below <body>: dialogs, menus and toasts open in portals there and must stay usable.
  for (
    let node: HTMLElement = element;
    node.parentElement && node.parentElement !== document.body;
    node = node.parentElement
  ) {
    for (const sibling of node.parentElement.children) {
      if (
        sibling !== node &&
        sibling instanceof HTMLElement &&
        !sibling.inert &&
        // Live regions keep speaking: the timer's announcements matter most in focus mode.
        !sibling.matches('[aria-live], style, script')
      ) {
        sibling.inert = true;
        changed.push(sibling);
      }
    }
  }
  return changed;
}

/**
 * Focus mode for the timer card: the rest of the page inert, scrolling locked (focus-mode.css),
 * Esc leaves, and so does the end of full screen (the browser's own Esc, or its exit control).
 * Returns the function that undoes it all.
 */
export function startFocusMode(card: HTMLElement, leave: () => void): () => void {
  const root = document.documentElement;
  root.dataset.focusMode = 'true';
  const inert = isolate(card);
  let wasFullscreen = document.fullscreenElement !== null;

  const onFullscreenChange = () => {
    if (document.fullscreenElement) wasFullscreen = true;
    else if (wasFullscreen) leave();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    // Esc in a dialog closes the dialog, not focus mode.
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('[role="dialog"], [aria-modal="true"]')) return;
    event.preventDefault();
    leave();
  };
  document.addEventListener('fullscreenchange', onFullscreenChange);
  window.addEventListener('keydown', onKeyDown);

  return () => {
    document.removeEventListener('fullscreenchange', onFullscreenChange);
    window.removeEventListener('keydown', onKeyDown);
    for (const element of inert) element.inert = false;
    delete root.dataset.focusMode;
  };
}
