import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import {
  type AccountStore,
  type IdentityKind,
  identityKindFor,
  sandboxIdentities,
} from './accounts.ts';
import { FormError, readForm, sendHtml, sendText } from './http.ts';
import {
  chooserPage,
  errorPage,
  expiredPage,
  type SignInErrors,
  type SignInFormValues,
  signInPage,
} from './pages.ts';
import { type Language, pickLanguage, texts } from './texts.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface InteractionContext {
  provider: Provider;
  accounts: AccountStore;
  /** The issuer's path ('' at the root): every URL the pages print starts with it. */
  mountPath: string;
  /** The API's resource indicator and the scopes it knows. */
  audience: string;
  resourceScopes: ReadonlySet<string>;
}

/** OpenID scopes the sandbox grants when asked; everything else must be the API's. */
const openIdScopes = new Set(['openid', 'profile', 'email', 'offline_access']);
const formLimitBytes = 16 * 1024;
const nameMaxLength = 100;
const emailMaxLength = 254;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requestedScopes(interaction: Interaction): string[] {
  const scope = interaction.params['scope'];
  return typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
}

function clientIdOf(interaction: Interaction): string {
  const clientId = interaction.params['client_id'];
  if (typeof clientId !== 'string') throw new Error('interaction without a client_id');
  return clientId;
}

/**
 * Consent is implied in the sandbox: a fresh grant with exactly what the relying party asked
 * for (its OpenID scopes and the API's scopes), created at sign-in so no consent screen follows.
 */
async function grantAtSignIn(
  context: InteractionContext,
  interaction: Interaction,
  accountId: string,
): Promise<string> {
  const grant = new context.provider.Grant({ accountId, clientId: clientIdOf(interaction) });
  const scopes = requestedScopes(interaction);
  const oidc = scopes.filter((scope) => openIdScopes.has(scope));
  const api = scopes.filter((scope) => context.resourceScopes.has(scope));
  if (oidc.length > 0) grant.addOIDCScope(oidc.join(' '));
  if (api.length > 0) grant.addResourceScope(context.audience, api.join(' '));
  return grant.save();
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** A later request asked for more than the session's grant holds: add what is missing. */
async function grantMissing(
  context: InteractionContext,
  interaction: Interaction,
): Promise<string> {
  const accountId = interaction.session?.accountId;
  if (!accountId) throw new Error('consent prompt without a signed-in account');
  const existing = interaction.grantId
    ? await context.provider.Grant.find(interaction.grantId)
    : undefined;
  const grant =
    existing ?? new context.provider.Grant({ accountId, clientId: clientIdOf(interaction) });
  const { details } = interaction.prompt;
  const missingOidc = stringList(details['missingOIDCScope']).filter((s) => openIdScopes.has(s));
  if (missingOidc.length > 0) grant.addOIDCScope(missingOidc.join(' '));
  const missingClaims = stringList(details['missingOIDCClaims']);
  if (missingClaims.length > 0) grant.addOIDCClaims(missingClaims);
  const missingResources = details['missingResourceScopes'];
  if (typeof missingResources === 'object' && missingResources !== null) {
    for (const [resource, scopes] of Object.entries(missingResources)) {
      const known = stringList(scopes).filter((scope) => context.resourceScopes.has(scope));
      if (resource === context.audience && known.length > 0) {
        grant.addResourceScope(resource, known.join(' '));
      }
    }
  }
  return grant.save();
}

function validate(values: SignInFormValues, language: Language): SignInErrors {
  const t = texts[language];
  const errors: SignInErrors = {};
  if (values.email.length > emailMaxLength || !emailPattern.test(values.email)) {
    errors.email = t.emailInvalid;
  }
  if (values.name === '') errors.name = t.nameRequired;
  else if (values.name.length > nameMaxLength) errors.name = t.nameTooLong;
  return errors;
}

interface PageState {
  language: Language;
  action: string;
  /** The identity the relying party fixed with its domain hint, if any. */
  fixedKind: IdentityKind | null;
}

function showSignIn(
  res: ServerResponse,
  state: PageState,
  kind: IdentityKind,
  values: SignInFormValues,
  errors: SignInErrors,
): void {
  const status = errors.email || errors.name ? 400 : 200;
  sendHtml(
    res,
    status,
    signInPage({
      language: state.language,
      action: state.action,
      kind,
      values,
      errors,
      chooserUrl: state.fixedKind ? null : state.action,
    }),
  );
}

async function submit(
  context: InteractionContext,
  req: IncomingMessage,
  res: ServerResponse,
  interaction: Interaction,
  state: PageState,
): Promise<void> {
  const form = await readForm(req, formLimitBytes);
  if (form.get('action') === 'cancel') {
    await context.provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const kind = state.fixedKind ?? identityKindFor(form.get('hint'));
  if (!kind) {
    sendHtml(
      res,
      400,
      chooserPage({ language: state.language, action: state.action, cancelAction: state.action }),
    );
    return;
  }
  const values = {
    email: (form.get('email') ?? '').trim(),
    name: (form.get('name') ?? '').trim(),
  };
  const problems = validate(values, state.language);
  if (problems.email || problems.name) {
    showSignIn(res, state, kind, values, problems);
    return;
  }
  const account = context.accounts.signIn(kind, values.email, values.name);
  const grantId = await grantAtSignIn(context, interaction, account.accountId);
  await context.provider.interactionFinished(
    req,
    res,
    { login: { accountId: account.accountId, remember: true }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/**
 * The provider's sign-in pages at `${mountPath}/interaction/:uid`: GET shows the chooser (no
 * domain hint) or the prefilled form; POST signs in or cancels. A consent prompt (only when a
 * later request asks for more) is granted without a page.
 */
export async function handleInteraction(
  context: InteractionContext,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
  url: URL,
): Promise<void> {
  const acceptLanguage = req.headers['accept-language'];
  let interaction: Interaction;
  try {
    interaction = await context.provider.interactionDetails(req, res);
  } catch (error) {
    if (error instanceof errors.SessionNotFound) {
      sendHtml(res, 400, expiredPage(pickLanguage(undefined, acceptLanguage)));
      return;
    }
    throw error;
  }
  const language = pickLanguage(interaction.params['ui_locales'], acceptLanguage);
  // The cookie names another sign-in than the URL (an old tab): start again from the app.
  if (interaction.uid !== uid) {
    sendHtml(res, 400, expiredPage(language));
    return;
  }

  if (interaction.prompt.name === 'consent') {
    const grantId = await grantMissing(context, interaction);
    await context.provider.interactionFinished(req, res, { consent: { grantId } });
    return;
  }
  if (interaction.prompt.name !== 'login') {
    sendHtml(
      res,
      400,
      errorPage(language, { error: `unsupported prompt ${interaction.prompt.name}` }),
    );
    return;
  }

  const state: PageState = {
    language,
    action: `${context.mountPath}/interaction/${uid}`,
    fixedKind: identityKindFor(interaction.params['domain_hint']),
  };
  if (req.method === 'GET' || req.method === 'HEAD') {
    const kind = state.fixedKind ?? identityKindFor(url.searchParams.get('hint'));
    if (!kind) {
      sendHtml(
        res,
        200,
        chooserPage({ language, action: state.action, cancelAction: state.action }),
      );
      return;
    }
    const identity = sandboxIdentities[kind];
    showSignIn(res, state, kind, { email: identity.email, name: identity.name }, {});
    return;
  }
  if (req.method === 'POST') {
    try {
      await submit(context, req, res, interaction, state);
    } catch (error) {
      if (!(error instanceof FormError)) throw error;
      sendHtml(res, error.status, errorPage(language, { error: error.message }));
    }
    return;
  }
  res.setHeader('allow', 'GET, HEAD, POST');
  sendText(res, 405, 'text/plain; charset=utf-8', 'Method Not Allowed');
}
