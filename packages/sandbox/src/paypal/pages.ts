import { escapeHtml } from '../identity/pages.ts';
import { pageDocument } from '../exchange.ts';
import type { Order } from './orders.ts';

/**
 * The approval page ("checkoutnow"): English, or Vietnamese when the order's locale starts with
 * vi. Inline style only (the CSP allows no script) and system colours for readable contrast in
 * light and dark settings.
 */

type Language = 'en' | 'vi';

const texts = {
  en: {
    sandbox: 'Sandbox',
    title: 'Pay with PayPal',
    notice:
      'This is a local PayPal emulator: no money moves. The button you choose decides what the shop’s capture will do.',
    amount: 'Total',
    merchant: 'Merchant',
    item: 'Item',
    order: 'Order',
    choices: 'How should this payment go?',
    approve: 'Pay',
    pending: 'Pay — capture pending',
    declined: 'Card declined',
    cancel: 'Cancel and return',
    advanced: 'Advanced',
    slow: 'Pay — slow capture (the first answer takes 30 s)',
    errorTitle: 'Something went wrong',
    unknownOrder: 'This order does not exist or has expired. Return to the shop and try again.',
    completedOrder: 'This order has already been paid.',
    noReturnTitle: 'Payment approved',
    noReturn: 'The shop gave no page to return to. You can close this window.',
  },
  vi: {
    sandbox: 'Thử nghiệm',
    title: 'Thanh toán bằng PayPal',
    notice:
      'Đây là trình giả lập PayPal cục bộ: không có tiền thật nào được chuyển. Nút bạn chọn quyết định kết quả khi cửa hàng thu tiền.',
    amount: 'Tổng cộng',
    merchant: 'Người bán',
    item: 'Mặt hàng',
    order: 'Đơn hàng',
    choices: 'Thanh toán này sẽ diễn ra thế nào?',
    approve: 'Thanh toán',
    pending: 'Thanh toán — chờ xử lý',
    declined: 'Thẻ bị từ chối',
    cancel: 'Hủy và quay lại',
    advanced: 'Nâng cao',
    slow: 'Thanh toán — thu tiền chậm (phản hồi đầu tiên mất 30 giây)',
    errorTitle: 'Đã xảy ra lỗi',
    unknownOrder: 'Đơn hàng này không tồn tại hoặc đã hết hạn. Hãy quay lại cửa hàng và thử lại.',
    completedOrder: 'Đơn hàng này đã được thanh toán.',
    noReturnTitle: 'Đã chấp thuận thanh toán',
    noReturn: 'Cửa hàng không cung cấp trang để quay lại. Bạn có thể đóng cửa sổ này.',
  },
} as const;

const style = `
:root { color-scheme: light dark; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: Canvas; color: CanvasText; }
main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem; border: 1px solid GrayText; border-radius: 0.5rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0 1rem; }
.badge { display: inline-block; margin: 0; padding: 0.1rem 0.6rem; border: 2px solid CanvasText; border-radius: 1rem; font-weight: 700; letter-spacing: 0.05em; text-transform: uppercase; font-size: 0.8rem; }
.notice { font-size: 0.9rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; word-break: break-word; }
.amount { font-size: 1.25rem; font-weight: 700; }
fieldset { border: 1px solid GrayText; border-radius: 0.5rem; margin: 1rem 0 0; }
legend { font-weight: 600; padding: 0 0.25rem; }
.choices { display: grid; gap: 0.5rem; }
details { margin-top: 1rem; }
summary { cursor: pointer; font-weight: 600; }
button { font: inherit; padding: 0.5rem 1.25rem; cursor: pointer; }
button:focus-visible, summary:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
`;

export function languageOf(order: Order | null): Language {
  return order?.experience.locale?.toLowerCase().startsWith('vi') ? 'vi' : 'en';
}

function layout(language: Language, title: string, body: string): string {
  return pageDocument({
    lang: language,
    title,
    badge: `PayPal ${texts[language].sandbox}`,
    style,
    body,
  });
}

function money(value: string, currency: string, language: Language): string {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', {
    style: 'currency',
    currency,
  }).format(Number(value));
}

export function approvalPage(order: Order, action: string): string {
  const language = languageOf(order);
  const t = texts[language];
  const unit = order.purchaseUnits[0];
  const button = (scenario: string, label: string) =>
    `<button type="submit" name="scenario" value="${scenario}">${escapeHtml(label)}</button>`;
  const body = `<h1>${escapeHtml(t.title)}</h1>
<p class="notice">${escapeHtml(t.notice)}</p>
<dl>
<dt>${escapeHtml(t.amount)}</dt><dd class="amount">${unit ? escapeHtml(money(unit.amount.value, unit.amount.currency_code, language)) : ''}</dd>
${order.experience.brand_name ? `<dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(order.experience.brand_name)}</dd>` : ''}
${unit?.description ? `<dt>${escapeHtml(t.item)}</dt><dd>${escapeHtml(unit.description)}</dd>` : ''}
<dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(order.id)}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(order.id)}">
<fieldset>
<legend>${escapeHtml(t.choices)}</legend>
<div class="choices">
${button('approve', t.approve)}
${button('pending', t.pending)}
${button('declined', t.declined)}
${button('cancel', t.cancel)}
</div>
<details>
<summary>${escapeHtml(t.advanced)}</summary>
<div class="choices">
${button('slow', t.slow)}
</div>
</details>
</fieldset>
</form>`;
  return layout(language, t.title, body);
}

export function messagePage(
  order: Order | null,
  kind: 'unknownOrder' | 'completedOrder' | 'noReturn',
): string {
  const language = languageOf(order);
  const t = texts[language];
  const title = kind === 'noReturn' ? t.noReturnTitle : t.errorTitle;
  return layout(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p${kind === 'noReturn' ? ' role="status"' : ' role="alert"'}>${escapeHtml(t[kind])}</p>`,
  );
}
