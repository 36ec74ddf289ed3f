import { useEffect, useState } from 'react';

/** What is being typed in place, reset to the saved value whenever that changes (saved here or elsewhere). */
export function useDraft<T>(value: T) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return [draft, setDraft] as const;
}
