import type { LanguageCode } from '@studio/contracts';
import type { RenderedMail } from './layout.ts';
import { accountMail, signatures } from './account-mail.ts';

/**
 * Sent instead of a registration code when the address already has an account: the person
 * registering learns nothing on screen (no enumeration), the owner learns it here.
 */
export function registrationAttemptMail(
  language: LanguageCode,
  links: { signInUrl: string; resetUrl: string },
): RenderedMail {
  if (language === 'vi') {
    return accountMail(language, {
      subject: 'Có người vừa thử tạo tài khoản AI Studio bằng địa chỉ của bạn',
      greeting: 'Xin chào,',
      intro: [
        'Có người (có thể là chính bạn) vừa thử tạo một tài khoản AI Studio mới bằng địa chỉ email này. Địa chỉ này đã có tài khoản, nên không có tài khoản mới nào được tạo.',
        `Nếu đó là bạn, hãy đăng nhập tại ${links.signInUrl}, hoặc đặt lại mật khẩu nếu bạn đã quên:`,
      ],
      link: { url: links.resetUrl, label: 'Đặt lại mật khẩu' },
      outro: ['Nếu không phải bạn, bạn không cần làm gì: tài khoản của bạn vẫn an toàn.'],
      signature: signatures.vi,
    });
  }
  return accountMail(language, {
    subject: 'Someone tried to create an AI Studio account with your address',
    greeting: 'Hello,',
    intro: [
      'Someone (perhaps you) just tried to create a new AI Studio account with this email address. It already has an account, so no new one was created.',
      `If it was you, sign in at ${links.signInUrl}, or reset your password if you have forgotten it:`,
    ],
    link: { url: links.resetUrl, label: 'Reset my password' },
    outro: ["If it wasn't you, there is nothing to do: your account is safe."],
    signature: signatures.en,
  });
}
