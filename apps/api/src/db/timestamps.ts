/** PostgreSQL hands timestamptz back as Date, SQLite hands back the ISO text it stored. */
export function toIsoString(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
