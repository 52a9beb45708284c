import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** An admin search asks the server this long (ms) after the last key, not on every key. */
const ADMIN_SEARCH_DEBOUNCE_MS = 300;

/**
 * A searchable, paged list's state: the text as typed, the debounced search sent to the server,
 * and the page, which goes back to the first whenever the search changes.
 */
export function useSearchPaging() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [pagedQ, setPagedQ] = useState(q);
  if (q !== pagedQ) {
    // Adjusting state while rendering (React's pattern for state derived from a change).
    setPagedQ(q);
    setPage(1);
  }
  return { search, setSearch, q, page: q === pagedQ ? page : 1, setPage };
}
