/**
 * Every visible string of the sandbox provider's pages, in English and Vietnamese (the
 * product's two languages). The page language follows the OpenID Connect `ui_locales`
 * parameter when the relying party sends one, else the browser's Accept-Language.
 */

export const languages = ['en', 'vi'] as const;
export type Language = (typeof languages)[number];

export interface Texts {
  sandboxLabel: string;
  sandboxNotice: string;
  signInTitle: string;
  chooseTitle: string;
  chooseIntro: string;
  continueWith: (provider: string) => string;
  signInAs: (provider: string) => string;
  emailLabel: string;
  nameLabel: string;
  emailHint: string;
  emailInvalid: string;
  nameRequired: string;
  nameTooLong: string;
  fixErrors: string;
  continueButton: string;
  cancelButton: string;
  otherIdentity: string;
  signOutTitle: string;
  signOutQuestion: string;
  signingOut: string;
  signOutYes: string;
  signOutNo: string;
  signedOutTitle: string;
  signedOutBody: string;
  errorTitle: string;
  errorBody: string;
  errorDetails: string;
  expiredTitle: string;
  expiredBody: string;
  notFoundTitle: string;
  notFoundBody: string;
}

export const texts: Record<Language, Texts> = {
  en: {
    sandboxLabel: 'Sandbox',
    sandboxNotice:
      'This is a local test stand-in for Google, Microsoft and Apple sign-in. No real account is used: any email address and name will sign you in.',
    signInTitle: 'Sign in',
    chooseTitle: 'Choose a sandbox identity',
    chooseIntro: 'Which sign-in do you want to try?',
    continueWith: (provider) => `Continue with ${provider}`,
    signInAs: (provider) => `Signing in with a sandbox ${provider} identity`,
    emailLabel: 'Email address',
    nameLabel: 'Name',
    emailHint: 'Change it to sign in as someone else.',
    emailInvalid: 'Enter an email address such as name@example.com.',
    nameRequired: 'Enter a name.',
    nameTooLong: 'Use at most 100 characters.',
    fixErrors: 'Please correct the fields below.',
    continueButton: 'Continue',
    cancelButton: 'Cancel',
    otherIdentity: 'Use another sandbox identity',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out of the sandbox identity provider?',
    signingOut: 'Signing you out…',
    signOutYes: 'Yes, sign me out',
    signOutNo: 'No, stay signed in',
    signedOutTitle: 'You have signed out',
    signedOutBody: 'You have signed out of the sandbox identity provider. You can close this page.',
    errorTitle: 'Something went wrong',
    errorBody:
      'The sandbox identity provider could not complete this request. Go back to the app and try again.',
    errorDetails: 'Details',
    expiredTitle: 'This sign-in page has expired',
    expiredBody: 'Go back to the app and sign in again.',
    notFoundTitle: 'Page not found',
    notFoundBody: 'The sandbox identity provider has no page at this address.',
  },
  vi: {
    sandboxLabel: 'Sandbox',
    sandboxNotice:
      'Đây là môi trường thử nghiệm cục bộ thay cho đăng nhập bằng Google, Microsoft và Apple. Không dùng tài khoản thật: bạn có thể đăng nhập bằng bất kỳ địa chỉ email và tên nào.',
    signInTitle: 'Đăng nhập',
    chooseTitle: 'Chọn một danh tính sandbox',
    chooseIntro: 'Bạn muốn thử cách đăng nhập nào?',
    continueWith: (provider) => `Tiếp tục với ${provider}`,
    signInAs: (provider) => `Đăng nhập bằng danh tính ${provider} sandbox`,
    emailLabel: 'Địa chỉ email',
    nameLabel: 'Tên',
    emailHint: 'Đổi địa chỉ này để đăng nhập với tư cách người khác.',
    emailInvalid: 'Hãy nhập địa chỉ email, ví dụ name@example.com.',
    nameRequired: 'Hãy nhập tên.',
    nameTooLong: 'Tên chỉ được dài tối đa 100 ký tự.',
    fixErrors: 'Vui lòng sửa các trường bên dưới.',
    continueButton: 'Tiếp tục',
    cancelButton: 'Hủy',
    otherIdentity: 'Dùng danh tính sandbox khác',
    signOutTitle: 'Đăng xuất',
    signOutQuestion: 'Bạn có muốn đăng xuất khỏi nhà cung cấp danh tính sandbox không?',
    signingOut: 'Đang đăng xuất…',
    signOutYes: 'Có, đăng xuất',
    signOutNo: 'Không, giữ đăng nhập',
    signedOutTitle: 'Bạn đã đăng xuất',
    signedOutBody:
      'Bạn đã đăng xuất khỏi nhà cung cấp danh tính sandbox. Bạn có thể đóng trang này.',
    errorTitle: 'Đã xảy ra lỗi',
    errorBody:
      'Nhà cung cấp danh tính sandbox không thể hoàn tất yêu cầu này. Hãy quay lại ứng dụng và thử lại.',
    errorDetails: 'Chi tiết',
    expiredTitle: 'Trang đăng nhập này đã hết hạn',
    expiredBody: 'Hãy quay lại ứng dụng và đăng nhập lại.',
    notFoundTitle: 'Không tìm thấy trang',
    notFoundBody: 'Nhà cung cấp danh tính sandbox không có trang nào ở địa chỉ này.',
  },
};

function languageOf(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split('-', 1)[0];
  return primary === 'vi' ? 'vi' : primary === 'en' ? 'en' : null;
}

/** Accept-Language entries, best first (ties keep the header's order). */
function acceptedTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** `ui_locales` (space-separated, in order of preference) first, then Accept-Language, then English. */
export function pickLanguage(uiLocales: unknown, acceptLanguage: string | undefined): Language {
  const requested = typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : [];
  for (const tag of [...requested, ...acceptedTags(acceptLanguage ?? '')]) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}
