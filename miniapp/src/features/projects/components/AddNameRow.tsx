import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';

/**
 * The "add one" form under a project editor's list (labels, statuses): a name, the editor's own
 * extra fields, an add button. `onAdd` gets the trimmed name and `clear`, to call once it is added.
 */
export function AddNameRow({ label, addLabel, testIdPrefix, onAdd, children }: { label: string; addLabel: string; testIdPrefix: string; onAdd: (name: string, clear: () => void) => void; children?: ReactNode }) {
  const id = useId();
  const [name, setName] = useState('');
  return (
    <form
      className="addrow"
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return;
        onAdd(name.trim(), () => setName(''));
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
