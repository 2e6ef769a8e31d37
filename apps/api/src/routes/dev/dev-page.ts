import type { LanguageCode } from '@studio/contracts';

/**
 * The frame of the development pages (the mailbox, the failed jobs): server-rendered, no
 * script, one stylesheet at /dev/mailbox.css. Every part is HTML the caller has escaped.
 */
export function devPage(parts: {
  language: LanguageCode;
  title: string;
  intro: string;
  /** The links under the intro (the other language, the other page). */
  nav: string;
  /** What else the header says (e.g. a filter in use); empty for nothing. */
  note?: string;
  main: string;
}): string {
  return `<!doctype html>
<html lang="${parts.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${parts.title}</title>
<link rel="stylesheet" href="/dev/mailbox.css">
</head>
<body>
<header>
<h1>${parts.title}</h1>
<p>${parts.intro}</p>
<nav>${parts.nav}</nav>
${parts.note ?? ''}
</header>
<main>
${parts.main}
</main>
</body>
</html>`;
}

/** A date and time in UTC, as a development page shows it. */
export function utcDateTime(locale: string, when: Date): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'UTC',
  }).format(when);
}
