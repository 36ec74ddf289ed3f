// Hover cards for issue keys in text (issue 15): resting the pointer on a `WEB-12` link (or
// focusing it) shows the issue's title, status and assignee. One listener for the whole app; the
// card's code loads on the first hover.
import { lazy, Suspense, useEffect, useState } from 'react';

const IssueCard = lazy(() => import('./IssueCard.tsx'));

const DELAY_MS = 350;
const LINK = 'a.issue-ref[data-issue-key]';

export interface HoverTarget {
  key: string;
  link: HTMLAnchorElement;
}

export function IssueHover() {
  const [target, setTarget] = useState<HoverTarget | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLAnchorElement | null = null;
    const point = (el: EventTarget | null) => {
      if (!(el instanceof Element) || el.closest('[data-testid="issue-card"]')) return; // over the card: keep it
      const link = el.closest<HTMLAnchorElement>(LINK);
      if (link === current) return;
      current = link;
      clearTimeout(timer);
      timer = setTimeout(() => setTarget(link ? { key: link.dataset.issueKey!, link } : null), link ? DELAY_MS : 150);
    };
    const over = (e: MouseEvent) => point(e.target);
    const focus = (e: FocusEvent) => point(e.target);
    const key = (e: KeyboardEvent) => e.key === 'Escape' && setTarget(null);
    document.addEventListener('mouseover', over);
    document.addEventListener('focusin', focus);
    document.addEventListener('keydown', key);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('mouseover', over);
      document.removeEventListener('focusin', focus);
      document.removeEventListener('keydown', key);
    };
  }, []);

  if (!target) return null;
  // The text may have been rendered again under the pointer (the page's full answer arriving): the
  // link hovered now is the new node with the same key.
  const link = target.link.isConnected ? target.link : document.querySelector<HTMLAnchorElement>(`${LINK}[data-issue-key="${CSS.escape(target.key)}"]:hover`);
  if (!link) return null;
  return (
    <Suspense fallback={null}>
      <IssueCard target={link === target.link ? target : { key: target.key, link }} />
    </Suspense>
  );
}
