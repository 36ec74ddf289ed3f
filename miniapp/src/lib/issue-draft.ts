// The create dialog's draft (issue 15): the title line and description typed, kept per user in
// localStorage, so a reload or a closed tab loses nothing. Sign-out removes every draft (the
// device may be shared), as it removes the local copy of the workspace.
const PREFIX = 'tracker/issue-draft/';

export interface IssueDraft {
  title: string;
  description: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function loadDraft(userId: number, storage: Store | null = local()): IssueDraft | null {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(PREFIX + userId) ?? 'null');
    if (!raw || typeof raw !== 'object') return null;
    const { title, description } = raw as Record<string, unknown>;
    const draft = { title: typeof title === 'string' ? title : '', description: typeof description === 'string' ? description : '' };
    return isEmptyDraft(draft) ? null : draft;
  } catch {
    return null;
  }
}

/** Keeps the draft; an empty one is removed. */
export function saveDraft(userId: number, draft: IssueDraft, storage: Store | null = local()) {
  try {
    if (isEmptyDraft(draft)) storage?.removeItem(PREFIX + userId);
    else storage?.setItem(PREFIX + userId, JSON.stringify({ title: draft.title, description: draft.description }));
  } catch {
    // private mode or full: the draft lives as long as the dialog
  }
}

export const clearDraft = (userId: number, storage: Store | null = local()) => saveDraft(userId, { title: '', description: '' }, storage);

/** Every user's draft on this device. */
export function clearAllDrafts(storage: (Store & Pick<Storage, 'key' | 'length'>) | null = local()) {
  try {
    if (!storage) return;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // nothing kept, nothing to remove
  }
}

export const isEmptyDraft = (d: IssueDraft) => d.title.trim() === '' && d.description.trim() === '';

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
