import type { ReactNode } from 'react';

/** One option: `text` is what the search matches and the screen reader reads. */
export interface PickerItem {
  id: number | string;
  text: string;
  /** Drawn before the text (a colour dot, a priority icon, initials). */
  icon?: ReactNode;
  /** Muted text after it (an issue's key). */
  hint?: string;
}
