// File names of downloads, without zod (issue 27, the light start); ../downloads.ts exports them too.
/** `WEB-export-2026-11-26.csv`, the name a project's export is saved under: ASCII only, so the header needs no encoding tricks. */
export const exportFileName = (key: string, ext: string, now: Date = new Date()) => `${key.replace(/[^A-Za-z0-9_-]/g, '')}-export-${now.toISOString().slice(0, 10)}.${ext}`;
export const backupFileName = (now: Date = new Date()) => `tracker-backup-${now.toISOString().slice(0, 10)}.zip`;
