import { type IdentityKind, identityKinds, sandboxIdentities } from './accounts.ts';
import { type Language, texts } from './texts.ts';

/**
 * The provider's HTML: plain, accessible pages with inline style only (the CSP allows no
 * remote asset and no inline script) and system colours, so they follow the visitor's light or
 * dark setting without a palette of their own.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const style = `
:root { color-scheme: light dark; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: Canvas; color: CanvasText; }
main { max-width: 26rem; margin: 3rem auto; padding: 1.5rem; border: 1px solid GrayText; border-radius: 0.5rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0 1rem; }
.badge { display: inline-block; margin: 0; padding: 0.1rem 0.6rem; border: 2px solid CanvasText; border-radius: 1rem; font-weight: 700; letter-spacing: 0.05em; text-transform: uppercase; font-size: 0.8rem; }
.notice { font-size: 0.9rem; }
label { display: block; font-weight: 600; margin-top: 1rem; }
input[type=email], input[type=text] { box-sizing: border-box; width: 100%; padding: 0.5rem; font: inherit; margin-top: 0.25rem; }
input[aria-invalid=true] { outline: 2px solid Mark; }
.hint { font-size: 0.85rem; margin: 0.25rem 0 0; }
.error { font-weight: 600; margin: 0.25rem 0 0; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; flex-wrap: wrap; }
.choices { display: grid; gap: 0.75rem; margin-top: 1rem; }
button { font: inherit; padding: 0.5rem 1.25rem; cursor: pointer; }
button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
pre { white-space: pre-wrap; word-break: break-word; }
`;

function layout(language: Language, title: string, body: string, head = ''): string {
  const t = texts[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(t.sandboxLabel)}</title>
<style>${style}</style>
${head}</head>
<body>
<main>
<p class="badge">${escapeHtml(t.sandboxLabel)}</p>
${body}
</main>
</body>
</html>`;
}

export interface SignInFormValues {
  email: string;
  name: string;
}

export interface SignInErrors {
  email?: string;
  name?: string;
}

export interface SignInPageInput {
  language: Language;
  /** Where the form posts (the interaction's own URL). */
  action: string;
  kind: IdentityKind;
  values: SignInFormValues;
  errors: SignInErrors;
  /** The chooser's URL, when the relying party did not fix the identity with a domain hint. */
  chooserUrl: string | null;
}

function field(
  id: 'email' | 'name',
  label: string,
  type: 'email' | 'text',
  value: string,
  autocomplete: string,
  error: string | undefined,
  hint?: string,
): string {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${id}" type="${type}" value="${escapeHtml(value)}" autocomplete="${autocomplete}" required${
    described.length ? ` aria-describedby="${described.join(' ')}"` : ''
  }${error ? ' aria-invalid="true"' : ''}>
${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}${
    error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''
  }`;
}

/** The prefilled sign-in form: Continue signs in, Cancel returns access_denied to the app. */
export function signInPage(input: SignInPageInput): string {
  const t = texts[input.language];
  const provider = sandboxIdentities[input.kind].label;
  const hasErrors = Boolean(input.errors.email || input.errors.name);
  const body = `<h1>${escapeHtml(t.signInTitle)}</h1>
<p>${escapeHtml(t.signInAs(provider))}</p>
<p class="notice">${escapeHtml(t.sandboxNotice)}</p>
${hasErrors ? `<p class="error" role="alert">${escapeHtml(t.fixErrors)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="hint" value="${input.kind}">
${field('email', t.emailLabel, 'email', input.values.email, 'email', input.errors.email, t.emailHint)}
${field('name', t.nameLabel, 'text', input.values.name, 'name', input.errors.name)}
<div class="actions">
<button type="submit" name="action" value="continue">${escapeHtml(t.continueButton)}</button>
<button type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(t.cancelButton)}</button>
</div>
</form>
${input.chooserUrl ? `<p><a href="${escapeHtml(input.chooserUrl)}">${escapeHtml(t.otherIdentity)}</a></p>` : ''}`;
  return layout(input.language, t.signInTitle, body);
}

export interface ChooserPageInput {
  language: Language;
  /** The interaction's URL: the choice comes back as `?hint=`. */
  action: string;
  /** Where Cancel posts. */
  cancelAction: string;
}

/** No domain hint: one button per sandbox identity (a GET form, so it needs no script). */
export function chooserPage(input: ChooserPageInput): string {
  const t = texts[input.language];
  const buttons = identityKinds
    .map(
      (kind) =>
        `<button type="submit" name="hint" value="${kind}">${escapeHtml(
          t.continueWith(sandboxIdentities[kind].label),
        )}</button>`,
    )
    .join('\n');
  const body = `<h1>${escapeHtml(t.chooseTitle)}</h1>
<p class="notice">${escapeHtml(t.sandboxNotice)}</p>
<form method="get" action="${escapeHtml(input.action)}">
<fieldset>
<legend>${escapeHtml(t.chooseIntro)}</legend>
<div class="choices">
${buttons}
</div>
</fieldset>
</form>
<form method="post" action="${escapeHtml(input.cancelAction)}">
<div class="actions">
<button type="submit" name="action" value="cancel">${escapeHtml(t.cancelButton)}</button>
</div>
</form>`;
  return layout(input.language, t.chooseTitle, body);
}

export const logoutConfirmButtonId = 'sandbox-confirm-logout';

export interface LogoutPageInput {
  language: Language;
  /** oidc-provider's form (id op.logoutForm) holding the logout xsrf token. */
  form: string;
  /** Set when the relying party proved who it is (a valid id_token_hint for this session). */
  autoConfirmScript: string | null;
}

/**
 * RP-initiated logout. Without script it is a plain confirmation; when the relying party sent
 * a valid id_token_hint, a same-origin script presses "Yes" so the redirect back is immediate.
 */
export function logoutPage(input: LogoutPageInput): string {
  const t = texts[input.language];
  const auto = input.autoConfirmScript !== null;
  const body = `<h1>${escapeHtml(t.signOutTitle)}</h1>
${auto ? `<p role="status">${escapeHtml(t.signingOut)}</p>` : ''}
<p>${escapeHtml(t.signOutQuestion)}</p>
${input.form}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="${logoutConfirmButtonId}" autofocus>${escapeHtml(t.signOutYes)}</button>
<button type="submit" form="op.logoutForm">${escapeHtml(t.signOutNo)}</button>
</div>`;
  const head = auto
    ? `<script src="${escapeHtml(input.autoConfirmScript ?? '')}" defer></script>\n`
    : '';
  return layout(input.language, t.signOutTitle, body, head);
}

/** Shown when the relying party gave no post-logout redirect URI. */
export function signedOutPage(language: Language): string {
  const t = texts[language];
  return layout(
    language,
    t.signedOutTitle,
    `<h1>${escapeHtml(t.signedOutTitle)}</h1>\n<p>${escapeHtml(t.signedOutBody)}</p>`,
  );
}

/** A protocol error that cannot go back to the relying party (e.g. an unregistered redirect URI). */
export function errorPage(language: Language, details: Record<string, string>): string {
  const t = texts[language];
  const rows = Object.entries(details)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd><pre>${escapeHtml(value)}</pre></dd>`)
    .join('\n');
  return layout(
    language,
    t.errorTitle,
    `<h1>${escapeHtml(t.errorTitle)}</h1>
<p>${escapeHtml(t.errorBody)}</p>
${rows ? `<h2>${escapeHtml(t.errorDetails)}</h2>\n<dl>\n${rows}\n</dl>` : ''}`,
  );
}

/** The interaction cookie or record is gone (expired, finished, or another browser). */
export function expiredPage(language: Language): string {
  const t = texts[language];
  return layout(
    language,
    t.expiredTitle,
    `<h1>${escapeHtml(t.expiredTitle)}</h1>\n<p>${escapeHtml(t.expiredBody)}</p>`,
  );
}

export function notFoundPage(language: Language): string {
  const t = texts[language];
  return layout(
    language,
    t.notFoundTitle,
    `<h1>${escapeHtml(t.notFoundTitle)}</h1>\n<p>${escapeHtml(t.notFoundBody)}</p>`,
  );
}

/** The auto-confirm script for the logout page (served from the provider's own origin). */
export const logoutConfirmScript = `// Confirms a sign-out the relying party proved it asked for (valid id_token_hint).
document.getElementById(${JSON.stringify(logoutConfirmButtonId)})?.click();
`;
