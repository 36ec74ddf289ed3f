// What transcribing a note reads: the attachment it is, and the description the transcript joins.
import type { EntityManager } from '@mikro-orm/postgresql';

export interface NoteRow {
  storage_key: string;
  mime_type: string;
  description: string;
}

export async function selectNote(em: EntityManager, attachmentId: number, issueId: number): Promise<NoteRow | null> {
  const [row] = await em.execute<NoteRow[]>(
    'select a.storage_key, a.mime_type, i.description from attachments a join issues i on i.id = a.issue_id where a.id = ? and a.issue_id = ?',
    [attachmentId, issueId],
  );
  return row ?? null;
}
