// The quick-add line on top of My work: the issue form's parser and chips, created on Enter.
import type { Project } from '@tracker/shared/api/projects';
import { parseQuickAdd, removeToken } from '@tracker/shared/quick-add/index';
import { findTemplate, parseTemplateCommand, templatePrefix } from '@tracker/shared/quick-add/template-command';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { timeZone } from '../../lib/dates.ts';
import { toast } from '../../lib/toasts.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { useMe } from '../../lib/auth.ts';
import { issueApi } from '../../lib/api/issue-detail.ts';
import { QuickAdd, useChips, type CycleFound } from '../../components/issue/QuickAdd.tsx';
import { cycleTitle, projectCycle } from '../../lib/cycles.ts';
import { syncState, useStoreReference, writeIssueNow } from '../../store/index.ts';
import { templatesApi } from '../../lib/api/templates.ts';
import { TemplateSuggestions } from '../../components/template/TemplatePicker.tsx';
import { useTemplates } from '../../lib/use-templates.ts';
import { quickAddRequest, templateApplyRequest } from './quick-add.ts';
import { useServerAction } from '../../lib/use-server-action.ts';
import { useAddToProject } from './add-to-project.ts';

const squash = (name: string) => name.replace(/\s+/g, '').toLowerCase();
/** `@handle` among `people`: the whole name without spaces, else the first it begins. */
const byHandle = <P extends { name: string }>(people: readonly P[], handle: string): P | undefined =>
  people.find((u) => squash(u.name) === handle.toLowerCase()) ?? people.find((u) => squash(u.name).startsWith(handle.toLowerCase()));

const projectLabels = async (projectId: number) => Object.values(syncState().labels).filter((l) => l.projectId === projectId);

/** Creates on Enter; the sync feed brings the new issue to My work. */
export function QuickAddBar({ projects }: { projects: readonly Pick<Project, 'id' | 'key' | 'name'>[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const user = useMe();
  const [value, setValue] = useState('');
  const [projectId, setProjectId] = useState<number | null>(projects[0]?.id ?? null);
  const action = useServerAction({ fallback: 'myWork.quickAdd.failed' });
  const busy = action.pending;
  // `/name rest`: the template is picked by name and only the rest is read for tokens.
  const command = templatePrefix(value) === null ? parseTemplateCommand(value) : null;
  const line = command ? command.rest : value;
  const parsed = useMemo(
    () => (line.trim() || command ? parseQuickAdd(line, { now: new Date(), timeZone: timeZone(), locale }) : null),
    [line, command, locale],
  );
  const chosen = projects.some((p) => p.id === projectId) ? projectId : (projects[0]?.id ?? null);
  // Every token is checked against the project the line names (`+KEY` moves the selector), else
  // the chosen one: a person who is not in it, or a label it lacks, is marked and nothing is created.
  const named = parsed?.projectKey ? projects.find((p) => p.key === parsed.projectKey) : undefined;
  const target = named?.id ?? chosen;
  const targetKey = projects.find((p) => p.id === target)?.key ?? '';
  const store = useStoreReference();
  const { labels: allLabels, cycles } = useSnapshot(syncState());
  const labelNames = useMemo(() => Object.values(allLabels).filter((l) => l.projectId === target).map((l) => l.name), [allLabels, target]);
  const handle = parsed?.assignee ?? null;
  const members = target !== null && store ? store.members(target).map((m) => m.user) : [];
  const person = !handle ? undefined : handle === 'me' ? (user ? { id: user.id, name: user.name } : null) : (byHandle(members, handle) ?? null);
  const outsider = handle && handle !== 'me' && !person && store ? byHandle(store.users, handle) : undefined;
  const addOutsider = useAddToProject(target, outsider);
  // `*current` / `*next`: that cycle of the line's project (the chip says when it has none).
  const cycleOf = (projectId: number, which: 'current' | 'next') => projectCycle(Object.values(cycles), projectId, which)?.id ?? null;
  const cycle = parsed?.cycle && target !== null ? projectCycle(Object.values(cycles), target, parsed.cycle) : undefined;
  const cycleFound: CycleFound = cycle === undefined ? undefined : cycle ? { name: cycleTitle(cycle, t) } : { name: null, projectKey: targetKey };
  const chips = useChips(parsed, { assignee: person, labelNames, projectKeys: projects.map((p) => p.key), cycle: cycleFound }).map((c) =>
    c.token.kind === 'assignee' && outsider
      ? { ...c, text: outsider.name, note: t('issues.quickAdd.notInProject', { project: targetKey }), fix: addOutsider && { label: t('issues.quickAdd.addToProject', { project: targetKey }), run: addOutsider } }
      : c,
  );
  const [refused, setRefused] = useState(false);
  const { templates } = useTemplates(chosen);

  const create = async (meId: number, tokens: NonNullable<typeof parsed>) => {
    const ctx = { projects, chosenProjectId: chosen, labels: projectLabels, findPerson: async () => person?.id ?? null, meId, cycleOf };
    if (command) {
      const target = (tokens.projectKey ? projects.find((p) => p.key === tokens.projectKey)?.id : undefined) ?? chosen;
      const template = target ? findTemplate(await templatesApi.list(target), command.name) : undefined;
      if (!target || !template) return toast({ title: t('myWork.quickAdd.noTemplate', { name: command.name }), color: 'warning' });
      const { issue } = await templatesApi.apply(template.id, await templateApplyRequest(tokens, target, template.labelIds, ctx));
      return added(issue.key);
    }
    const out = await quickAddRequest(value, tokens, ctx);
    if (!out.ok) return out.reason === 'noProject' && toast({ title: t('myWork.quickAdd.noProject'), color: 'warning' });
    const issue = await writeIssueNow(() => issueApi.create(out.request));
    added(issue.key);
  };
  const added = (key: string) => {
    setValue('');
    toast({ title: t('myWork.quickAdd.added', { key }), color: 'success' });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed || busy || !user) return;
    if (chips.some((c) => c.unresolved)) return setRefused(true);
    setRefused(false);
    void action.run(() => create(user.id, parsed));
  };

  return (
    <form className="my-work__quick" onSubmit={submit} data-testid="my-quick-add" data-filled={value ? '' : undefined} aria-label={t('myWork.quickAdd.label')}>
      <QuickAdd value={value} onChange={(v) => (setValue(v), setRefused(false), action.clearError())} chips={chips} onRemove={(token) => setValue((v) => (command ? v.slice(0, v.length - line.length) + removeToken(line, token) : removeToken(v, token)))} />
      {refused && (
        <p className="field__error" role="alert" data-testid="my-quick-refused">
          {t('myWork.quickAdd.fixTokens')}
        </p>
      )}
      {action.error && (
        <p className="field__error" role="alert" data-testid="my-quick-error">
          {action.error}
        </p>
      )}
      <TemplateSuggestions templates={templates} prefix={templatePrefix(value)} onPick={(tpl) => setValue(`/${tpl.name} `)} />
      <div className="my-work__quick-row">
        {projects.length > 1 && (
          <label className="select-wrap">
            <span className="visually-hidden">{t('common.nav.projects')}</span>
            <select value={target ?? ''} onChange={(e) => setProjectId(Number(e.target.value))} disabled={named !== undefined} data-testid="my-quick-project">
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.key} · {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <Button type="submit" variant="primary" disabled={busy || !parsed} data-testid="my-quick-submit">
          {t('myWork.quickAdd.add')}
        </Button>
      </div>
    </form>
  );
}
