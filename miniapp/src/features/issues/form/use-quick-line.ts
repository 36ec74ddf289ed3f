// The form's quick-add line: parsed as the user types, `@handle` resolved to a person, and its patch
// applied to the fields below (a changed line replaces what its previous version set, nothing else).
import type { UserRef } from '@tracker/shared/api/common';
import type { Label, Project } from '@tracker/shared/api/projects';
import { parseQuickAdd } from '@tracker/shared/quick-add/index';
import { useEffect, useMemo, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { timeZone } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { lookupApi } from '../api-detail.ts';
import { rememberUsers } from '../detail/people.ts';
import { loadMe } from '../detail/use-me.ts';
import { quickPatch, syncQuickPatch, type IssueFormValues, type QuickPatch } from './model.ts';
import { useChips } from './QuickAdd.tsx';

type Lookup = { handle: string; user: UserRef | null };

interface Context {
  mode: 'create' | 'edit';
  projects: readonly Project[];
  labels: readonly Label[];
  setValues: Dispatch<SetStateAction<IssueFormValues>>;
  /** The values the form started from (or was rebased on). */
  base: RefObject<IssueFormValues>;
}

/** Returns the chips that show what the line was read as. */
export function useQuickLine(quick: string, { mode, projects, labels, setValues, base }: Context) {
  const locale = useLocale();
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const prevQuick = useRef<QuickPatch>({});
  const parsed = useMemo(
    () => (quick.trim() ? parseQuickAdd(quick, { now: new Date(), timeZone: timeZone(), locale }) : null),
    [quick, locale],
  );

  // Resolve `@handle` to a person: `@me`/`@я` is me; otherwise the exact name-without-spaces
  // match among the picker's results, else its first result.
  const handle = parsed?.assignee ?? null;
  useEffect(() => {
    if (!handle) return;
    let live = true;
    const find = handle === 'me'
      ? loadMe().then((me) => (me ? { id: me.id, name: me.name } : null))
      : lookupApi.users(handle, 10).then((users) => {
          rememberUsers(users);
          return users.find((u) => u.name.replace(/\s+/g, '').toLowerCase() === handle.toLowerCase()) ?? users[0] ?? null;
        });
    find.then((user) => live && setLookup({ handle, user }), () => live && setLookup({ handle, user: null }));
    return () => {
      live = false;
    };
  }, [handle]);
  const assignee = handle && lookup?.handle === handle ? lookup.user : handle ? undefined : null;

  // Apply the line's patch whenever it (or what it resolves against) changes.
  const creatable = mode === 'create' ? projects : [];
  useEffect(() => {
    const next = parsed ? quickPatch(parsed, { projects: creatable, labels, assigneeId: assignee === undefined ? undefined : (assignee?.id ?? null) }) : {};
    const prev = prevQuick.current;
    prevQuick.current = next;
    // The updater runs later, during render: it must see this change's `prev`, not the ref.
    setValues((v) => syncQuickPatch(v, prev, next, base.current));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parsed, labels, assignee, projects]);

  return useChips(parsed, { assignee, labelNames: labels.map((l) => l.name), projectKeys: creatable.map((p) => p.key) });
}
