// The admin's whole-workspace backup: a zip streamed as it is written, holding workspace.json (users
// without password hashes, sessions or tokens; custom fields; every project in the export.json shape)
// and each attachment's bytes under attachments/<id>-<file name>, read from storage one at a time.
import { PassThrough, Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EXPORT_FORMAT_VERSION } from '@tracker/shared/api/export';
import yazl from 'yazl';
import { iso } from '../../db/sql.ts';
import type { Logger } from '../../logger.ts';
import type { BlobStore } from '../../storage/index.ts';
import { fileKey } from '../attachments/attachment.service.ts';
import { selectFields } from '../custom-fields/custom-field-reads.repository.ts';
import { allProjects, allStreams, projectKeys, streamMemberIds, streamUpdates, userPage } from './backup.repository.ts';
import { People } from './export-content.ts';
import { projectJson } from './project-export.ts';

const json = (v: unknown) => JSON.stringify(v);

/** A zip entry name that no file name can turn into a path outside attachments/. */
export function attachmentPath(id: number, fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a zip entry name must not hold
  const safe = fileName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_').slice(0, 150) || 'file';
  return `attachments/${id}-${safe}`;
}

async function* users(em: EntityManager): AsyncGenerator<string> {
  let after = 0;
  let first = true;
  for (;;) {
    const rows = await userPage(em, after, 500);
    for (const u of rows) {
      yield (first ? '' : ',') + json({ id: u.id, name: u.name, email: u.email, phone: u.phone, roles: u.roles, locale: u.locale, blockedAt: iso(u.blocked_at), createdAt: iso(u.created_at) });
      first = false;
    }
    if (rows.length < 500) return;
    after = rows.at(-1)!.id;
  }
}

async function customFields(em: EntityManager) {
  const rows = await selectFields(em, {});
  const ids = [...new Set(rows.flatMap((f) => f.project_ids))];
  const keys = ids.length ? await projectKeys(em, ids) : [];
  const keyOf = new Map(keys.map((k) => [k.id, k.key]));
  return rows.map((f) => ({
    name: { ru: f.name_ru, en: f.name_en },
    type: f.type,
    description: { ru: f.description_ru, en: f.description_en },
    required: f.required,
    options: f.options.map((o) => ({ name: o.name, color: o.color })),
    scope: f.scope === 'projects' ? 'projects' : 'all',
    projectKeys: f.project_ids.map((id) => keyOf.get(id)).filter((k) => !!k),
    archivedAt: iso(f.archived_at),
  }));
}

/** Streams with their members and status updates; people by name and e-mail, like everywhere in the export. */
async function* streams(em: EntityManager, people: People): AsyncGenerator<string> {
  const rows = await allStreams(em);
  for (const [i, st] of rows.entries()) {
    const [members, updates] = await Promise.all([streamMemberIds(em, st.id), streamUpdates(em, st.id)]);
    await people.load([st.lead_id, ...members.map((m) => m.user_id), ...updates.map((u) => u.author_id)]);
    yield (i ? ',' : '') +
      json({
        name: st.name,
        description: st.description,
        status: st.status,
        lead: people.get(st.lead_id),
        startDate: st.start_date,
        targetDate: st.target_date,
        members: members.map((m) => people.get(m.user_id)).filter((p) => !!p),
        createdAt: iso(st.created_at),
        updates: updates.map((u) => ({ author: people.get(u.author_id), body: u.body, health: u.health, createdAt: iso(u.created_at), updatedAt: iso(u.updated_at) })),
      });
  }
}

/** workspace.json as text chunks; each attachment met is handed to `attach` with its zip path. */
async function* workspaceJson(em: EntityManager, attach: (a: { id: number; storageKey: string; path: string }) => void): AsyncGenerator<string> {
  yield `{"format":"tracker-workspace","version":${EXPORT_FORMAT_VERSION},"exportedAt":${json(new Date().toISOString())},"users":[`;
  yield* users(em);
  // Admins only: every e-mail, as the admin pages show them.
  const people = new People(em, { all: true });
  yield `],"customFields":${json(await customFields(em))},"streams":[`;
  yield* streams(em, people);
  yield '],"projects":[';
  const projects = await allProjects(em);
  for (const [i, project] of projects.entries()) {
    if (i) yield ',';
    yield* projectJson(em, project, {
      people,
      onAttachment: (a) => {
        const path = attachmentPath(a.id, a.fileName);
        attach({ id: a.id, storageKey: a.storageKey, path });
        return path;
      },
    });
  }
  yield ']}';
}

/**
 * The backup zip as a stream. workspace.json is written first; the attachments it names are queued
 * and each is read from storage only when the zip reaches it, so one file's bytes at most are in
 * flight. A file missing from storage is an empty entry (workspace.json still lists it).
 */
export function backupZip(em: EntityManager, storage: BlobStore, log?: Logger): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  const queued: { storageKey: string; path: string }[] = [];
  const json = Readable.from(workspaceJson(em, (a) => queued.push(a)));
  json.on('end', () => {
    for (const a of queued) {
      zip.addReadStreamLazy(a.path, { compress: false }, (cb) => {
        storage.get(fileKey(a.storageKey)).then(
          (file) => cb(null, file ? file.body : Readable.from([])),
          (err: unknown) => cb(err, Readable.from([])),
        );
      });
    }
    zip.end();
  });
  json.on('error', (err) => {
    log?.error({ err }, 'backup: workspace.json failed');
    out.destroy(err);
  });
  zip.addReadStream(json, 'workspace.json');
  // A download given up half-way (Koa destroys the body) stops the reads too.
  let done = false;
  zip.outputStream.once('end', () => (done = true));
  out.once('close', () => {
    if (done) return;
    json.destroy();
    (zip.outputStream as unknown as PassThrough).destroy();
  });
  return out;
}
