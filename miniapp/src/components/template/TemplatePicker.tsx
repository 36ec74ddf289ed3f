// The create dialog's template choice: a combobox of the project's templates, and what the chosen
// one adds that the form does not show (the rendered title, its labels, the sub-issues to come).
import type { IssueTemplate } from '@tracker/shared/api/templates';
import { matchTemplates } from '@tracker/shared/quick-add/template-command';
import { useTranslation } from 'react-i18next';
import { Combobox, type ComboItem } from '../Combobox.tsx';
import './templates.css';

interface Item extends ComboItem {
  template: IssueTemplate | null;
}

interface PickerProps {
  templates: readonly IssueTemplate[];
  value: IssueTemplate | null;
  onPick: (template: IssueTemplate | null) => void;
  disabled?: boolean;
}

export function TemplatePicker({ templates, value, onPick, disabled }: PickerProps) {
  const { t } = useTranslation();
  const items = (query: string): Item[] => matchTemplates(templates, query.replace(/^\//, '')).map((tpl) => ({ id: tpl.id, text: tpl.name, hint: tpl.titlePattern, template: tpl }));
  return (
    <Combobox<Item>
      label={t('issues.templates.label')}
      load={(q) => Promise.resolve(items(q))}
      onPick={(item) => onPick(item.template)}
      display={value?.name ?? ''}
      placeholder={templates.length ? t('issues.templates.placeholder') : t('issues.templates.empty')}
      extra={value ? { id: 0, text: t('issues.templates.none'), template: null } : undefined}
      emptyText={t('issues.templates.empty')}
      disabled={disabled || !templates.length}
      testid="create-template"
    />
  );
}

interface SummaryProps {
  template: IssueTemplate;
  title: string;
  labelNames: string[];
}

export function TemplateSummary({ template, title, labelNames }: SummaryProps) {
  const { t } = useTranslation();
  return (
    <div className="template-summary" data-testid="create-template-summary">
      <p className="muted" data-testid="create-template-title">{t('issues.templates.titleWillBe', { title })}</p>
      {!!labelNames.length && <p className="muted">{t('issues.templates.labels', { names: labelNames.join(', ') })}</p>}
      {!!template.checklist.length && (
        <>
          <p className="muted">{t('issues.templates.subIssues', { count: template.checklist.length })}</p>
          <ul className="template-summary__list" data-testid="create-template-checklist">
            {template.checklist.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

interface SuggestionsProps {
  templates: readonly IssueTemplate[];
  prefix: string | null;
  onPick: (template: IssueTemplate) => void;
}

/** While the title is `/` plus the start of a name: the templates it may mean, to click. */
export function TemplateSuggestions({ templates, prefix, onPick }: SuggestionsProps) {
  const { t } = useTranslation();
  if (prefix === null) return null;
  const found = matchTemplates(templates, prefix);
  if (!found.length) return null;
  return (
    <ul className="template-suggestions" aria-label={t('issues.templates.suggestions')} data-testid="create-template-suggestions">
      {found.map((tpl) => (
        <li key={tpl.id}>
          <button type="button" className="template-suggestions__item" onMouseDown={(e) => e.preventDefault()} onClick={() => onPick(tpl)}>
            /{tpl.name} <span className="muted">{tpl.titlePattern}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
