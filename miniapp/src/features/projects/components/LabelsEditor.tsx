import type { Label } from '@tracker/shared/api/projects';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import type { ProjectWrites } from '../settings/use-project-writes.ts';
import { AddNameRow } from './AddNameRow.tsx';
import { ColorInput } from './ColorInput.tsx';
import { pending } from '../model.ts';

/** Labels of a project: add, rename (on blur or Enter), recolour, delete — each shown at once (`writes`). */
export function LabelsEditor({ labels, writes, readOnly }: { labels: readonly Label[]; writes: ProjectWrites['labels']; readOnly: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [color, setColor] = useState('#64748b');

  return (
    <div className="editor" data-testid="labels-editor">
      <ul className="rows">
        {labels.map((l) => (
          <li key={l.id} className="row" data-testid="label-row" data-name={l.name}>
            <label className="visually-hidden" htmlFor={`${id}-c-${l.id}`}>
              {t('projects.labels.colorOf', { name: l.name })}
            </label>
            <ColorInput id={`${id}-c-${l.id}`} value={l.color} disabled={readOnly || pending(l)} onCommit={(c) => void writes.update(l, { color: c })} />
            <label className="visually-hidden" htmlFor={`${id}-n-${l.id}`}>
              {t('projects.labels.nameOf', { name: l.name })}
            </label>
            <input
              id={`${id}-n-${l.id}`}
              // A rename rolled back shows the name again.
              key={`${l.id}-${l.name}`}
              className="row__grow"
              defaultValue={l.name}
              maxLength={50}
              disabled={readOnly || pending(l)}
              data-testid="label-name"
              onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), e.currentTarget.blur())}
              onBlur={(e) => {
                const v = e.target.value.trim();
                if (v && v !== l.name) void writes.update(l, { name: v });
                else e.target.value = l.name;
              }}
            />
            <Button size="small" disabled={readOnly || pending(l)} data-testid="label-delete" onClick={() => void writes.remove(l)}>
              {t('projects.labels.delete')}
            </Button>
          </li>
        ))}
      </ul>
      {!readOnly && (
        <AddNameRow label={t('projects.labels.new')} addLabel={t('projects.labels.add')} testIdPrefix="label" onAdd={(name) => writes.add(name, color)}>
          <div className="field">
            <label htmlFor={`${id}-newc`}>{t('projects.labels.color')}</label>
            <input id={`${id}-newc`} type="color" value={color} onChange={(e) => setColor(e.target.value)} />
          </div>
        </AddNameRow>
      )}
    </div>
  );
}
