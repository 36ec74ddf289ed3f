import type { Status, StatusCategory } from '@tracker/shared/api/projects';
import { STATUS_CATEGORIES } from '@tracker/shared/api/values/projects';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../platform/confirm.ts';
import type { ProjectWrites } from '../settings/use-project-writes.ts';
import { moveItem, pending } from '../model.ts';
import { AddNameRow } from './AddNameRow.tsx';
import { ColorInput } from './ColorInput.tsx';

interface Props {
  statuses: readonly Status[];
  writes: ProjectWrites['statuses'];
  readOnly: boolean;
}

/** Ordered statuses: add with a category, rename, recolour, reorder (drag or ↑/↓), delete moving issues — each shown at once (`writes`). */
export function WorkflowEditor({ statuses, writes, readOnly }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [category, setCategory] = useState<StatusCategory>('unstarted');
  const [color, setColor] = useState('#94a3b8');
  const sorted = [...statuses].sort((a, b) => a.position - b.position);

  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= sorted.length) return;
    void writes.reorder(moveItem(sorted, from, to));
  };
  const patch = (s: Status, body: Partial<Pick<Status, 'name' | 'color' | 'category' | 'waiting'>>) => void writes.update(s, body);

  // Its issues need another status: the confirmation asks which.
  const remove = async (s: Status) => {
    const others = sorted.filter((x) => x.id !== s.id);
    const moveTo = await confirmAction({
      message: t('projects.workflow.deleteTitle', { name: s.name }),
      confirmText: t('projects.workflow.deleteConfirm'),
      destructive: true,
      choice: { label: t('projects.workflow.moveTo'), options: others.map((x) => ({ value: String(x.id), label: x.name })) },
    });
    if (moveTo !== null) await writes.remove(s, Number(moveTo));
  };

  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    if (dragged !== null) reorder(dragged, index);
    setDragged(null);
    setOver(null);
  };

  return (
    <div className="editor" data-testid="workflow-editor">
      <p className="muted small">{t('projects.workflow.hint')}</p>
      <ol className="rows">
        {sorted.map((s, i) => (
          <li
            key={s.id}
            className={`row${over === i ? ' row--over' : ''}${dragged === i ? ' row--dragging' : ''}`}
            data-testid="status-row"
            data-name={s.name}
            draggable={!readOnly}
            onDragStart={(e) => {
              setDragged(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(s.id));
            }}
            onDragOver={(e) => {
              if (dragged === null) return;
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => onDrop(e, i)}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
          >
            {!readOnly && (
              <span className="row__handle" aria-hidden="true" data-testid="status-handle">
                ⋮⋮
              </span>
            )}
            <label className="visually-hidden" htmlFor={`${id}-c-${s.id}`}>
              {t('projects.workflow.colorOf', { name: s.name })}
            </label>
            <ColorInput id={`${id}-c-${s.id}`} value={s.color} disabled={readOnly || pending(s)} onCommit={(c) => patch(s, { color: c })} />
            <label className="visually-hidden" htmlFor={`${id}-n-${s.id}`}>
              {t('projects.workflow.nameOf', { name: s.name })}
            </label>
            <input
              id={`${id}-n-${s.id}`}
              key={`${s.id}-${s.name}`}
              className="row__grow"
              defaultValue={s.name}
              maxLength={50}
              disabled={readOnly || pending(s)}
              data-testid="status-name"
              onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), e.currentTarget.blur())}
              onBlur={(e) => {
                const v = e.target.value.trim();
                if (v && v !== s.name) patch(s, { name: v });
                else e.target.value = s.name;
              }}
            />
            <label className="visually-hidden" htmlFor={`${id}-k-${s.id}`}>
              {t('projects.workflow.categoryOf', { name: s.name })}
            </label>
            <select id={`${id}-k-${s.id}`} value={s.category} disabled={readOnly || pending(s)} onChange={(e) => patch(s, { category: e.target.value as StatusCategory })}>
              {STATUS_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`projects.categories.${c}`)}
                </option>
              ))}
            </select>
            {/* SLA clocks stand still while an issue is in a waiting status (docs/sla.md). */}
            <label className="row__check" title={t('projects.workflow.waitingHint')}>
              <input
                type="checkbox"
                checked={s.waiting}
                disabled={readOnly || pending(s)}
                onChange={(e) => patch(s, { waiting: e.target.checked })}
                aria-label={t('projects.workflow.waitingOf', { name: s.name })}
                data-testid="status-waiting"
              />
              <span aria-hidden="true">{t('projects.workflow.waiting')}</span>
            </label>
            {!readOnly && !pending(s) && (
              <span className="row__tools">
                <button type="button" className="icon-btn" aria-label={t('projects.workflow.up', { name: s.name })} disabled={i === 0} onClick={() => reorder(i, i - 1)} data-testid="status-up">
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('projects.workflow.down', { name: s.name })}
                  disabled={i === sorted.length - 1}
                  onClick={() => reorder(i, i + 1)}
                  data-testid="status-down"
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('projects.workflow.delete', { name: s.name })}
                  data-testid="status-delete"
                  onClick={() => void remove(s)}
                >
                  ×
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {!readOnly && (
        <AddNameRow
          label={t('projects.workflow.new')}
          addLabel={t('projects.workflow.add')}
          testIdPrefix="status"
          onAdd={(name) => writes.add(name, category, color, (sorted.at(-1)?.position ?? 0) + 1)}
        >
          <div className="field">
            <label htmlFor={`${id}-newk`}>{t('projects.workflow.category')}</label>
            <select id={`${id}-newk`} value={category} onChange={(e) => setCategory(e.target.value as StatusCategory)} data-testid="status-new-category">
              {STATUS_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`projects.categories.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-newc`}>{t('projects.workflow.color')}</label>
            <input id={`${id}-newc`} type="color" value={color} onChange={(e) => setColor(e.target.value)} />
          </div>
        </AddNameRow>
      )}
    </div>
  );
}
