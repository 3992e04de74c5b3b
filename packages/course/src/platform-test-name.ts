/**
 * A check's name on a platform's list of tests (Gradescope, Classroom 50): its id, which
 * `pnpm grade --only` takes, then its title without the title's own opening words when they only
 * spell the id again ("tool schemas: ..." of `tool-schemas`).
 */
export function platformTestName({ id, title }: { id: string; title: string }): string {
  const spelled = `${id.replaceAll('-', ' ')}: `;
  return `${id}: ${title.startsWith(spelled) ? title.slice(spelled.length) : title}`;
}
