// Rendered Markdown (the server's safe HTML: comments, descriptions). Issue keys in it are links
// (shared/src/markdown.ts): they open in the app, in the page's language, without a reload.
import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { highlightCode } from '../lib/highlight.ts';
import { log } from '../lib/logger.ts';
import { followLink } from '../lib/plain-click.ts';
import { useHref } from '../lib/use-locale.ts';

export function Markdown({ html, className = 'markdown', testId }: { html: string; className?: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const href = useHref();
  const [, navigate] = useLocation();

  // The server writes the default language's path; a copied or middle-clicked link keeps this one's.
  useLayoutEffect(() => {
    for (const a of ref.current?.querySelectorAll<HTMLAnchorElement>('a.issue-ref[data-issue-key]') ?? []) a.setAttribute('href', href('issue', { id: a.dataset.issueKey! }));
  }, [html, href]);

  useLayoutEffect(() => {
    if (ref.current && html.includes('<pre>')) highlightCode(ref.current).catch((err: unknown) => log.warn('code highlighting failed', err));
  }, [html]);

  // The links' hrefs are this language's (above): the router follows them.
  const onClick = (e: MouseEvent<HTMLDivElement>) => void followLink(e, navigate, 'a.issue-ref[data-issue-key]');

  // The links inside are the controls (keyboard included: Enter on a link is a click); this only routes their clicks.
  return <div ref={ref} className={className} data-testid={testId} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
