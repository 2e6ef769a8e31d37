/**
 * A list the way the interface language joins one ("a, b and c" / "a, b và c"): for sentences
 * built from the tool manifest, whose length the texts do not know.
 */
export function listFormatter(language: string): (items: readonly string[]) => string {
  const format = new Intl.ListFormat(language, { type: 'conjunction' });
  return (items) => format.format(items);
}
