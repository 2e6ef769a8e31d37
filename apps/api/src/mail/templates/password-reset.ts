import type { LanguageCode } from '@studio/contracts';
import type { RenderedMail } from './layout.ts';
import { accountMail, signatures } from './account-mail.ts';

/** The password-reset link (the token travels in the URL fragment, never to a server log). */
export function passwordResetMail(language: LanguageCode, resetUrl: string): RenderedMail {
  if (language === 'vi') {
    return accountMail(language, {
      subject: 'Đặt lại mật khẩu AI Studio của bạn',
      greeting: 'Xin chào,',
      intro: [
        'Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản AI Studio của bạn. Mở liên kết dưới đây để chọn mật khẩu mới:',
      ],
      link: { url: resetUrl, label: 'Đặt mật khẩu mới' },
      outro: [
        'Liên kết có hiệu lực trong 30 phút và chỉ dùng được một lần. Sau khi đổi mật khẩu, mọi thiết bị đang đăng nhập sẽ bị đăng xuất.',
        'Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn sẽ không thay đổi.',
      ],
      signature: signatures.vi,
    });
  }
  return accountMail(language, {
    subject: 'Reset your AI Studio password',
    greeting: 'Hello,',
    intro: [
      'We received a request to reset the password of your AI Studio account. Open this link to choose a new one:',
    ],
    link: { url: resetUrl, label: 'Choose a new password' },
    outro: [
      'The link is valid for 30 minutes and works only once. Changing the password signs you out on every device.',
      "If you didn't ask for it, just ignore this email: your password stays as it is.",
    ],
    signature: signatures.en,
  });
}
