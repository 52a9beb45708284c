import { PRODUCT_NAME } from '@focusroom/core';
import { useEffect } from 'react';

/** Each page names itself in the tab, so history and screen readers tell pages apart. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME} · Focus timer`;
  }, [title]);
}
