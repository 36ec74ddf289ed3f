// Forms are one way (issue 27): react-hook-form on the payload's shared schema through
// miniapp/src/lib/use-server-form.ts (useServerForm, useServerAction; the auth pages' useAuthForm
// wraps it), so busy state and the server's refusals look the same everywhere. A form that sends
// and keeps its own busy and error state instead fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '..', 'miniapp', 'src');

/** Forms that send nothing themselves: they hand their value to a caller, which saves it. */
const NOT_SENDING: Record<string, string> = {
  'components/ConfirmDialog.tsx': 'a question; confirmAction resolves with the answer',
  'features/projects/components/AddNameRow.tsx': 'hands the name to its editor, which writes through the store (store/write-rows.ts)',
  'features/projects/components/MembersEditor.tsx': 'writes through the store (store/write-rows.ts): shown at once, a refusal a toast',
  'features/issues/recurrence/RecurrenceEditor.tsx': 'hands the rule to the issue page or form, which saves it',
  'features/projects/components/triage/TriageForm.tsx': 'hands the duplicate\'s key or the reason to its triage row, which sends it',
  'features/my-work/OpenInvite.tsx': 'reads the invite in what was pasted and opens its page',
  'features/calendar/components/MoveDialog.tsx': 'hands the new day to the calendar, which moves the issue through the store (moveIssueOptimistic)',
};


const HELPER = /\buse(ServerForm|ServerAction|AuthForm)\(/;

function formFiles(): { file: string; helper: boolean }[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((f) => ({ file: f.split(path.sep).join('/'), text: readFileSync(path.join(SRC, f), 'utf8') }))
    .filter(({ text }) => /<form[\s>]/.test(text))
    .map(({ file, text }) => ({ file, helper: HELPER.test(text) || ownHooks(file, text).some((hook) => HELPER.test(hook)) }));
}

/** The `.ts` modules a form imports by relative path (its state hook, as the create dialog's use-create-form.ts). */
function ownHooks(file: string, text: string): string[] {
  return [...text.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)].map((m) => path.join(SRC, path.dirname(file), m[1]!)).filter(existsSync).map((f) => readFileSync(f, 'utf8'));
}

describe('forms on the one helper', () => {
  const forms = formFiles();
  const outside = forms.filter((f) => !f.helper).map((f) => f.file).filter((f) => !(f in NOT_SENDING)).sort();

  it('finds the forms', () => {
    expect(forms.length).toBeGreaterThan(30);
    expect(forms.find((f) => f.file === 'features/projects/components/ProjectForm.tsx')?.helper).toBe(true);
  });

  it('finds every form that sends on the helper (in its own file or its state hook)', () => {
    expect(outside).toEqual([]);
  });

  it('lists as sending nothing only forms that exist and do not use the helper', () => {
    for (const file of Object.keys(NOT_SENDING)) expect(forms.find((f) => f.file === file)?.helper, file).toBe(false);
  });
});
