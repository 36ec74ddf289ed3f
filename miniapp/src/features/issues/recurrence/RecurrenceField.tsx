// The issue page's "Repeat" property: the rule in words, how the next one comes and when; editing
// opens the repeat editor below it.
import type { IssueDetail } from '@tracker/shared/api/issues';
import type { Locale } from '@tracker/shared/locales';
import { describeRule } from '@tracker/shared/recurrence/describe';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { formErrorsFrom } from '../../../lib/form-errors.ts';
import type { IssueController } from '../detail/use-issue.ts';
import { RecurrenceEditor } from './RecurrenceEditor.tsx';
import { describer, formatDay } from './use-rule-preview.ts';
import './recurrence.css';

export function RecurrenceField({ issue, ctl, canEdit, locale }: { issue: IssueDetail; ctl: IssueController; canEdit: boolean; locale: Locale }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { recurrence } = issue;
  return (
    <div className="field repeat-field" data-testid="issue-repeat">
      <span className="field__label">{t('recurrence.ui.label')}</span>
      {recurrence ? (
        <span data-testid="issue-repeat-text">
          <span className="repeat-mark" aria-hidden="true">
            ↻{' '}
          </span>
          {describeRule(recurrence.rrule, describer(t), locale)}
          <span className="muted repeat-field__meta">
            {t(recurrence.mode === 'schedule' ? 'recurrence.ui.modeSchedule' : 'recurrence.ui.modeOnComplete')}
            {recurrence.nextAt && ` · ${t('recurrence.ui.next', { date: formatDay(recurrence.nextAt, locale) })}`}
          </span>
        </span>
      ) : (
        <span className="muted">{t('recurrence.ui.none')}</span>
      )}
      {error && (
        <p className="field__error" data-testid="error-issue-repeat">
          {error}
        </p>
      )}
      {canEdit &&
        (editing ? (
          <RecurrenceEditor
            value={recurrence}
            dueDate={issue.dueDate}
            locale={locale}
            onCancel={() => setEditing(false)}
            onSave={(value) => {
              setEditing(false);
              setError(null);
              void ctl.patch({ recurrence: value }, { recurrence: value ? { ...value, nextAt: recurrence?.nextAt ?? null } : null }, (err) => {
                const refused = formErrorsFrom(err, ['recurrence.rrule'], t);
                setError(refused.fields['recurrence.rrule'] ?? refused.form);
              });
            }}
          />
        ) : (
          <Button variant="link" size="small" data-testid="issue-repeat-change" onClick={() => setEditing(true)}>
            {t(recurrence ? 'recurrence.ui.change' : 'recurrence.ui.set')}
          </Button>
        ))}
    </div>
  );
}
