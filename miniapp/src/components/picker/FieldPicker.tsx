// One picker for every choice an issue holds (status, priority, people, labels, streams, the parent,
// custom choices), Linear-style: a button showing the value opens a popover with a search box over
// the options. Radix (components/Popover.tsx) owns opening, Escape, clicks outside and focus going
// back to the button; PickerPanel owns the combobox keyboard. One choice closes it; a multiple
// choice toggles and stays open.
import { useState, type ReactNode } from 'react';
import { Popover } from '../Popover.tsx';
import { PickerPanel, type PanelProps } from './PickerPanel.tsx';
import type { PickerItem } from './types.ts';
import './picker.css';

export interface FieldPickerProps<T extends PickerItem> extends PanelProps<T> {
  /** The button's id: the field's <label htmlFor> points at it. */
  id?: string;
  /** The visible label's id: the button reads as "label, value". */
  labelledBy?: string;
  /** What the button shows: the current value, or a placeholder. */
  display: ReactNode;
  disabled?: boolean;
  title?: string;
  /** The error's id, when the field has one. */
  errorId?: string;
  variant?: 'field' | 'link';
  /** Extra attributes the button carries for tests and shortcuts (e.g. `data-status-id`). */
  data?: Record<`data-${string}`, string | number | undefined>;
}

export function FieldPicker<T extends PickerItem>({ id, labelledBy, display, disabled, title, errorId, variant = 'field', data, ...panel }: FieldPickerProps<T>) {
  const [open, setOpen] = useState(false);
  const valueId = id ? `${id}-value` : undefined;
  const trigger = (
    <button
      type="button"
      id={id}
      className={`fpicker fpicker--${variant}`}
      aria-labelledby={labelledBy && valueId ? `${labelledBy} ${valueId}` : undefined}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      disabled={disabled}
      title={title}
      data-testid={panel.testid}
      {...data}
    >
      <span id={valueId} className="fpicker__value">
        {display}
      </span>
      {variant === 'field' && (
        <span aria-hidden="true" className="fpicker__caret">
          ▾
        </span>
      )}
    </button>
  );
  return (
    <Popover open={open} onOpenChange={setOpen} trigger={trigger} label={panel.label} className="fpicker__panel" testId={`${panel.testid}-panel`} focusInside={!coarse()}>
      <PickerPanel
        {...panel}
        onPick={(item) => {
          if (!panel.multiple) setOpen(false);
          panel.onPick(item);
        }}
      />
    </Popover>
  );
}

// On a touch screen the search box waits for a tap: focusing it at once would raise the keyboard over
// the list the finger is about to choose from.
const coarseQuery = typeof matchMedia === 'function' ? matchMedia('(pointer: coarse)') : null;
const coarse = () => coarseQuery?.matches === true;
