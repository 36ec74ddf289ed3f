import type { Label } from '@tracker/shared/api/projects';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { projectsApi } from '../api.ts';
import { AddNameRow } from './AddNameRow.tsx';
import { ColorInput } from './ColorInput.tsx';
import { errorText } from '../../../lib/error-text.ts';

/** Labels of a project: add, rename (on blur or Enter), recolour, delete. */
export function LabelsEditor({ projectId, labels, onChange, readOnly }: { projectId: number; labels: Label[]; onChange: (l: Label[]) => void; readOnly: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [color, setColor] = useState('#64748b');

  const run = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const patch = (label: Label, body: Partial<Pick<Label, 'name' | 'color'>>) =>
    run(async () => {
      const { label: next } = await projectsApi.updateLabel(label.id, body);
      onChange(labels.map((l) => (l.id === next.id ? next : l)));
    });

  return (
    <div className="editor" data-testid="labels-editor">
      <FormAlert message={error} />
      <ul className="rows">
        {labels.map((l) => (
          <li key={l.id} className="row" data-testid="label-row">
            <label className="visually-hidden" htmlFor={`${id}-c-${l.id}`}>
              {t('projects.labels.colorOf', { name: l.name })}
            </label>
            <ColorInput id={`${id}-c-${l.id}`} value={l.color} disabled={readOnly} onCommit={(color) => void patch(l, { color })} />
            <label className="visually-hidden" htmlFor={`${id}-n-${l.id}`}>
              {t('projects.labels.nameOf', { name: l.name })}
            </label>
            <input
              id={`${id}-n-${l.id}`}
              className="row__grow"
              defaultValue={l.name}
              maxLength={50}
              disabled={readOnly}
              onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), e.currentTarget.blur())}
              onBlur={(e) => {
                const v = e.target.value.trim();
                if (v && v !== l.name) void patch(l, { name: v });
                else e.target.value = l.name;
              }}
            />
            <Button
              size="small"
              disabled={readOnly}
              onClick={() =>
                void run(async () => {
                  await projectsApi.deleteLabel(l.id);
                  onChange(labels.filter((x) => x.id !== l.id));
                })
              }
            >
              {t('projects.labels.delete')}
            </Button>
          </li>
        ))}
      </ul>
      {!readOnly && (
        <AddNameRow
          label={t('projects.labels.new')}
          addLabel={t('projects.labels.add')}
          testIdPrefix="label"
          onAdd={(name, clear) =>
            void run(async () => {
              const { label } = await projectsApi.createLabel(projectId, { name, color });
              onChange([...labels, label]);
              clear();
            })
          }
        >
          <div className="field">
            <label htmlFor={`${id}-newc`}>{t('projects.labels.color')}</label>
            <input id={`${id}-newc`} type="color" value={color} onChange={(e) => setColor(e.target.value)} />
          </div>
        </AddNameRow>
      )}
    </div>
  );
}
