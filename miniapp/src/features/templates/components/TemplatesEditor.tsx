// The project settings' templates section: the list, a form to add or edit one, delete on confirm.
import type { UserRef } from '@tracker/shared/api/common';
import type { Label } from '@tracker/shared/api/projects';
import type { CreateTemplateRequest, IssueTemplate } from '@tracker/shared/api/templates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { toast } from '../../../lib/toasts.ts';
import { errorText } from '../../../lib/error-text.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { templatesApi } from '../../../lib/api/templates.ts';
import { useTemplates } from '../../../lib/use-templates.ts';
import { TemplateForm } from './TemplateForm.tsx';
import '../../../components/template/templates.css';

interface Props {
  projectId: number;
  labels: readonly Label[];
  people: readonly UserRef[];
  readOnly: boolean;
}

export function TemplatesEditor({ projectId, labels, people, readOnly }: Props) {
  const { t } = useTranslation();
  const { templates, loaded, reload } = useTemplates(projectId);
  /** The template being edited, 'new' for the add form, null when no form is open. */
  const [editing, setEditing] = useState<IssueTemplate | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (values: CreateTemplateRequest) => {
    if (editing === 'new') await templatesApi.create(projectId, values);
    else if (editing) await templatesApi.update(editing.id, values);
    setEditing(null);
    reload();
    toast({ title: t('projects.templates.saved'), color: 'success' });
  };

  const remove = async (tpl: IssueTemplate) => {
    const ok = await confirmAction({
      title: t('projects.templates.deleteTitle', { name: tpl.name }),
      message: t('projects.templates.deleteText'),
      confirmText: t('projects.templates.delete'),
      destructive: true,
    });
    if (!ok) return;
    setError(null);
    try {
      await templatesApi.remove(tpl.id);
      reload();
      toast({ title: t('projects.templates.deleted'), color: 'success' });
    } catch (err) {
      setError(errorText(err, t));
    }
  };

  return (
    <div className="editor templates-editor" data-testid="templates-editor">
      <p className="muted">{t('projects.templates.intro')}</p>
      {readOnly && <p className="muted">{t('projects.templates.readOnly')}</p>}
      <FormAlert message={error} />
      {loaded && !templates.length && <p className="muted">{t('projects.templates.empty')}</p>}
      <ul className="rows">
        {templates.map((tpl) => (
          <li key={tpl.id} className="row templates-editor__row" data-testid="template-row">
            <span className="row__grow templates-editor__name">
              <strong>/{tpl.name}</strong> <span className="muted">{tpl.titlePattern}</span>
            </span>
            {!readOnly && (
              <>
                <Button size="small" onClick={() => setEditing(tpl)} data-testid="template-edit">
                  {t('projects.templates.edit')}
                </Button>
                <Button size="small" onClick={() => void remove(tpl)} data-testid="template-delete">
                  {t('projects.templates.delete')}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing && <TemplateForm key={editing === 'new' ? 'new' : editing.id} template={editing === 'new' ? null : editing} labels={labels} people={people} onSubmit={save} onCancel={() => setEditing(null)} />}
      {!readOnly && !editing && (
        <Button size="small" onClick={() => setEditing('new')} data-testid="template-add">
          {t('projects.templates.add')}
        </Button>
      )}
    </div>
  );
}
