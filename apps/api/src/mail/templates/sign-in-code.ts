import type { LanguageCode } from '@studio/contracts';
import type { RenderedMail } from './layout.ts';
import { accountMail, signatures } from './account-mail.ts';

/** The emailed one-time code for signing in (§7 request-code). */
export function signInCodeMail(language: LanguageCode, code: string): RenderedMail {
  if (language === 'vi') {
    return accountMail(language, {
      subject: `Mã đăng nhập AI Studio của bạn: ${code}`,
      greeting: 'Xin chào,',
      intro: ['Đây là mã đăng nhập AI Studio của bạn:'],
      code,
      outro: [
        'Mã có hiệu lực trong 10 phút và chỉ dùng được một lần.',
        'Nếu bạn không yêu cầu mã này, hãy bỏ qua email này: không ai có thể đăng nhập nếu không có mã.',
      ],
      signature: signatures.vi,
    });
  }
  return accountMail(language, {
    subject: `Your AI Studio sign-in code: ${code}`,
    greeting: 'Hello,',
    intro: ['Here is your code to sign in to AI Studio:'],
    code,
    outro: [
      'It is valid for 10 minutes and works only once.',
      "If you didn't ask for it, just ignore this email: nobody can sign in without the code.",
    ],
    signature: signatures.en,
  });
}
