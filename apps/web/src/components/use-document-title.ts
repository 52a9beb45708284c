import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { useLingui } from '../i18n';

/*
 * The tab title has one owner, this module (product §1): pages name themselves with
 * useDocumentTitle, the timer says what it is doing with setTimerTitle, and render() decides.
 * A running or paused timer wins on every page; otherwise the page's name shows.
 */
let pageName: string | null = null;
let timerTitle: string | null = null;

/**
 * The title for a page name (none: the home page) and the timer's part (none: not under way), in
 * the active language. The product's name (core's PRODUCT_NAME) is a brand that no language
 * changes.
 */
export function composeDocumentTitle(page: string | null, timer: string | null): string {
  if (timer) return timer;
  return page ? t`${page} · Focusroom` : t`Focusroom · Focus timer`;
}

function render(): void {
  const title = composeDocumentTitle(pageName, timerTitle);
  if (document.title !== title) document.title = title;
}

/** Each page names itself in the tab, so history and screen readers tell pages apart. */
export function useDocumentTitle(title: string | null | undefined): void {
  // A change of language writes the title again (the home page's has words of its own).
  const { locale } = useLingui();
  useEffect(() => {
    const own = title || null;
    pageName = own;
    render();
    return () => {
      // A page that goes away takes its name along (the next page names itself right after).
      if (pageName === own) pageName = null;
      render();
    };
  }, [title, locale]);
}

/** The timer's part of the title (`24:57 · Focus`), or null while it is not under way. */
export function setTimerTitle(title: string | null): void {
  if (timerTitle === title) return;
  timerTitle = title;
  render();
}
