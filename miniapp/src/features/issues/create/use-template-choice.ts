// The template chosen in the create dialog: picking one fills the fields it sets (and makes them the
// base the title's quick-add tokens fall back to); the title line is then its `{title}` text.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { IssueTemplate } from '@tracker/shared/api/templates';
import { renderTitle, templateDraft } from '@tracker/shared/templates/render';
import { useEffect, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { today } from '../../../lib/dates.ts';
import { useTemplates } from '../../../lib/use-templates.ts';
import { defaultValues } from '../custom-fields/values.ts';
import type { IssueFormValues } from '../form/model.ts';

export function useTemplateChoice(
  projectId: number | null,
  { setValues, base, fields }: { setValues: Dispatch<SetStateAction<IssueFormValues>>; base: RefObject<IssueFormValues>; fields: readonly CustomField[] },
) {
  const { templates } = useTemplates(projectId);
  const [template, setTemplate] = useState<IssueTemplate | null>(null);

  // Another project: a template of the old one no longer applies.
  useEffect(() => {
    setTemplate((tpl) => (tpl && tpl.projectId !== projectId ? null : tpl));
  }, [projectId]);

  const pick = (tpl: IssueTemplate | null) => {
    setTemplate(tpl);
    if (!tpl) return;
    const draft = templateDraft(tpl, { text: '', today: today() });
    const patch: Partial<IssueFormValues> = {
      description: draft.description,
      labelIds: draft.labelIds,
      priority: draft.priority,
      assigneeId: draft.assigneeId,
      dueDate: draft.dueDate ?? '',
      estimate: draft.estimate == null ? '' : String(draft.estimate),
      customValues: { ...defaultValues(fields), ...draft.customValues },
    };
    base.current = { ...base.current, ...patch };
    setValues((v) => ({ ...v, ...patch }));
  };

  /** The title the issue will get from what is typed. */
  const titleFor = (text: string) => (template ? renderTitle(template.titlePattern, { text, today: today() }, template.name) : text);

  return { templates, template, pick, titleFor };
}
