// Which header names mean which record field, in English and Russian (the generic CSV's guessed
// mapping, and the synonyms Jira, Linear and spreadsheet users write).
import type { CsvTarget } from '@tracker/shared/api/imports';

const SYNONYMS: Record<CsvTarget, string[]> = {
  title: ['title', 'summary', 'name', 'subject', 'task', 'issue', 'заголовок', 'название', 'тема', 'задача', 'наименование'],
  description: ['description', 'body', 'details', 'notes', 'text', 'описание', 'подробности', 'текст', 'примечание'],
  status: ['status', 'state', 'stage', 'column', 'list', 'статус', 'состояние', 'этап', 'стадия', 'колонка'],
  priority: ['priority', 'importance', 'приоритет', 'важность'],
  assignee: ['assignee', 'assigned to', 'owner', 'owner email', 'assignee email', 'responsible', 'исполнитель', 'ответственный', 'назначено'],
  reporter: ['reporter', 'creator', 'author', 'created by', 'reporter email', 'автор', 'создатель', 'постановщик'],
  labels: ['labels', 'label', 'tags', 'tag', 'категории', 'метки', 'метка', 'теги', 'тег', 'ярлыки'],
  dueDate: ['due date', 'due', 'deadline', 'due on', 'срок', 'дедлайн', 'срок выполнения', 'крайний срок'],
  startDate: ['start date', 'start', 'starts', 'начало', 'дата начала'],
  estimate: ['estimate', 'estimation', 'story points', 'points', 'оценка', 'трудоёмкость', 'трудоемкость'],
  createdAt: ['created', 'created at', 'created date', 'date created', 'создано', 'дата создания', 'создана'],
  updatedAt: ['updated', 'updated at', 'last updated', 'modified', 'обновлено', 'дата изменения', 'изменено'],
  completedAt: ['completed', 'completed at', 'resolved', 'resolution date', 'closed', 'closed at', 'done at', 'завершено', 'закрыто', 'дата закрытия', 'дата завершения'],
  externalId: ['id', 'key', 'issue key', 'issue id', 'external id', 'number', '#', 'ключ', 'номер', 'идентификатор'],
  parentExternalId: ['parent', 'parent id', 'parent key', 'parent issue', 'родитель', 'родительская задача'],
};

const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е').replace(/[_\-.]+/g, ' ').replace(/\s+/g, ' ');

/**
 * The mapping guessed from a header row: each target → the first column whose name is one of its
 * synonyms; then each other column named like one of the project's custom fields (either language).
 */
export function guessMapping(columns: readonly string[], fieldNames: readonly string[] = []): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  for (const [target, names] of Object.entries(SYNONYMS)) {
    const wanted = new Set(names.map(norm));
    const column = columns.find((c) => !used.has(c) && wanted.has(norm(c)));
    if (column !== undefined) {
      mapping[target] = column;
      used.add(column);
    }
  }
  const fields = new Set(fieldNames.map(norm));
  for (const column of columns) if (!used.has(column) && fields.has(norm(column))) mapping[`field:${column.trim()}`] = column;
  return mapping;
}
