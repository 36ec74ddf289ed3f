import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { UserRef } from '@tracker/shared/api/common';
import { PRIORITIES } from '@tracker/shared/api/values/issues';
import type { Project } from '@tracker/shared/api/projects';
import { STATUS_CATEGORIES } from '@tracker/shared/api/values/projects';
import { SLA_FILTERS } from '@tracker/shared/api/values/sla';

type PickerProject = Pick<Project, 'id' | 'key' | 'name'>;
import type { Stream } from '@tracker/shared/api/streams';
import { type ReactNode, memo, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useListProject } from '../../../store/use-projects.ts';
import { useStoreReference } from '../../../store/index.ts';
import { MultiPicker, type PickerOption } from './MultiPicker.tsx';
import { withFilter } from './url.ts';
import './filters.css';

interface Props {
  filters: Record<string, string>;
  onChange: (filters: Record<string, string>, options?: { replace?: boolean }) => void;
  /** Shown beside the search field (the phone's options toggle). */
  trailing?: ReactNode;
}

const TEXT_DEBOUNCE_MS = 300;

/** Memoised: the list page renders it again only when the filters change. */
export const FilterBar = memo(function FilterBar({ filters, onChange, trailing }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [more, setMore] = useState(() => hasSecondary(filters));
  const { project } = useListProject(filters.project);
  const projectId = project?.project.id;
  const ids = { q: useId(), project: useId(), stream: useId(), dueFrom: useId(), dueTo: useId(), sla: useId() };
  // Projects, people, streams and fields from the client store (empty until its first bootstrap).
  const store = useStoreReference();
  const projects: readonly PickerProject[] = store?.projects ?? [];
  const streams: readonly Pick<Stream, 'id' | 'name'>[] = store?.streams ?? [];
  const users: readonly UserRef[] = project ? project.members.map((m) => m.user) : (store?.users ?? []);
  // The store's snapshots are read-only; the filters only read them.
  const fields = (store?.customFields(projectId) ?? []) as unknown as readonly CustomField[];

  // The text box keeps its own value and writes the URL after a pause (replacing the entry).
  const [q, setQ] = useState(filters.q ?? '');
  const lastQ = useRef(filters.q ?? '');
  useEffect(() => {
    if ((filters.q ?? '') !== lastQ.current) {
      lastQ.current = filters.q ?? '';
      setQ(lastQ.current);
    }
  }, [filters.q]);
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };
  useEffect(() => {
    if (q === lastQ.current) return;
    const timer = setTimeout(() => {
      lastQ.current = q;
      latest.current.onChange(withFilter(latest.current.filters, 'q', q.trim()), { replace: true });
    }, TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  const set = (key: string, value: string | undefined) => onChange(withFilter(filters, key, value));
  const needProject = t('issues.filters.needProject');
  const categoryPicker = (
    <MultiPicker
      name="category"
      label={t('issues.filters.category')}
      options={STATUS_CATEGORIES.map((c) => ({ value: c, label: t(`issues.filters.categories.${c}`) }))}
      value={filters.category}
      onChange={(v) => set('category', v)}
    />
  );
  const statusOptions: PickerOption[] = project?.statuses.map((s) => ({ value: String(s.id), label: s.name, color: s.color })) ?? [];
  const labelOptions: PickerOption[] = project?.labels.map((l) => ({ value: String(l.id), label: l.name, color: l.color })) ?? [];
  const assigneeOptions: PickerOption[] = [
    { value: 'me', label: t('issues.filters.me') },
    { value: 'none', label: t('issues.filters.nobody') },
    ...users.map((u) => ({ value: String(u.id), label: u.name })),
  ];
  const count = Object.keys(filters).length;

  return (
    <div className="filter-bar" role="search" aria-label={t('issues.filters.label')}>
      <div className="filter-bar__row">
        <div className="filter-bar__search">
          <label htmlFor={ids.q} className="visually-hidden">
            {t('issues.filters.q')}
          </label>
          <input
            id={ids.q}
            type="search"
            value={q}
            placeholder={t('issues.filters.qPlaceholder')}
            onChange={(e) => setQ(e.target.value)}
            data-testid="filter-q"
            data-shortcut-search=""
            maxLength={200}
          />
        </div>
        {trailing}
        <div className="filter-bar__field">
          <label htmlFor={ids.project} className="visually-hidden">
            {t('issues.filters.project')}
          </label>
          <select id={ids.project} value={filters.project ?? ''} onChange={(e) => set('project', e.target.value)} data-testid="filter-project">
            <option value="">{t('issues.filters.allProjects')}</option>
            {projects.map((p) => (
              <option key={p.id} value={p.key}>
                {p.key} · {p.name}
              </option>
            ))}
          </select>
        </div>
        {/* Statuses are a project's own: across projects the list filters by kind of status instead. */}
        {project ? (
          <MultiPicker name="status" label={t('issues.filters.status')} options={statusOptions} value={filters.status} onChange={(v) => set('status', v)} />
        ) : (
          categoryPicker
        )}
        <MultiPicker name="assignee" label={t('issues.filters.assignee')} options={assigneeOptions} value={filters.assignee} onChange={(v) => set('assignee', v)} />
        <MultiPicker
          name="priority"
          label={t('issues.filters.priority')}
          options={PRIORITIES.map((p) => ({ value: p, label: t(`issues.filters.priorities.${p}`) }))}
          value={filters.priority}
          onChange={(v) => set('priority', v)}
        />
        <Button size="small" aria-expanded={more} onClick={() => setMore((m) => !m)} data-testid="filter-more">
          {more ? t('issues.filters.fewer') : t('issues.filters.more')}
        </Button>
        {count > 0 && (
          <Button size="small" onClick={() => onChange({})} data-testid="filter-clear">
            {t('issues.filters.clearCount', { count })}
          </Button>
        )}
      </div>
      {more && (
        <div className="filter-bar__row filter-bar__row--more">
          {project && categoryPicker}
          <MultiPicker name="label" label={t('issues.filters.labels')} options={labelOptions} value={filters.label} onChange={(v) => set('label', v)} disabled={!project} hint={needProject} />
          <div className="filter-bar__field">
            <label htmlFor={ids.stream} className="visually-hidden">
              {t('issues.filters.stream')}
            </label>
            <select id={ids.stream} value={filters.stream ?? ''} onChange={(e) => set('stream', e.target.value)} data-testid="filter-stream">
              <option value="">{t('issues.filters.anyStream')}</option>
              {streams.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div className="filter-bar__field">
            <label htmlFor={ids.sla} className="visually-hidden">
              {t('issues.filters.sla')}
            </label>
            <select id={ids.sla} value={filters.sla ?? ''} onChange={(e) => set('sla', e.target.value)} data-testid="filter-sla">
              <option value="">{t('issues.filters.anySla')}</option>
              {SLA_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {t(`issues.filters.slas.${f}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="filter-bar__field filter-bar__field--labelled">
            <label htmlFor={ids.dueFrom}>{t('issues.filters.dueFrom')}</label>
            <DateInput id={ids.dueFrom} value={filters.dueFrom ?? ''} onChange={(v) => set('dueFrom', v)} data-testid="filter-dueFrom" />
          </div>
          <div className="filter-bar__field filter-bar__field--labelled">
            <label htmlFor={ids.dueTo}>{t('issues.filters.dueTo')}</label>
            <DateInput id={ids.dueTo} value={filters.dueTo ?? ''} onChange={(v) => set('dueTo', v)} data-testid="filter-dueTo" />
          </div>
          {fields.map((f) => (
            <CustomFieldFilter key={f.id} field={f} name={f.name[locale] || f.name.ru} value={filters[`cf.${f.id}`]} users={users} onChange={(v) => set(`cf.${f.id}`, v)} />
          ))}
        </div>
      )}
    </div>
  );
});

const hasSecondary = (filters: Record<string, string>) => Object.keys(filters).some((k) => !['q', 'project', 'status', 'assignee', 'priority'].includes(k));

function CustomFieldFilter({ field, name, value, users, onChange }: { field: CustomField; name: string; value: string | undefined; users: readonly Readonly<UserRef>[]; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const testid = `filter-cf-${field.id}`;
  let control;
  switch (field.type) {
    case 'select':
    case 'multiselect':
      control = (
        <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={testid}>
          <option value="">{t('issues.filters.any')}</option>
          {field.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      );
      break;
    case 'checkbox':
      control = (
        <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={testid}>
          <option value="">{t('issues.filters.any')}</option>
          <option value="true">{t('issues.filters.yes')}</option>
          <option value="false">{t('issues.filters.no')}</option>
        </select>
      );
      break;
    case 'user':
      control = (
        <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)} data-testid={testid}>
          <option value="">{t('issues.filters.any')}</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
      );
      break;
    case 'date':
      control = <DateInput id={id} value={value ?? ''} onChange={onChange} data-testid={testid} />;
      break;
    default:
      control = (
        <input
          id={id}
          type={field.type === 'number' ? 'number' : 'text'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => text !== (value ?? '') && onChange(text.trim())}
          onKeyDown={(e) => e.key === 'Enter' && onChange(text.trim())}
          data-testid={testid}
          maxLength={200}
        />
      );
  }
  return (
    <div className="filter-bar__field filter-bar__field--labelled">
      <label htmlFor={id}>{name}</label>
      {control}
    </div>
  );
}
