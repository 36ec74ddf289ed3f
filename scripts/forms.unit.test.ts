// Forms are one way (issue 27): react-hook-form on the payload's shared schema through
// miniapp/src/lib/use-server-form.ts (useServerForm, useServerAction; the auth pages' useAuthForm
// wraps it), so busy state and the server's refusals look the same everywhere. This lists the web
// app's forms that still keep their own busy and error state: the list may only get shorter — a new
// form outside the helper fails, and a form moved onto it must leave the list.
import { readdirSync, readFileSync } from 'node:fs';
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

/** Forms still keeping their own busy and error state beside the helper: move them, then delete the line. */
const STILL_OWN_STATE = [
  'features/issues/create/CreateIssueDialog.tsx',
  'features/issues/form/IssueForm.tsx',
];

const HELPER = /\buse(ServerForm|ServerAction|AuthForm)\(/;

function formFiles(): { file: string; helper: boolean }[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((f) => ({ file: f.split(path.sep).join('/'), text: readFileSync(path.join(SRC, f), 'utf8') }))
    .filter(({ text }) => /<form[\s>]/.test(text))
    .map(({ file, text }) => ({ file, helper: HELPER.test(text) }));
}

describe('forms on the one helper', () => {
  const forms = formFiles();
  const outside = forms.filter((f) => !f.helper).map((f) => f.file).filter((f) => !(f in NOT_SENDING)).sort();

  it('finds the forms', () => {
    expect(forms.length).toBeGreaterThan(30);
    expect(forms.find((f) => f.file === 'features/projects/components/ProjectForm.tsx')?.helper).toBe(true);
  });

  it(`leaves only the listed forms with their own state (${STILL_OWN_STATE.length} still to move)`, () => {
    expect(outside).toEqual([...STILL_OWN_STATE].sort());
  });

  it('lists as sending nothing only forms that exist and do not use the helper', () => {
    for (const file of Object.keys(NOT_SENDING)) expect(forms.find((f) => f.file === file)?.helper, file).toBe(false);
  });
});
