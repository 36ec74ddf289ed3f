// The repeat editor: a preset and its few choices (or RRULE text), and when the next issue comes.
// The rule is checked and put in words as it changes; saving sends it as the recurrence.
import type { Recurrence, RecurrenceInput } from '@tracker/shared/api/issues';
import type { Locale } from '@tracker/shared/locales';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { DAY_CODES, fromRule, NTHS, PRESETS, toRule, type Draft } from './preset.ts';
import { formatDay, previewRule } from './use-rule-preview.ts';
import { formatMonth } from '../../../lib/dates.ts';

interface Props {
  value: Recurrence | null;
  dueDate: string | null;
  locale: Locale;
  onSave: (value: RecurrenceInput | null) => void;
  onCancel: () => void;
}

export function RecurrenceEditor({ value, dueDate, locale, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const day = dueDate ?? new Date().toISOString().slice(0, 10);
  const [draft, setDraft] = useState<Draft>(() => fromRule(value?.rrule ?? null, day));
  const [mode, setMode] = useState<RecurrenceInput['mode']>(value?.mode ?? 'schedule');
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const rule = toRule(draft);
  const preview = useMemo(() => previewRule(rule, dueDate, t, locale), [rule, dueDate, t, locale]);
  const hasInterval = draft.preset === 'daily' || draft.preset === 'weekly' || draft.preset === 'monthlyDay' || draft.preset === 'monthlyNth';

  return (
    <form
      className="repeat-editor"
      data-testid="repeat-editor"
      onSubmit={(e) => {
        e.preventDefault();
        if (rule === null) onSave(null);
        else if (!preview.problem) onSave({ rrule: rule, mode });
      }}
    >
      <label className="repeat-editor__row">
        <span>{t('recurrence.ui.label')}</span>
        <select value={draft.preset} data-testid="repeat-preset" onChange={(e) => set({ preset: e.target.value as Draft['preset'] })}>
          {PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`recurrence.ui.${p}`)}
            </option>
          ))}
        </select>
      </label>

      {hasInterval && (
        <label className="repeat-editor__row">
          <span>{t('recurrence.ui.interval')}</span>
          <input type="number" min={1} max={99} value={draft.interval} data-testid="repeat-interval" onChange={(e) => set({ interval: Math.min(99, Math.max(1, Number(e.target.value) || 1)) })} />
        </label>
      )}

      {draft.preset === 'weekly' && (
        <fieldset className="repeat-editor__days">
          <legend className="visually-hidden">{t('recurrence.ui.weekday')}</legend>
          {DAY_CODES.map((code, i) => (
            <label key={code} className="repeat-editor__day">
              <input
                type="checkbox"
                checked={draft.days.includes(i)}
                data-testid={`repeat-day-${code}`}
                onChange={(e) => set({ days: e.target.checked ? [...draft.days, i] : draft.days.filter((d) => d !== i) })}
              />
              <span>{t(`recurrence.dayName.${code}`)}</span>
            </label>
          ))}
        </fieldset>
      )}

      {(draft.preset === 'monthlyDay' || draft.preset === 'yearly') && (
        <label className="repeat-editor__row">
          <span>{t('recurrence.ui.dayOfMonth')}</span>
          <input type="number" min={1} max={31} value={draft.monthDay} data-testid="repeat-month-day" onChange={(e) => set({ monthDay: Math.min(31, Math.max(1, Number(e.target.value) || 1)) })} />
        </label>
      )}

      {draft.preset === 'yearly' && (
        <label className="repeat-editor__row">
          <span>{t('recurrence.ui.month')}</span>
          <select value={draft.month} data-testid="repeat-month" onChange={(e) => set({ month: Number(e.target.value) })}>
            {Array.from({ length: 12 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {formatMonth(`2026-${String(i + 1).padStart(2, '0')}-01`, locale, { month: 'long' })}
              </option>
            ))}
          </select>
        </label>
      )}

      {draft.preset === 'monthlyNth' && (
        <div className="repeat-editor__row">
          <select aria-label={t('recurrence.ui.nth')} value={draft.nth} data-testid="repeat-nth" onChange={(e) => set({ nth: Number(e.target.value) })}>
            {NTHS.map((n) => (
              <option key={n} value={n}>
                {t(`recurrence.ordinal.m.${n}`)}
              </option>
            ))}
          </select>
          <select aria-label={t('recurrence.ui.weekday')} value={draft.weekday} data-testid="repeat-weekday" onChange={(e) => set({ weekday: Number(e.target.value) })}>
            {DAY_CODES.map((code, i) => (
              <option key={code} value={i}>
                {t(`recurrence.dayAccusative.${code}`)}
              </option>
            ))}
          </select>
        </div>
      )}

      {draft.preset === 'custom' && (
        <label className="repeat-editor__row repeat-editor__row--wide">
          <span>RRULE</span>
          <input
            type="text"
            value={draft.custom}
            placeholder="FREQ=WEEKLY;BYDAY=MO"
            spellCheck={false}
            autoCapitalize="characters"
            data-testid="repeat-custom"
            aria-invalid={preview.problem ? true : undefined}
            aria-describedby={`${id}-preview`}
            onChange={(e) => set({ custom: e.target.value })}
          />
        </label>
      )}

      {rule !== null && (
        <fieldset className="repeat-editor__mode">
          <legend>{t('recurrence.ui.mode')}</legend>
          {(['schedule', 'on_complete'] as const).map((m) => (
            <label key={m}>
              <input type="radio" name={`${id}-mode`} value={m} checked={mode === m} data-testid={`repeat-mode-${m}`} onChange={() => setMode(m)} />
              <span>{t(m === 'schedule' ? 'recurrence.ui.modeSchedule' : 'recurrence.ui.modeOnComplete')}</span>
            </label>
          ))}
        </fieldset>
      )}

      <p id={`${id}-preview`} className={preview.problem ? 'field__error' : 'muted'} data-testid="repeat-preview" aria-live="polite">
        {preview.problem ?? preview.words}
        {preview.next && (
          <>
            <br />
            {t('recurrence.ui.next', { date: formatDay(preview.next, locale) })}
          </>
        )}
      </p>

      <div className="repeat-editor__actions">
        <Button type="submit" variant="primary" data-testid="repeat-save" disabled={Boolean(preview.problem) || (rule === null && !value)}>
          {t('recurrence.ui.save')}
        </Button>
        <Button variant="link" size="small" onClick={onCancel}>
          {t('recurrence.ui.cancel')}
        </Button>
      </div>
    </form>
  );
}
