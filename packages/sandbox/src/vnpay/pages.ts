import { escapeHtml } from '../identity/pages.ts';
import { pageDocument } from '../exchange.ts';
import type { PaymentRequest } from './payment-request.ts';
import { vnpayDeliveries, vnpayOutcomes } from './outcomes.ts';
import { vnpayTexts, type VnpayTexts } from './texts.ts';

/**
 * The emulator's HTML: inline style only (the CSP allows no script and no remote asset) and
 * system colours, so the page follows the visitor's light or dark setting with readable contrast.
 */

const style = `
:root { color-scheme: light dark; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: Canvas; color: CanvasText; }
main { max-width: 30rem; margin: 3rem auto; padding: 1.5rem; border: 1px solid GrayText; border-radius: 0.5rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0 1rem; }
.badge { display: inline-block; margin: 0; padding: 0.1rem 0.6rem; border: 2px solid CanvasText; border-radius: 1rem; font-weight: 700; letter-spacing: 0.05em; text-transform: uppercase; font-size: 0.8rem; }
.notice, .hint { font-size: 0.9rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; word-break: break-word; }
.amount { font-size: 1.25rem; font-weight: 700; }
fieldset { border: 1px solid GrayText; border-radius: 0.5rem; margin: 1rem 0 0; }
legend { font-weight: 600; padding: 0 0.25rem; }
label { display: block; font-weight: 600; margin-top: 1rem; }
select { font: inherit; padding: 0.4rem; margin-top: 0.25rem; max-width: 100%; }
.choices { display: grid; gap: 0.5rem; }
button { font: inherit; padding: 0.5rem 1.25rem; cursor: pointer; text-align: start; }
button:focus-visible, select:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
.problem { font-weight: 600; }
`;

function layout(t: VnpayTexts, title: string, body: string): string {
  return pageDocument({ lang: t.htmlLang, title, badge: `VNPay ${t.sandboxLabel}`, style, body });
}

/** VND for people: 578.000 ₫ in Vietnamese, ₫578,000 in English. */
export function formatVnd(amountTimes100: string, locale: 'vn' | 'en'): string {
  const dong = Number(BigInt(amountTimes100) / 100n);
  return new Intl.NumberFormat(locale === 'vn' ? 'vi-VN' : 'en-US', {
    style: 'currency',
    currency: 'VND',
  }).format(dong);
}

export interface PaymentPageInput {
  request: PaymentRequest;
  /** Where the form posts (the page's own path). */
  action: string;
  /** The original query string, carried back so the post is verified again. */
  query: string;
}

export function paymentPage(input: PaymentPageInput): string {
  const { request } = input;
  const t = vnpayTexts[request.locale];
  const buttons = vnpayOutcomes
    .map(
      (outcome) =>
        `<button type="submit" name="outcome" value="${outcome}">${escapeHtml(t.outcomes[outcome])}</button>`,
    )
    .join('\n');
  const options = vnpayDeliveries
    .map(
      (delivery) =>
        `<option value="${delivery}"${delivery === 'ipn_first' ? ' selected' : ''}>${escapeHtml(
          t.deliveries[delivery],
        )}</option>`,
    )
    .join('\n');
  const body = `<h1>${escapeHtml(t.pageTitle)}</h1>
<p class="notice">${escapeHtml(t.sandboxNotice)}</p>
<dl>
<dt>${escapeHtml(t.amountLabel)}</dt><dd class="amount">${escapeHtml(formatVnd(request.amount, request.locale))}</dd>
<dt>${escapeHtml(t.orderInfoLabel)}</dt><dd>${escapeHtml(request.orderInfo)}</dd>
<dt>${escapeHtml(t.merchantLabel)}</dt><dd>${escapeHtml(request.tmnCode)}</dd>
<dt>${escapeHtml(t.referenceLabel)}</dt><dd>${escapeHtml(request.txnRef)}</dd>
</dl>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="query" value="${escapeHtml(input.query)}">
<label for="delivery">${escapeHtml(t.deliveryLabel)}</label>
<select id="delivery" name="delivery" aria-describedby="delivery-hint">
${options}
</select>
<p class="hint" id="delivery-hint">${escapeHtml(t.deliveryHint)}</p>
<fieldset>
<legend>${escapeHtml(t.outcomeLegend)}</legend>
<div class="choices">
${buttons}
</div>
</fieldset>
</form>`;
  return layout(t, t.pageTitle, body);
}

/** A refused request: HTTP 200 with the problem named, as the real gateway answers. */
export function errorPage(locale: 'vn' | 'en', problem: string): string {
  const t = vnpayTexts[locale];
  return layout(
    t,
    t.errorTitle,
    `<h1>${escapeHtml(t.errorTitle)}</h1>
<p>${escapeHtml(t.errorIntro)}</p>
<p class="problem" role="alert">${escapeHtml(problem)}</p>`,
  );
}

export function notFoundPage(): string {
  const t = vnpayTexts.en;
  return layout(
    t,
    t.notFoundTitle,
    `<h1>${escapeHtml(t.notFoundTitle)}</h1>\n<p>${escapeHtml(t.notFoundBody)}</p>`,
  );
}
