/**
 * Names Excel accepts for sheets, each once: at most 31 characters, none of `[ ] : * ? / \`, not
 * beginning or ending with an apostrophe, not empty and not "History" (Excel keeps it for its
 * change history); compared without case, as Excel does.
 */
export class SheetNames {
  private readonly taken = new Set<string>();

  claim(wanted: string): string {
    const base = clean(wanted);
    let name = base;
    for (
      let copy = 2;
      this.taken.has(name.toLocaleLowerCase()) || /^history$/i.test(name);
      copy++
    ) {
      const suffix = ` (${copy})`;
      name = cut(base, 31 - suffix.length) + suffix;
    }
    this.taken.add(name.toLocaleLowerCase());
    return name;
  }
}

/** At most `length` characters, never half of a surrogate pair. */
const cut = (text: string, length: number): string =>
  Array.from(text).slice(0, length).join('').trim();

function clean(wanted: string): string {
  const name = cut(
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001F\u007F]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '')
      .trim(),
    31,
  ).replace(/'+$/, '');
  return name || 'Sheet';
}
