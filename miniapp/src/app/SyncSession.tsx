// The client store follows the signed-in user (issue 14): started once the user is known (from the
// page's boot data, a sign-in, or Telegram's init-data sign-in), switched when another signs in,
// wiped when the user leaves. A 401 from the engine signs the app out. `<html data-sync>` shows its
// status (a cheap signal for tests and styles). Its stream also carries the live events, which
// `lib/live.ts` would otherwise fetch on a stream of its own. The engine is its own chunk, loaded on first use:
// in the entry it would pull the shared schemas into the precached shell.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
import { auth, sessionEnded } from '../lib/auth.ts';
import { errorText } from '../lib/error-text.ts';
import { attachLiveFeed } from '../lib/live.ts';
import { log } from '../lib/logger.ts';
import { toast } from '../lib/toasts.ts';

const loadSync = () => import('../store/index.ts');
let started = false;
let watching = false;
let feed: ReturnType<typeof attachLiveFeed> | null = null;
/** The session became another account's (not a sign-out): the leaving user's store stays on disk. */
let setAside = false;

export function SyncSession() {
  const userId = useSnapshot(auth.state).user?.id ?? null;
  const { t, i18n } = useTranslation();
  // The engine outlives renders: its handlers read the current language through this.
  const texts = useRef({ t, locale: i18n.language });
  texts.current = { t, locale: i18n.language };

  useEffect(() => {
    if (userId === null && !started) return; // a visitor: nothing to load
    started = userId !== null;
    if (userId !== null) feed ??= attachLiveFeed();
    loadSync()
      .then(async ({ startSync, setAsideSync, signOutSync, syncState }) => {
        if (!watching) {
          watching = true;
          const state = syncState();
          const show = () => {
            document.documentElement.dataset.sync = state.status;
            feed?.setOpen(state.status === 'live');
          };
          subscribe(state, show);
          show();
        }
        if (userId === null) {
          feed?.detach();
          feed = null;
          if (setAside) setAsideSync();
          else await signOutSync();
          setAside = false;
        } else {
          await startSync(userId, {
            onSignedOut: (reason) => {
              setAside = reason === 'changed';
              sessionEnded();
            },
            onLive: (event) => feed?.emit(event),
            outbox: {
              // A refused edit is already rolled back: say so, with the server's reason.
              onRejected: (entry, error) =>
                toast({ title: texts.current.t('sync.rejected', { key: issueKey(syncState(), entry.issueId) }), description: errorText(error, texts.current.t), color: 'error' }),
              onOverridden: (entry, fields) => {
                const { t: tr, locale } = texts.current;
                const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(fields.map((f) => tr(`sync.fields.${f}`, { defaultValue: f })));
                toast({ title: tr('sync.overridden', { key: issueKey(syncState(), entry.issueId) }), description: tr('sync.overriddenDetail', { fields: names }), color: 'warning', duration: 0 });
              },
            },
          });
        }
      })
      .catch((err: unknown) => log.warn('sync start failed', err));
  }, [userId]);

  return null;
}

const issueKey = (state: { issues: Record<number, { key: string }> }, id: number) => state.issues[id]?.key ?? `#${id}`;
