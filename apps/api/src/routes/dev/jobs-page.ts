import type { LanguageCode } from '@studio/contracts';
import { escapeHtml } from '../../http/html.ts';
import type { JobView } from '../../jobs/job-queue.ts';
import { devPage, utcDateTime } from './dev-page.ts';

const texts: Record<
  LanguageCode,
  {
    title: string;
    intro: string;
    empty: string;
    columns: { kind: string; owner: string; error: string; attempts: string; when: string };
    product: string;
    mailbox: string;
    otherLanguage: { code: LanguageCode; name: string };
    locale: string;
  }
> = {
  en: {
    title: 'Failed jobs (development)',
    intro:
      'Background jobs that used up their attempts, newest first. They stay here (and in the queue) for a week. This page exists only in development.',
    empty: 'No failed job.',
    columns: {
      kind: 'Kind',
      owner: 'Owner',
      error: 'Error',
      attempts: 'Attempts',
      when: 'Failed at',
    },
    product: 'the product',
    mailbox: 'Mailbox',
    otherLanguage: { code: 'vi', name: 'Tiếng Việt' },
    locale: 'en-US',
  },
  vi: {
    title: 'Tác vụ thất bại (môi trường phát triển)',
    intro:
      'Các tác vụ nền đã dùng hết số lần thử, mới nhất ở trên cùng. Chúng được giữ ở đây (và trong hàng đợi) một tuần. Trang này chỉ có trong môi trường phát triển.',
    empty: 'Không có tác vụ nào thất bại.',
    columns: {
      kind: 'Loại',
      owner: 'Chủ sở hữu',
      error: 'Lỗi',
      attempts: 'Số lần thử',
      when: 'Thất bại lúc',
    },
    product: 'sản phẩm',
    mailbox: 'Hộp thư',
    otherLanguage: { code: 'en', name: 'English' },
    locale: 'vi-VN',
  },
};

function renderRow(job: JobView, t: (typeof texts)[LanguageCode]): string {
  const when = job.finishedAt ?? job.createdAt;
  const date = utcDateTime(t.locale, when);
  return `<tr>
<td><code>${escapeHtml(job.kind)}</code><br><small>${escapeHtml(job.id)}</small></td>
<td>${job.ownerId ? escapeHtml(job.ownerId) : `<em>${t.product}</em>`}</td>
<td><pre>${escapeHtml(job.error ?? '')}</pre></td>
<td>${job.attempts}</td>
<td><time datetime="${when.toISOString()}">${escapeHtml(date)} UTC</time></td>
</tr>`;
}

/** The failed set, server-rendered without script beside the mailbox (it reuses its styles). */
export function failedJobsPage(language: LanguageCode, jobs: JobView[]): string {
  const t = texts[language];
  const other = t.otherLanguage;
  const c = t.columns;
  return devPage({
    language,
    title: t.title,
    intro: t.intro,
    nav: `<a href="?lang=${other.code}" lang="${other.code}" hreflang="${other.code}">${other.name}</a> · <a href="/dev/mailbox?lang=${language}">${t.mailbox}</a>`,
    main:
      jobs.length === 0
        ? `<p>${t.empty}</p>`
        : `<table>
<thead><tr><th scope="col">${c.kind}</th><th scope="col">${c.owner}</th><th scope="col">${c.error}</th><th scope="col">${c.attempts}</th><th scope="col">${c.when}</th></tr></thead>
<tbody>
${jobs.map((job) => renderRow(job, t)).join('\n')}
</tbody>
</table>`,
  });
}
