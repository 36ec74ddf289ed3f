// What a picker's button and options show for a value: colour dots, people's initials, chips.
import type { ReactNode } from 'react';
import { ColorDot } from '../ColorDot.tsx';
import { initials } from '../../lib/initials.ts';
import '../issue/bits.css'; // .avatar, the people's initials

export interface ColoredOption {
  id: number;
  name: string;
  color?: string;
}

export function OptionChip({ option }: { option: ColoredOption }) {
  return (
    <span className="chip">
      {option.color && <ColorDot color={option.color} />}
      {option.name}
    </span>
  );
}

/** The chosen options as chips, or the placeholder (e.g. "None"). */
export function ChipsValue({ options, empty }: { options: readonly ColoredOption[]; empty: string }) {
  if (!options.length) return <Muted text={empty} />;
  return (
    <span className="chips">
      {options.map((o) => (
        <OptionChip key={o.id} option={o} />
      ))}
    </span>
  );
}

/** Icon and text on one line (a status' dot, a person's initials). */
export function IconValue({ icon, text }: { icon?: ReactNode; text: string }) {
  return (
    <>
      {icon}
      <span className="fpicker__text">{text}</span>
    </>
  );
}

export const Muted = ({ text }: { text: string }) => <span className="fpicker__placeholder">{text}</span>;

export const dot = (color: string | undefined) => (color ? <ColorDot color={color} /> : undefined);

// The initials are drawn by CSS (attr()), not text: the button's name is "label, person", and a
// visible text missing from it would fail WCAG 2.5.3 (label in name).
export const avatar = (name: string) => <span className="avatar fpicker__avatar" data-initials={initials(name)} aria-hidden="true" />;
