import { useEffect } from 'react';

const SITE = 'Rasma';

/**
 * The page's title and meta description, for the browser tab, bookmarks and search results (the
 * landing's share tags stay in index.html, where link previews read them without running scripts).
 */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = `${title} – ${SITE}`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
