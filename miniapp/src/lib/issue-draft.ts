// Drafts (issue 15), kept in localStorage so a reload or a closed tab loses nothing: the create
// dialog's title line and description per user, and a description edited in place on the issue
// page per user and issue. Sign-out removes every draft (the device may be shared), as it removes
// the local copy of the workspace.
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

/**
 * A description being edited on the issue page, with the issue version the edit started from:
 * saving a restored draft still refuses to overwrite someone's change made since.
 */
export interface DescriptionDraft {
  description: string;
  baseVersion: number;
}

/** Under the same prefix as the create draft, so sign-out's sweep takes these too. */
export const descriptionDraftKey = (userId: number, issueId: number) => `${PREFIX}${userId}/issue/${issueId}`;

export function loadDescriptionDraft(userId: number, issueId: number, storage: Store | null = local()): DescriptionDraft | null {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(descriptionDraftKey(userId, issueId)) ?? 'null');
    if (!raw || typeof raw !== 'object') return null;
    const { description, baseVersion } = raw as Record<string, unknown>;
    if (typeof description !== 'string' || !Number.isInteger(baseVersion) || (baseVersion as number) < 1) return null;
    return { description, baseVersion: baseVersion as number };
  } catch {
    return null;
  }
}

/** Keeps the draft; null removes it (saved, cancelled, or back to the text it started from). */
export function saveDescriptionDraft(userId: number, issueId: number, draft: DescriptionDraft | null, storage: Store | null = local()) {
  try {
    if (!draft) storage?.removeItem(descriptionDraftKey(userId, issueId));
    else storage?.setItem(descriptionDraftKey(userId, issueId), JSON.stringify({ description: draft.description, baseVersion: draft.baseVersion }));
  } catch {
    // private mode or full: the draft lives as long as the page
  }
}

/** The draft to offer on opening the issue: none when it holds the very text now saved. */
export const draftToOffer = (draft: DescriptionDraft | null, saved: string): DescriptionDraft | null => (draft && draft.description !== saved ? draft : null);

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
