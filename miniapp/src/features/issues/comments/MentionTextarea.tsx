// A Markdown textarea with `@mention` autocomplete from the people picker.
import type { UserRef } from '@tracker/shared/api/common';
import { useEffect, useId, useRef, useState, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupApi } from '../../../lib/api/issue-detail.ts';
import { activeMention, insertMention } from './mention.ts';

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  testid: string;
}

export function MentionTextarea({ value, onChange, testid, ...rest }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [users, setUsers] = useState<UserRef[]>([]);
  const [active, setActive] = useState(0);
  const seq = useRef(0);

  useEffect(() => {
    if (!mention) return;
    const n = ++seq.current;
    const timer = setTimeout(() => {
      lookupApi
        .users(mention.query, 6)
        .then((found) => {
          if (n !== seq.current) return;
          setUsers(found);
          setActive(0);
        })
        .catch(() => undefined);
    }, 150);
    return () => clearTimeout(timer);
  }, [mention?.query, mention]);

  const track = (el: HTMLTextAreaElement) => setMention(activeMention(el.value, el.selectionStart ?? el.value.length));
  const pick = (user: UserRef | undefined) => {
    const el = ref.current;
    if (!user || !mention || !el) return;
    const caret = el.selectionStart ?? value.length;
    const next = insertMention(value, mention.start, caret, user.name);
    onChange(next.text);
    setMention(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };
  const open = mention !== null && users.length > 0;
  const listId = `${id}-mentions`;

  return (
    <div className="mention">
      <textarea
        {...rest}
        ref={ref}
        // A textarea stays a textbox (ARIA in HTML allows it no combobox role, and a combobox is one
        // line): the list is announced through aria-autocomplete, aria-haspopup and the active option.
        aria-autocomplete="list"
        aria-haspopup="listbox"
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        data-testid={testid}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          track(e.target);
        }}
        onClick={(e) => track(e.currentTarget)}
        onBlur={() => setTimeout(() => setMention(null), 150)}
        onKeyDown={(e) => {
          if (!open) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => (a + 1) % users.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a - 1 + users.length) % users.length);
          } else if (e.key === 'Enter' || e.key === 'Tab') {
            e.preventDefault();
            pick(users[active]);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            setMention(null);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label={t('issues.comments.mentionList')} className="combo__list mention__list" hidden={!open} data-testid="mention-options">
        {open &&
          users.map((u, i) => (
            <li
              key={u.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="combo__option"
              data-testid="mention-option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(u)}
            >
              {u.name}
            </li>
          ))}
      </ul>
    </div>
  );
}
