// Quick add: one line parsed as you type; what it recognised shows as removable chips.
import type { QuickAddResult, QuickAddToken } from '@tracker/shared/quick-add/index';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/use-locale.ts';
import { Button } from '../Button.tsx';
import { formatDayValue as formatDate } from '../../lib/dates.ts';

export interface ChipInfo {
  token: QuickAddToken;
  text: string;
  /** Recognised but not usable (unknown label, person or project): shown, marked, not applied. */
  unresolved: boolean;
  /** Why, when more is known than "not found" (a person who is not in the line's project). */
  note?: string;
  /** What fixes it from here (add the person to the project), when the user may. */
  fix?: { label: string; run: () => void };
  /** Read and used, yet worth a word (no cycle to put the issue in: it is made in none). */
  hint?: string;
}

/**
 * What `*current` / `*next` found in the line's project: the cycle's name, or null when the project
 * has no such cycle (the issue is made in none: capture comes first, as in Linear, where planning
 * never stops an issue being written down); undefined while no project is chosen.
 */
export type CycleFound = { name: string } | { name: null; projectKey: string } | undefined;

export function QuickAdd({ value, onChange, chips, onRemove }: { value: string; onChange: (v: string) => void; chips: ChipInfo[]; onRemove: (token: QuickAddToken) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="quick-add field">
      <label htmlFor={id}>{t('issues.quickAdd.label')}</label>
      <input
        id={id}
        type="text"
        data-testid="qa-input"
        autoComplete="off"
        placeholder={t('issues.quickAdd.placeholder')}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="field__hint">
        {t('issues.quickAdd.hint')}
      </p>
      <QuickChips chips={chips} onRemove={onRemove} />
    </div>
  );
}

/** What a quick-add line was read as: one removable chip per token (the form's line, the create dialog's title). */
export function QuickChips({ chips, onRemove }: { chips: ChipInfo[]; onRemove: (token: QuickAddToken) => void }) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <ul className="qa-chips" aria-label={t('issues.quickAdd.recognised')} data-testid="qa-chips">
      {chips.map((c) => (
        <li key={`${c.token.kind}-${c.token.start}`} className={`chip qa-chip${c.unresolved ? ' qa-chip--unresolved' : ''}`} data-testid="qa-chip" data-kind={c.token.kind}>
          <span className="qa-chip__kind">{t(`issues.quickAdd.kinds.${c.token.kind}`)}:</span> {c.text}
          {c.unresolved && <span className="qa-chip__warn"> ({c.note ?? t('issues.quickAdd.notFound', { context: c.token.kind })})</span>}
          {c.hint && <span className="qa-chip__warn"> ({c.hint})</span>}
          {c.unresolved && c.fix && (
            <Button variant="link" size="small" data-testid="qa-chip-fix" onClick={c.fix.run}>
              {c.fix.label}
            </Button>
          )}
          <button type="button" className="icon-button" data-testid="qa-chip-remove" aria-label={t('issues.quickAdd.remove', { text: c.token.text })} onClick={() => onRemove(c.token)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Chip text per token: a local date, the person found, the label/project as matched, the priority's name, the cycle found. */
export function useChips(
  parsed: QuickAddResult | null,
  ctx: { assignee: { name: string } | null | undefined; labelNames: readonly string[]; projectKeys: readonly string[]; cycle?: CycleFound },
): ChipInfo[] {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!parsed) return [];
  return parsed.tokens.map((token) => {
    switch (token.kind) {
      case 'due':
        return { token, text: parsed.dueDate ? formatDate(parsed.dueDate, locale) : token.text, unresolved: false };
      case 'assignee':
        return { token, text: ctx.assignee?.name ?? token.text, unresolved: ctx.assignee === null };
      case 'priority':
        return { token, text: t(`issues.priority.${parsed.priority ?? 'none'}`), unresolved: false };
      case 'label': {
        const name = token.text.replace(/^#/, '');
        const known = ctx.labelNames.find((l) => l.toLowerCase() === name.toLowerCase());
        return { token, text: known ?? name, unresolved: !known };
      }
      case 'project': {
        const key = token.text.replace(/^\+/, '');
        return { token, text: key, unresolved: !ctx.projectKeys.includes(key) };
      }
      case 'cycle': {
        const which = t(`issues.quickAdd.cycle.${parsed.cycle ?? 'current'}`);
        const found = ctx.cycle;
        if (!found) return { token, text: which, unresolved: false };
        if (found.name === null) return { token, text: which, unresolved: false, hint: t(`issues.quickAdd.noCycle.${parsed.cycle ?? 'current'}`, { project: found.projectKey }) };
        return { token, text: `${which} (${found.name})`, unresolved: false };
      }
    }
  });
}
