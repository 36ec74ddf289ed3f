// Mounted once in the app shell: listens for the global shortcuts and loads the palette and the
// help overlay (with their texts) only when first opened, so the shell stays small.
import { buildPath } from '@tracker/shared/routes';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { openCreateIssue } from '../../lib/create-issue.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { isTypingTarget, modalOpen } from '../../lib/page-keys.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { auth } from '../../lib/auth.ts';
import { createPath, shortcutFor, viewedProject } from './keys.ts';
import { onOpenPalette } from './open.ts';

const CommandPalette = lazy(() => Promise.all([import('./CommandPalette.tsx'), loadNamespaces(['issues', 'plan'])]).then(([m]) => m));
const ShortcutsHelp = lazy(() => Promise.all([import('./ShortcutsHelp.tsx'), loadNamespaces(['issues', 'plan'])]).then(([m]) => m));

export function PaletteHost() {
  const [open, setOpen] = useState<'palette' | 'help' | null>(null);
  const [, navigate] = useLocation();
  const locale = useLocale();
  const state = useRef({ open, navigate, locale });
  state.current = { open, navigate, locale };

  useEffect(() => onOpenPalette(() => setOpen('palette')), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = shortcutFor({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, typing: isTypingTarget(e.target) });
      if (!action) return;
      const cur = state.current;
      if (action === 'palette') {
        e.preventDefault();
        setOpen((o) => (o === 'palette' ? null : 'palette'));
        return;
      }
      if (cur.open) return; // a dialog handles its own keys
      if (modalOpen()) return;
      if (action === 'create') {
        e.preventDefault();
        // Signed out, the full page's address leads through sign-in; signed in, the dialog over this page.
        if (auth.state.user) openCreateIssue({ project: viewedProject(window.location.search, window.location.pathname) });
        else cur.navigate(createPath(buildPath('issueCreate', {}, cur.locale), window.location.search, window.location.pathname));
      } else if (action === 'search') {
        e.preventDefault();
        const box = document.querySelector<HTMLElement>('[data-shortcut-search]');
        if (box) box.focus();
        else setOpen('palette');
      } else if (action === 'help') {
        e.preventDefault();
        setOpen('help');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!open) return null;
  return <Suspense fallback={null}>{open === 'palette' ? <CommandPalette onClose={() => setOpen(null)} /> : <ShortcutsHelp onClose={() => setOpen(null)} />}</Suspense>;
}
