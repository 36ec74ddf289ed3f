import type { ImportSkip } from '@tracker/shared/api/imports';
import { useTranslation } from 'react-i18next';
import { skipText } from './reasons.ts';

/** Rows skipped (or values left out) with their reasons; long lists fold after the first 50. */
export function SkipList({ items, title, testId }: { items: ImportSkip[]; title: string; testId: string }) {
  const { t, i18n } = useTranslation();
  if (!items.length) return null;
  const first = items.slice(0, 50);
  return (
    <details className="imp-skips" open={items.length <= 10} data-testid={testId}>
      <summary>{title}</summary>
      <ul>
        {first.map((s, i) => (
          <li key={`${s.row}-${i}`}>{skipText(t, (k) => i18n.exists(k), s)}</li>
        ))}
        {items.length > first.length && <li>…</li>}
      </ul>
    </details>
  );
}
