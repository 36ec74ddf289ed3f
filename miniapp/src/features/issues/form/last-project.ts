// The project an issue was last created in, per browser (issue 15: the create form defaults to the
// project being viewed, else the last used). Only an id: no content of the workspace is kept here.
const KEY = 'tracker/last-project';

export function rememberProject(id: number, storage: Pick<Storage, 'setItem'> | null = local()) {
  try {
    storage?.setItem(KEY, String(id));
  } catch {
    // private mode or full: the next form starts on the first project
  }
}

export function lastProject(storage: Pick<Storage, 'getItem'> | null = local()): number | null {
  try {
    const id = Number(storage?.getItem(KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The project a new issue starts in: the one asked for (the project being viewed: its key or id),
 * else the last used, else the first I may create in.
 */
export function defaultProject<P extends { id: number; key: string }>(projects: readonly P[], wanted: string | null, last: number | null = lastProject()): P | undefined {
  const asked = wanted?.trim().toUpperCase();
  return (asked ? projects.find((p) => p.key.toUpperCase() === asked || String(p.id) === asked) : undefined) ?? projects.find((p) => p.id === last) ?? projects[0];
}
