// Closing confirmation while any form has unsaved changes: each form reports its own dirty flag;
// Telegram asks before closing the app while at least one is dirty, and stops asking once the
// last one is saved or left.
import { useEffect, useId } from 'react';
import { platform } from './index.ts';

/** Which forms are dirty; `apply` hears every change of "any form dirty". */
export function dirtyForms(apply: (anyDirty: boolean) => void) {
  const dirty = new Set<string>();
  let last = false;
  const update = () => {
    const now = dirty.size > 0;
    if (now !== last) apply((last = now));
  };
  return {
    set(id: string, isDirty: boolean) {
      if (isDirty) dirty.add(id);
      else dirty.delete(id);
      update();
    },
    anyDirty: () => dirty.size > 0,
  };
}

const forms = dirtyForms((on) => platform.tg?.setClosingConfirmation(on));

/** Marks this form dirty while `dirty` is true; unmounting (leaving the page) clears it. */
export function useUnsavedChanges(dirty: boolean) {
  const id = useId();
  useEffect(() => {
    forms.set(id, dirty);
    return () => forms.set(id, false);
  }, [id, dirty]);
}
