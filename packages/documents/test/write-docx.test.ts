import { strFromU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeDocx } from '../src/index.ts';
import {
  codeSample,
  reportLink,
  reportModel,
  reportTitle,
  revenueTable,
} from './fixtures/write-models.ts';

describe('writeDocx', () => {
  let file: Buffer;
  let html: string;
  let entries: Record<string, Uint8Array>;
  const xml = (name: string): string => {
    const entry = entries[name];
    if (!entry) throw new Error(`${name} is missing`);
    return strFromU8(entry);
  };

  beforeAll(async () => {
    file = await writeDocx(reportModel, { language: 'vi-VN' });
    html = (await mammoth.convertToHtml({ buffer: file })).value;
    entries = unzipSync(file);
  });

  it('writes headings in heading styles a reader sees as h1 and h2, diacritics exact', () => {
    expect(html).toContain(`<h1>${reportTitle}</h1>`);
    expect(html).toContain('<h2>Những điểm chính</h2>');
    expect(html).toContain('<h2>Số liệu theo chi nhánh</h2>');
    // Word's navigation pane reads the outline level of the heading styles.
    expect(xml('word/styles.xml')).toMatch(/w:styleId="Heading2".*?<w:outlineLvl w:val="1"\/>/s);
  });

  it('keeps bold, italic and links to the web and mail, and drops a file: link to its text', () => {
    expect(html).toContain('<strong>mạnh mẽ</strong>');
    expect(html).toContain('<em>khách hàng mới</em>');
    expect(html).toContain(`<a href="${reportLink.replace('&', '&amp;')}">báo cáo chi tiết</a>`);
    expect(html).toContain('<a href="mailto:ketoan@example.vn">phòng kế toán</a>');
    expect(html).toContain('hoặc tệp nội bộ.');
    expect(html).not.toContain('file:');
  });

  it('nests the lists on Word numbering, bulleted and numbered', () => {
    expect(html).toContain(
      '<ul><li>Khu vực nội thành<ul><li>Quận Hoàn Kiếm dẫn đầu</li><li>Quận Đống Đa ổn định</li></ul></li><li>Khu vực ngoại thành</li></ul>',
    );
    expect(html).toContain('<ol><li>Bước một<ol><li>Bước con</li></ol></li><li>Bước hai</li></ol>');
  });

  it('writes the table with its cells and a repeating header row', () => {
    const cells = [...html.matchAll(/<t[dh]><p>(.*?)<\/p><\/t[dh]>/g)].map((match) =>
      (match[1] ?? '').replace(/<\/?strong>/g, ''),
    );
    expect(cells).toEqual(revenueTable.rows.flat());
    expect(html).toMatch(
      /<thead><tr><th><p><strong>Chi nhánh<\/strong><\/p><\/th>.*?<\/tr><\/thead><tbody><tr><td><p>Hoàn Kiếm/,
    );
  });

  it('writes code in a monospace paragraph with its spaces and lines', () => {
    const document = xml('word/document.xml');
    const [first, second] = codeSample.split('\n');
    expect(document).toContain(`<w:t xml:space="preserve">${first}</w:t>`);
    expect(document).toContain(
      `<w:br/><w:t xml:space="preserve">${(second ?? '').replace('>', '&gt;')}</w:t>`,
    );
    expect(document).toMatch(/w:ascii="Courier New"[^]*?const tổng/);
  });

  it('starts the second page part on a new page', () => {
    expect(xml('word/document.xml')).toMatch(
      /<w:pageBreakBefore\/>.*?<w:t xml:space="preserve">Số liệu theo chi nhánh<\/w:t>/,
    );
    expect(xml('word/document.xml').match(/<w:pageBreakBefore\/>/g)).toHaveLength(1);
  });

  it('sets the title, language and creator', () => {
    const core = xml('docProps/core.xml');
    expect(core).toContain(`<dc:title>${reportTitle}</dc:title>`);
    expect(core).toContain('<dc:creator>AI Studio</dc:creator>');
    expect(core).toContain('<dc:language>vi-VN</dc:language>');
    expect(xml('word/styles.xml')).toContain('<w:lang w:val="vi-VN"/>');
  });

  it('holds no macros, fields or external references but its hyperlinks', () => {
    const names = Object.keys(entries);
    expect(names.some((name) => /vbaProject|vbaData|\.bin$/i.test(name))).toBe(false);
    expect(xml('[Content_Types].xml')).not.toMatch(/macroEnabled/i);
    const externals = names
      .filter((name) => name.endsWith('.rels'))
      .flatMap((name) => xml(name).match(/<Relationship [^>]*TargetMode="External"[^>]*>/g) ?? []);
    expect(externals).toHaveLength(2);
    for (const relationship of externals)
      expect(relationship).toContain('relationships/hyperlink"');
    const bodyParts = names.filter((name) => name.startsWith('word/') && name.endsWith('.xml'));
    for (const name of bodyParts) {
      expect(xml(name)).not.toMatch(/<w:instrText|<w:fldSimple|attachedTemplate|<w:altChunk/);
    }
  });
});
