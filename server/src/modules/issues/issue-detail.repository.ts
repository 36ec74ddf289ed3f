// The issue page's statement: the issue with its status, labels, streams, parent, children,
// relations, watchers and attachments in one query. PostgreSQL's JSON building is most of it, so it
// is SQL text in a typed template (db/kysely.ts); the page's rules are issue-detail.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely, sqlPart } from '../../db/kysely.ts';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { ISSUE_ROW_COLUMNS, type IssueDetailRow } from './issue.mapper.ts';

// `o` is the related issue, `op` its project.
const RELATED_ISSUE = sql.raw(`json_build_object('id', o.id, 'key', op.key || '-' || o.number, 'title', o.title, 'statusId', o.status_id)`);

/** The whole issue page in one query (relations only to issues the viewer may see); undefined when there is no such issue. */
export async function issueDetailRow(em: EntityManager, viewer: Viewer, issueId: number): Promise<IssueDetailRow | undefined> {
  const visibleTo = sqlPart(visibleProjectsCondition(viewer, 'op'));
  const { rows } = await sql<IssueDetailRow>`select ${sql.raw(ISSUE_ROW_COLUMNS)}, i.version, i.description, i.reporter_id, ru.name as reporter_name, p.name as project_name, p.color as project_color,
       json_build_object('id', s.id, 'name', s.name, 'category', s.category, 'color', s.color, 'position', s.position, 'waiting', s.waiting) as status,
       (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) order by lower(l.name), l.id), '[]')
          from issue_labels il join labels l on l.id = il.label_id where il.issue_id = i.id) as labels,
       (select coalesce(json_agg(json_build_object('id', st.id, 'name', st.name) order by lower(st.name), st.id), '[]')
          from issue_streams ist join streams st on st.id = ist.stream_id where ist.issue_id = i.id) as streams,
       (select json_build_object('id', pi.id, 'key', p.key || '-' || pi.number, 'title', pi.title) from issues pi where pi.id = i.parent_id) as parent,
       (select coalesce(json_agg(json_build_object('id', ch.id, 'key', p.key || '-' || ch.number, 'title', ch.title, 'statusId', ch.status_id,
                                                   'completed', cs.category = 'completed') order by ch.sort_order, ch.id), '[]')
          from issues ch join statuses cs on cs.id = ch.status_id where ch.parent_id = i.id) as children,
       (select coalesce(json_agg(json_build_object('id', x.id, 'type', x.type, 'issue', x.issue) order by x.id), '[]') from (
          select r.id, r.type, ${RELATED_ISSUE} as issue
            from issue_relations r join issues o on o.id = r.to_issue_id join projects op on op.id = o.project_id
           where r.from_issue_id = i.id and ${visibleTo}
          union all
          select r.id, case r.type when 'blocks' then 'blocked_by' when 'duplicates' then 'duplicated_by' else 'relates' end, ${RELATED_ISSUE}
            from issue_relations r join issues o on o.id = r.from_issue_id join projects op on op.id = o.project_id
           where r.to_issue_id = i.id and ${visibleTo}) x) as relations,
       (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name) order by lower(u.name), u.id), '[]')
          from issue_watchers w join users u on u.id = w.user_id where w.issue_id = i.id) as watchers,
       (select coalesce(json_agg(json_build_object('id', a.id, 'fileName', a.file_name, 'mimeType', a.mime_type, 'size', a.size,
                                                   'url', '/api/attachments/' || a.id, 'createdAt', a.created_at,
                                                   'uploader', case when a.uploader_id is null then null else json_build_object('id', a.uploader_id, 'name', au2.name) end)
                                 order by a.created_at, a.id), '[]')
          from attachments a left join users au2 on au2.id = a.uploader_id where a.issue_id = i.id) as attachments,
       exists (select 1 from issue_watchers w where w.issue_id = i.id and w.user_id = ${viewer.id}) as watching
     from issues i
     join projects p on p.id = i.project_id
     join statuses s on s.id = i.status_id
     left join users au on au.id = i.assignee_id
     left join users ru on ru.id = i.reporter_id
     where i.id = ${issueId}`.execute(kysely(em));
  return rows[0];
}
