// A setting as Telegram's own settings draw it: the whole row is the target (48 px), the words on
// the left, a switch on the right. A native checkbox with the switch role, so forms read it as one
// (and `{...form.register(name)}` passes through to it).
import type { ComponentProps, ReactNode } from 'react';

interface Props extends Omit<ComponentProps<'input'>, 'type' | 'role'> {
  name: string;
  label: ReactNode;
  testId?: string;
}

export function SwitchRow({ label, testId, className: _className, ...input }: Props) {
  return (
    <label className="switch-row" data-testid={testId}>
      <span className="switch-row__label">{label}</span>
      <input type="checkbox" role="switch" className="switch-row__switch" {...input} />
    </label>
  );
}
