import type { LanguageCode, NewsletterResponse } from '@studio/contracts';
import { newsletterConfirmQuery } from '@studio/contracts';
import type { MailQueue } from '../../mail/mail-job.ts';
import { newsletterConfirmationMail } from '../../mail/templates/newsletter-confirmation.ts';
import type { NewsletterRepository } from './newsletter.repository.ts';
import { hashConfirmationToken, newConfirmationToken } from './newsletter-token.ts';

/** A pending address gets at most one confirmation e-mail per this interval. */
export const resendIntervalMs = 10 * 60 * 1000;
/** A confirmation link works this long after it was mailed (the e-mail says 7 days). */
export const tokenLifetimeMs = 7 * 24 * 60 * 60 * 1000;

interface Dependencies {
  repository: NewsletterRepository;
  /** Queues a `mail.send` job: delivery (and its retries) happens after the answer. */
  mail: MailQueue;
  publicUrl: string;
  now?: () => Date;
}

export function createNewsletterService({
  repository,
  mail,
  publicUrl,
  now = () => new Date(),
}: Dependencies) {
  async function mailConfirmation(
    email: string,
    language: LanguageCode,
    token: string,
    hash: string,
  ) {
    const confirmUrl = `${publicUrl}/api/newsletter/confirm?token=${encodeURIComponent(token)}`;
    try {
      await mail.send({ to: email, ...newsletterConfirmationMail(language, confirmUrl) });
    } catch (error) {
      await repository.releaseClaim(email, hash);
      throw error;
    }
  }

  return {
    /**
     * Double opt-in, idempotent per address: a new address is stored as pending and mailed a
     * link; a pending one is mailed again at most once per interval; a confirmed one is left
     * alone. The answer is the address's state, whatever was (or was not) sent.
     */
    async subscribe(email: string, language: LanguageCode = 'en'): Promise<NewsletterResponse> {
      const time = now();
      const { token, hash } = newConfirmationToken();
      const claim = { email, language, tokenHash: hash, now: time };

      if (await repository.insertPending(claim)) {
        await mailConfirmation(email, language, token, hash);
        return { status: 'pending' };
      }

      const existing = await repository.findByEmail(email);
      if (existing?.status === 'confirmed') return { status: 'confirmed' };

      const sentBefore = new Date(time.getTime() - resendIntervalMs);
      if (await repository.claimResend(claim, sentBefore)) {
        await mailConfirmation(email, language, token, hash);
      }
      return { status: 'pending' };
    },

    /** Follows an e-mailed link. Clicking it again after confirming still says confirmed. */
    async confirm(token: string | undefined): Promise<'confirmed' | 'invalid'> {
      const parsed = newsletterConfirmQuery.safeParse({ token });
      if (!parsed.success) return 'invalid';
      const subscription = await repository.findByTokenHash(
        hashConfirmationToken(parsed.data.token),
      );
      if (!subscription) return 'invalid';
      if (subscription.status === 'confirmed') return 'confirmed';
      const sentAt =
        subscription.tokenSentAt === null ? null : Date.parse(subscription.tokenSentAt);
      if (sentAt === null || now().getTime() - sentAt > tokenLifetimeMs) return 'invalid';
      await repository.confirm(subscription.id, now());
      return 'confirmed';
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
