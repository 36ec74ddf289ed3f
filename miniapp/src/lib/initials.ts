/** Up to two initials of a person's name (`Анна Смирнова` → `АС`), or `?`. */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return letters || '?';
}
