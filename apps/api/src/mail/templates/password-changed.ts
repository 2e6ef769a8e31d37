import type { LanguageCode } from '@studio/contracts';
import type { RenderedMail } from './layout.ts';
import { accountMail, signatures } from './account-mail.ts';

/** Tells the owner their password changed (ASVS 6.3.7), with the way back if it wasn't them. */
export function passwordChangedMail(language: LanguageCode, resetUrl: string): RenderedMail {
  if (language === 'vi') {
    return accountMail(language, {
      subject: 'Mật khẩu AI Studio của bạn đã được thay đổi',
      greeting: 'Xin chào,',
      intro: [
        'Mật khẩu tài khoản AI Studio của bạn vừa được thay đổi, và mọi thiết bị đã bị đăng xuất.',
        'Nếu đó là bạn, bạn không cần làm gì thêm. Nếu không phải bạn, hãy đặt lại mật khẩu ngay:',
      ],
      link: { url: resetUrl, label: 'Đặt lại mật khẩu' },
      outro: [],
      signature: signatures.vi,
    });
  }
  return accountMail(language, {
    subject: 'Your AI Studio password was changed',
    greeting: 'Hello,',
    intro: [
      'The password of your AI Studio account was just changed, and every device was signed out.',
      "If it was you, there is nothing else to do. If it wasn't, reset your password now:",
    ],
    link: { url: resetUrl, label: 'Reset my password' },
    outro: [],
    signature: signatures.en,
  });
}
