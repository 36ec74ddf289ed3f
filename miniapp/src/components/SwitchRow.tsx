// A setting as Telegram's own settings draw it: the whole row is the target (48 px), the words on
// the left, a switch on the right. A native checkbox with the switch role, so forms read it as one.
import type { ReactNode } from 'react';

interface Props {
  name: string;
  label: ReactNode;
  defaultChecked?: boolean;
  testId?: string;
}

export function SwitchRow({ name, label, defaultChecked, testId }: Props) {
  return (
    <label className="switch-row" data-testid={testId}>
      <span className="switch-row__label">{label}</span>
      <input type="checkbox" role="switch" className="switch-row__switch" name={name} defaultChecked={defaultChecked} />
    </label>
  );
}
