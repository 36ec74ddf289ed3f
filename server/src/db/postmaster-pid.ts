// Reading PostgreSQL's lock file, `<data>/postmaster.pid`, left behind when the postmaster is killed.
// Its lines: pid, data folder, start time, port, socket folder, listen address, "shm key  shm id", status.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

export interface PostmasterPid {
  pid: number;
  port: number | null;
  shmId: number | null;
  /** The pid is alive and (where /proc tells) a postgres process, not a recycled pid. */
  running: boolean;
}

function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's (postgres runs as its own user when we are root).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return true; // no /proc (macOS): trust the signal check
  }
}

export function postmasterPid(databaseDir: string): PostmasterPid | null {
  const file = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return { pid: 0, port: null, shmId: null, running: false };
  const shmId = Number(lines[6]?.trim().split(/\s+/)[1]);
  return { pid, port: Number(lines[3]) || null, shmId: Number.isInteger(shmId) ? shmId : null, running: isPostgresProcess(pid) };
}

/** Whether processes still attach the shared memory segment (orphaned backends of a killed postmaster); null: unknown. */
function sharedMemoryAttached(shmId: number): boolean | null {
  let table: string;
  try {
    table = readFileSync('/proc/sysvipc/shm', 'utf8');
  } catch {
    return null;
  }
  for (const line of table.split('\n').slice(1)) {
    const [, id, , , , , nattch] = line.trim().split(/\s+/);
    if (Number(id) === shmId) return Number(nattch) > 0;
  }
  return false;
}

/**
 * Removes a lock file whose pid now belongs to another program (pids are reused, in containers
 * especially): PostgreSQL would refuse to start, taking it for a running postmaster. A dead pid is
 * left to PostgreSQL, which removes the file itself, and so is any file while backends of the old
 * postmaster still hold its shared memory — starting beside them could corrupt the data.
 */
export function clearStalePostmasterPid(databaseDir: string): boolean {
  const lock = postmasterPid(databaseDir);
  if (!lock || lock.running) return false;
  if (lock.pid > 0) {
    try {
      process.kill(lock.pid, 0);
    } catch (err) {
      // Dead: PostgreSQL's own check handles it.
      if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
    }
  }
  if (lock.shmId !== null && sharedMemoryAttached(lock.shmId) !== false) return false;
  rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
  return true;
}
