import type { LanguageCode } from '@studio/contracts';
import type { RenderedMail } from './layout.ts';
import { accountMail, signatures } from './account-mail.ts';

/** The code that confirms a new account's address (register, then register/confirm). */
export function registrationCodeMail(language: LanguageCode, code: string): RenderedMail {
  if (language === 'vi') {
    return accountMail(language, {
      subject: `Xác nhận tài khoản AI Studio của bạn: ${code}`,
      greeting: 'Xin chào,',
      intro: [
        'Cảm ơn bạn đã tạo tài khoản AI Studio. Hãy nhập mã dưới đây để xác nhận địa chỉ email và hoàn tất đăng ký:',
      ],
      code,
      outro: [
        'Mã có hiệu lực trong 10 phút và chỉ dùng được một lần.',
        'Nếu bạn không đăng ký, hãy bỏ qua email này: sẽ không có tài khoản nào được tạo.',
      ],
      signature: signatures.vi,
    });
  }
  return accountMail(language, {
    subject: `Confirm your AI Studio account: ${code}`,
    greeting: 'Hello,',
    intro: [
      'Thanks for creating an AI Studio account. Enter this code to confirm your email address and finish signing up:',
    ],
    code,
    outro: [
      'It is valid for 10 minutes and works only once.',
      "If you didn't sign up, just ignore this email: no account will be created.",
    ],
    signature: signatures.en,
  });
}
