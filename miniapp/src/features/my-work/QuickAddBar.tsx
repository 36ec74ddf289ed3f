// The quick-add line on top of My work: the issue form's parser and chips, created on Enter.
import type { Project } from '@tracker/shared/api/projects';
import { parseQuickAdd, removeToken } from '@tracker/shared/quick-add/index';
import { findTemplate, parseTemplateCommand, templatePrefix } from '@tracker/shared/quick-add/template-command';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../lib/toasts.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { auth } from '../auth/index.ts';
import { getProject, issueApi, QuickAdd, searchUsers, useChips } from '../issues/index.ts';
import { messageOf } from '../users/index.ts';
import { templatesApi, TemplateSuggestions, useTemplates } from '../templates/index.ts';
import { quickAddRequest, templateApplyRequest } from './quick-add.ts';

async function findPerson(handle: string): Promise<number | null> {
  const users = await searchUsers(handle);
  return (users.find((u) => u.name.replace(/\s+/g, '').toLowerCase() === handle.toLowerCase()) ?? users[0])?.id ?? null;
}

export function QuickAddBar({ projects, onCreated }: { projects: readonly Pick<Project, 'id' | 'key' | 'name'>[]; onCreated: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useSnapshot(auth.state);
  const [value, setValue] = useState('');
  const [projectId, setProjectId] = useState<number | null>(projects[0]?.id ?? null);
  const [busy, setBusy] = useState(false);
  // `/name rest`: the template is picked by name and only the rest is read for tokens.
  const command = templatePrefix(value) === null ? parseTemplateCommand(value) : null;
  const line = command ? command.rest : value;
  const parsed = useMemo(
    () => (line.trim() || command ? parseQuickAdd(line, { now: new Date(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, locale }) : null),
    [line, command, locale],
  );
  const chips = useChips(parsed, { assignee: undefined, labelNames: [], projectKeys: projects.map((p) => p.key) });
  const chosen = projects.some((p) => p.id === projectId) ? projectId : (projects[0]?.id ?? null);
  const { templates } = useTemplates(chosen);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!parsed || busy || !user) return;
    setBusy(true);
    try {
      const ctx = { projects, chosenProjectId: chosen, labels: (id: number) => getProject(id).then((d) => d.labels), findPerson, meId: user.id };
      if (command) {
        const target = (parsed.projectKey ? projects.find((p) => p.key === parsed.projectKey)?.id : undefined) ?? chosen;
        const template = target ? findTemplate(await templatesApi.list(target), command.name) : undefined;
        if (!target || !template) {
          toast({ title: t('myWork.quickAdd.noTemplate', { name: command.name }), color: 'warning' });
          return;
        }
        const { issue } = await templatesApi.apply(template.id, await templateApplyRequest(parsed, target, template.labelIds, ctx));
        setValue('');
        toast({ title: t('myWork.quickAdd.added', { key: issue.key }), color: 'success' });
        onCreated();
        return;
      }
      const out = await quickAddRequest(value, parsed, ctx);
      if (!out.ok) {
        if (out.reason === 'noProject') toast({ title: t('myWork.quickAdd.noProject'), color: 'warning' });
        return;
      }
      const issue = await issueApi.create(out.request);
      setValue('');
      toast({ title: t('myWork.quickAdd.added', { key: issue.key }), color: 'success' });
      onCreated();
    } catch (err) {
      toast({ title: messageOf(err, t('myWork.quickAdd.failed')), color: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="my-work__quick" onSubmit={submit} data-testid="my-quick-add" data-filled={value ? '' : undefined} aria-label={t('myWork.quickAdd.label')}>
      <QuickAdd value={value} onChange={setValue} chips={chips} onRemove={(token) => setValue((v) => (command ? v.slice(0, v.length - line.length) + removeToken(line, token) : removeToken(v, token)))} />
      <TemplateSuggestions templates={templates} prefix={templatePrefix(value)} onPick={(tpl) => setValue(`/${tpl.name} `)} />
      <div className="my-work__quick-row">
        {projects.length > 1 && (
          <label className="select-wrap">
            <span className="visually-hidden">{t('common.nav.projects')}</span>
            <select value={chosen ?? ''} onChange={(e) => setProjectId(Number(e.target.value))} data-testid="my-quick-project">
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
