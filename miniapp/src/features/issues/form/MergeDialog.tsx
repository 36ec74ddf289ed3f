// Someone saved this issue while I was editing it: show their text and mine for the title and the
// description, let me merge into mine, then save again on top of their version.
import type { EditConflictData } from '@tracker/shared/api/issues';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { MERGEABLE, type MergeableField } from './conflict.ts';

interface Props {
  conflict: EditConflictData;
  mine: Record<MergeableField, string>;
  onSave: (merged: Partial<Record<MergeableField, string>>) => void;
  onCancel: () => void;
}

const LABEL: Record<string, string> = { statusId: 'status', assigneeId: 'assignee', labelIds: 'labels', streamIds: 'streams', parentId: 'parent' };

export function MergeDialog({ conflict, mine, onSave, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const texts = MERGEABLE.filter((f) => conflict.fields.includes(f));
  const [merged, setMerged] = useState<Partial<Record<MergeableField, string>>>(() => Object.fromEntries(texts.map((f) => [f, mine[f]])));
  const others = conflict.fields
    .filter((f) => !(MERGEABLE as readonly string[]).includes(f))
    .map((f) => `issues.form.${LABEL[f] ?? f}`)
    .map((key) => (i18n.exists(key) ? t(key) : t('issues.conflict.otherField')));
  return (
    <Dialog title={t('issues.conflict.title')} onClose={onCancel} testId="merge-dialog" className="merge-dialog">
      <p>{t('issues.conflict.intro')}</p>
      {texts.map((field) => {
        const Tag = field === 'description' ? 'textarea' : 'input';
        return (
          <fieldset key={field} className="merge-dialog__field">
            <legend>{t(`issues.form.${field}`)}</legend>
            <label htmlFor={`${id}-${field}-theirs`}>{t('issues.conflict.theirs')}</label>
            <Tag id={`${id}-${field}-theirs`} readOnly value={conflict.issue[field]} data-testid={`conflict-theirs-${field}`} rows={field === 'description' ? 5 : undefined} />
            <label htmlFor={`${id}-${field}-mine`}>{t('issues.conflict.mine')}</label>
            <Tag
              id={`${id}-${field}-mine`}
              value={merged[field] ?? ''}
              data-testid={`conflict-mine-${field}`}
              rows={field === 'description' ? 5 : undefined}
              onChange={(e) => setMerged((m) => ({ ...m, [field]: e.target.value }))}
            />
          </fieldset>
        );
      })}
      {others.length > 0 && <p className="muted">{t('issues.conflict.others', { fields: others.join(', ') })}</p>}
      <div className="actions">
        <Button variant="primary" data-testid="conflict-save" onClick={() => onSave(merged)}>
          {t('issues.conflict.save')}
        </Button>
        <Button onClick={onCancel}>
          {t('issues.common.cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
