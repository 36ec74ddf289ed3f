// Trello's board export (Board menu → Print, export and share → Export as JSON): one object with the
// board's lists, cards, labels, members, checklists and its latest actions (comments are
// `commentCard` actions, creation a `createCard` one). A card's status is its list's name. Archived
// cards, and cards on archived lists, are skipped with a reason: Trello keeps them out of sight, and
// so does an import. Checklists become a task list at the end of the description.
import type { ImportPerson, ImportRecord } from '@tracker/shared/api/import-record';
import { z } from 'zod';
import type { ImportFormatParser, ParsedImport } from './format.ts';
import { clip, compact, guessCategory, name50, notThisFormat, Problems, readJson, toIso } from './read.ts';

// Trello's named label colours, as its board shows them.
const COLORS: Record<string, string> = {
  green: '#4bce97', yellow: '#f5cd47', orange: '#fea362', red: '#f87168', purple: '#9f8fef', blue: '#579dff',
  sky: '#6cc3e0', lime: '#94c748', pink: '#e774bb', black: '#8590a2',
};

type ImportComment = NonNullable<ImportRecord['comments']>[number];

const str = z.string().nullish();
const boardSchema = z.object({
  lists: z.array(z.object({ id: z.string(), name: z.string().catch(''), closed: z.boolean().catch(false) }).loose()),
  cards: z.array(z.unknown()),
  labels: z.array(z.object({ id: z.string(), name: str, color: str }).loose()).catch([]),
  members: z.array(z.object({ id: z.string(), fullName: str, username: str }).loose()).catch([]),
  checklists: z
    .array(
      z
        .object({
          idCard: z.string(),
          name: str,
          pos: z.number().catch(0),
          checkItems: z.array(z.object({ name: z.string().catch(''), state: str, pos: z.number().catch(0) }).loose()).catch([]),
        })
        .loose(),
    )
    .catch([]),
  actions: z.array(z.unknown()).catch([]),
  // The Custom Fields power-up: definitions here, values on each card (customFieldItems).
  customFields: z
    .array(
      z
        .object({
          id: z.string(),
          name: z.string(),
          type: str,
          options: z.array(z.object({ id: z.string(), value: z.object({ text: str }).loose().nullish() }).loose()).catch([]),
        })
        .loose(),
    )
    .catch([]),
});

const cardSchema = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    desc: z.string().catch(''),
    idList: z.string(),
    idLabels: z.array(z.string()).catch([]),
    idMembers: z.array(z.string()).catch([]),
    closed: z.boolean().catch(false),
    due: str,
    start: str,
    dueComplete: z.boolean().catch(false),
    dateLastActivity: str,
    attachments: z.array(z.object({ name: str, url: str }).loose()).catch([]),
    customFieldItems: z
      .array(
        z
          .object({
            idCustomField: z.string(),
            idValue: str,
            value: z.object({ text: str, number: str, date: str, checked: str }).loose().nullish(),
          })
          .loose(),
      )
      .catch([]),
  })
  .loose();

const actionSchema = z
  .object({
    id: z.string().catch(''),
    type: z.string(),
    date: z.string(),
    idMemberCreator: str,
    memberCreator: z.object({ fullName: str, username: str }).loose().nullish(),
    data: z.object({ card: z.object({ id: z.string() }).loose().nullish(), text: str }).loose(),
  })
  .loose();

/** A Trello id is a MongoDB ObjectId: its first 8 hex digits are the creation time in Unix seconds. */
export function trelloIdTime(id: string): string | undefined {
  if (!/^[0-9a-f]{24}$/i.test(id)) return undefined;
  return new Date(parseInt(id.slice(0, 8), 16) * 1000).toISOString();
}

const who = (fullName?: string | null, username?: string | null): ImportPerson | undefined =>
  fullName || username ? { name: (fullName || username)!.slice(0, 200) } : undefined;

export const trelloFormat: ImportFormatParser = {
  id: 'trello',
  parse(text: string): ParsedImport {
    const json = readJson(text);
    const board = boardSchema.safeParse(json);
    if (!board.success) throw notThisFormat('notTrello');
    const { lists, cards, labels, members, checklists } = board.data;
    const problems = new Problems();
    const listById = new Map(lists.map((l) => [l.id, l]));
    const labelById = new Map(labels.map((l) => [l.id, l]));
    const memberById = new Map(members.map((m) => [m.id, m]));
    const fieldById = new Map(board.data.customFields.map((f) => [f.id, f]));
    // Looked up per card: grouped once, so a board of many cards and checklists (or a field of many
    // options) costs its size, not cards × checklists.
    const optionText = new Map(board.data.customFields.flatMap((f) => f.options.map((o) => [`${f.id}\u0000${o.id}`, o.value?.text] as const)));
    const checklistsByCard = new Map<string, typeof checklists>();
    for (const c of checklists) {
      const list = checklistsByCard.get(c.idCard);
      if (list) list.push(c);
      else checklistsByCard.set(c.idCard, [c]);
    }

    const commentsByCard = new Map<string, ImportComment[]>();
    const createdByCard = new Map<string, { date: string; by?: ImportPerson }>();
    for (const raw of board.data.actions) {
      const action = actionSchema.safeParse(raw);
      const cardId = action.success ? action.data.data.card?.id : undefined;
      if (!action.success || !cardId) continue;
      const a = action.data;
      const creator = memberById.get(a.idMemberCreator ?? '');
      const by = who(a.memberCreator?.fullName ?? creator?.fullName, a.memberCreator?.username ?? creator?.username);
      if (a.type === 'commentCard' && a.data.text?.trim()) {
        const list = commentsByCard.get(cardId) ?? [];
        list.push(compact({ externalId: a.id || undefined, body: clip(a.data.text, 100_000), createdAt: toIso(a.date) ?? undefined, author: by }));
        commentsByCard.set(cardId, list);
      } else if (a.type === 'createCard' || a.type === 'copyCard' || a.type === 'convertToCardFromCheckItem') {
        createdByCard.set(cardId, { date: a.date, by });
      }
    }

    const records: ImportRecord[] = [];
    cards.forEach((raw, i) => {
      const row = i + 1;
      const parsed = cardSchema.safeParse(raw);
      if (!parsed.success) {
        problems.add(row, 'badItem');
        return;
      }
      const card = parsed.data;
      const list = listById.get(card.idList);
      if (card.closed || list?.closed) {
        problems.add(row, list?.closed ? 'archivedList' : 'archivedCard', { title: clip(card.name, 80) });
        return;
      }
      if (!card.name.trim()) {
        problems.add(row, 'missingTitle', { id: card.id });
        return;
      }
      const checks = [...(checklistsByCard.get(card.id) ?? [])]
        .sort((a, b) => a.pos - b.pos)
        .map((c) => {
          const items = [...c.checkItems].sort((a, b) => a.pos - b.pos).map((item) => `- [${item.state === 'complete' ? 'x' : ' '}] ${item.name}`);
          return `### ${c.name ?? ''}\n${items.join('\n')}`;
        });
      const links = card.attachments.filter((a) => a.url).map((a) => `- [${a.name || a.url}](${a.url})`);
      const description = [card.desc, ...checks, ...(links.length ? [`**Attachments**\n${links.join('\n')}`] : [])].filter((s) => s.trim()).join('\n\n');
      const fields: Record<string, unknown> = {};
      for (const item of card.customFieldItems) {
        const def = fieldById.get(item.idCustomField);
        if (!def) continue;
        const v = item.value;
        const value = item.idValue
          ? optionText.get(`${def.id}\u0000${item.idValue}`)
          : v?.checked != null
            ? v.checked === 'true'
            : v?.number != null
              ? Number(v.number)
              : v?.date
                ? toIso(v.date)?.slice(0, 10)
                : v?.text;
        if (value !== undefined && value !== null && value !== '') fields[def.name] = value;
      }
      const statusName = list?.name.trim() || undefined;
      const category = guessCategory(statusName) ?? (card.dueComplete ? 'completed' : undefined);
      const created = createdByCard.get(card.id);
      const comments = (commentsByCard.get(card.id) ?? []).sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
      const [first, ...others] = card.idMembers.map((id) => memberById.get(id)).filter((m) => !!m);
      records.push(
        compact({
          externalId: card.id,
          row,
          title: clip(card.name.trim(), 300),
          description: description || undefined,
          status: statusName ? compact({ name: name50(statusName), category }) : undefined,
          labels: card.idLabels
            .map((id) => labelById.get(id))
            .filter((l) => !!l)
            .map((l) => compact({ name: name50(l.name?.trim() || l.color || 'label'), color: l.color ? COLORS[l.color] : undefined })),
          assignee: first ? who(first.fullName, first.username) : undefined,
          reporter: created?.by,
          startDate: problems.date(row, 'start', card.start ?? undefined, true),
          dueDate: problems.date(row, 'due', card.due ?? undefined, true),
          fields: others.length ? { ...fields, Members: others.map((m) => m.fullName || m.username) } : fields,
          createdAt: (created && toIso(created.date)) || trelloIdTime(card.id),
          updatedAt: problems.date(row, 'dateLastActivity', card.dateLastActivity ?? undefined),
          completedAt: category === 'completed' ? problems.date(row, 'dateLastActivity', card.dateLastActivity ?? undefined) : undefined,
          comments,
          activity: [],
          attachments: [],
        }),
      );
    });
    return { records, problems: problems.list };
  },
};
