// The document title (issue 15): "<page> · Tracker", e.g. "WEB-12 Fix login · Tracker",
// "My work · Tracker"; the product name alone on the home page for visitors. A page that knows a
// better name than its route's (an issue, a project) says so with `usePageTitle`; the route's
// title applies otherwise.
import { useEffect } from 'react';
import { proxy } from 'valtio';

export const pageTitle = proxy<{ text: string | null }>({ text: null });

/** Names the page while it is shown (null: the route's title). */
export function usePageTitle(text: string | null) {
  useEffect(() => {
    pageTitle.text = text;
    return () => {
      if (pageTitle.text === text) pageTitle.text = null;
    };
  }, [text]);
}

export const documentTitle = (page: string, product: string) => (page && page !== product ? `${page} · ${product}` : product);
