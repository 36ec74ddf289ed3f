// A date field of the issue forms (the full page and the create dialog): label, input, its error.
export function DateInput({ id, label, testid, value, onChange, error }: { id: string; label: string; testid: string; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" data-testid={testid} value={value} aria-invalid={error ? true : undefined} onChange={(e) => onChange(e.target.value)} />
      {error && <p className="field__error" data-testid={`error-${testid}`}>{error}</p>}
    </div>
  );
}
