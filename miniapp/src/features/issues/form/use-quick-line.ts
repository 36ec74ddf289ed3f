// The form's quick-add line: parsed as the user types, `@handle` resolved to a person, and its patch
// applied to the fields below (a changed line replaces what its previous version set, nothing else).
import type { UserRef } from '@tracker/shared/api/common';
import type { Label, Project } from '@tracker/shared/api/projects';
import { parseQuickAdd } from '@tracker/shared/quick-add/index';
import { useEffect, useMemo, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { cycleTitle, projectCycle } from '../../../lib/cycles.ts';
import { timeZone } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useMe } from '../../../lib/auth.ts';
import { syncState, useStoreReference } from '../../../store/index.ts';
import { quickPatch, syncQuickPatch, type IssueFormValues, type QuickPatch } from './model.ts';
import { useChips, type CycleFound } from '../../../components/issue/QuickAdd.tsx';

interface Context {
  mode: 'create' | 'edit';
  projects: readonly Pick<Project, 'id' | 'key' | 'name'>[];
  labels: readonly Label[];
  setValues: Dispatch<SetStateAction<IssueFormValues>>;
  /** The values the form started from (or was rebased on). */
  base: RefObject<IssueFormValues>;
  /** The form's project: `*current` / `*next` name its cycle. */
  projectId: number | null;
}

/** Returns the chips that show what the line was read as. */
export function useQuickLine(quick: string, { mode, projects, labels, setValues, base, projectId }: Context) {
  const { t } = useTranslation();
  const locale = useLocale();
  const prevQuick = useRef<QuickPatch>({});
  const parsed = useMemo(
    () => (quick.trim() ? parseQuickAdd(quick, { now: new Date(), timeZone: timeZone(), locale }) : null),
    [quick, locale],
  );

  // Resolve `@handle` to a person: `@me`/`@я` is me; otherwise the person of my projects (the
  // store's users) whose name without spaces is the handle, else the first it begins.
  const handle = parsed?.assignee ?? null;
  const me = useMe();
  const people = useStoreReference()?.users;
  const assignee = useMemo((): UserRef | null | undefined => {
    if (!handle) return null;
    if (handle === 'me') return me ? { id: me.id, name: me.name } : null;
    if (!people) return undefined; // the store's first bootstrap brings them
    const wanted = handle.toLowerCase();
    const squash = (name: string) => name.replace(/\s+/g, '').toLowerCase();
    return people.find((u) => squash(u.name) === wanted) ?? people.find((u) => squash(u.name).startsWith(wanted)) ?? null;
  }, [handle, me, people]);

  // `*current` / `*next`: that cycle of the form's project, from the store (null: it has none).
  const which = parsed?.cycle ?? null;
  const { cycles } = useSnapshot(syncState());
  const cycle = useMemo(() => (which && projectId !== null ? projectCycle(Object.values(cycles), projectId, which) : undefined), [which, projectId, cycles]);
  const cycleId = cycle === undefined ? undefined : (cycle?.id ?? null);
  const found: CycleFound = cycle === undefined ? undefined : cycle ? { name: cycleTitle(cycle, t) } : { name: null, projectKey: projects.find((p) => p.id === projectId)?.key ?? '' };

  // Apply the line's patch whenever it (or what it resolves against) changes.
  const creatable = mode === 'create' ? projects : [];
  useEffect(() => {
    const next = parsed ? quickPatch(parsed, { projects: creatable, labels, assigneeId: assignee === undefined ? undefined : (assignee?.id ?? null), cycleId }) : {};
    const prev = prevQuick.current;
    prevQuick.current = next;
    // The updater runs later, during render: it must see this change's `prev`, not the ref.
    setValues((v) => syncQuickPatch(v, prev, next, base.current));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parsed, labels, assignee, projects, cycleId]);

  return useChips(parsed, { assignee, labelNames: labels.map((l) => l.name), projectKeys: creatable.map((p) => p.key), cycle: found });
}
