import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';

/**
 * The "add one" form under a project editor's list (labels, statuses): a name, the editor's own
 * extra fields, an add button. The row shows in the list at once, so the name clears at once; it
 * comes back when `onAdd` resolves false (refused), to be corrected.
 */
export function AddNameRow({ label, addLabel, testIdPrefix, onAdd, children }: { label: string; addLabel: string; testIdPrefix: string; onAdd: (name: string) => Promise<boolean>; children?: ReactNode }) {
  const id = useId();
  const [name, setName] = useState('');
  return (
    <form
      className="addrow"
      onSubmit={(e) => {
        e.preventDefault();
        const added = name.trim();
        if (!added) return;
        setName('');
        void onAdd(added).then((ok) => ok || setName((now) => now || added));
      }}
    >
      <div className="field row__grow">
        <label htmlFor={`${id}-new`}>{label}</label>
        <input id={`${id}-new`} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} data-testid={`${testIdPrefix}-new-name`} />
      </div>
      {children}
      <Button type="submit" variant="primary" size="small" disabled={!name.trim()} data-testid={`${testIdPrefix}-add`}>
        {addLabel}
      </Button>
    </form>
  );
}
