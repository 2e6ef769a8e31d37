import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { writePptx, type DocumentModel } from '../src/index.ts';
import { oneParagraphProperties } from '../src/write/pptx-paragraphs.ts';
import { reportLink, reportModel, reportTitle, revenueTable } from './fixtures/write-models.ts';

interface Deck {
  entries: Record<string, Uint8Array>;
  slides: string[];
}

function readDeck(file: Buffer): Deck {
  const entries = unzipSync(file);
  const slides: string[] = [];
  for (let number = 1; entries[`ppt/slides/slide${number}.xml`]; number++) {
    slides.push(strFromU8(entries[`ppt/slides/slide${number}.xml`] ?? new Uint8Array()));
  }
  return { entries, slides };
}

const unescapeXml = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const texts = (xml: string): string[] =>
  [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((match) => unescapeXml(match[1] ?? ''));
/** The text of a slide's shape named "Title", if it has one. */
const title = (slide: string): string =>
  texts(
    (slide.match(/<p:sp>.*?<\/p:sp>/gs) ?? []).find((shape) => shape.includes('name="Title"')) ??
      '',
  ).join('');
const paragraphs = (slide: string): string[] => slide.match(/<a:p>.*?<\/a:p>/gs) ?? [];
const paragraphOf = (slide: string, text: string): string =>
  paragraphs(slide).find((paragraph) => texts(paragraph).join('') === text) ?? '';

describe('writePptx', () => {
  let deck: Deck;

  beforeAll(async () => {
    deck = readDeck(await writePptx(reportModel, { language: 'vi-VN' }));
  });

  it('makes a title slide, then a slide per part titled by its first heading', () => {
    expect(deck.slides).toHaveLength(4);
    const presentation = strFromU8(deck.entries['ppt/presentation.xml'] ?? new Uint8Array());
    expect(presentation.match(/<p:sldId /g)).toHaveLength(4);
    expect(deck.slides.map(title)).toEqual([
      reportTitle,
      reportTitle,
      'Số liệu theo chi nhánh',
      'Số liệu theo chi nhánh (tiếp theo)',
    ]);
  });

  it('writes lists as bullets and numbers with their levels, a link as a hyperlink', () => {
    const [, slide = ''] = deck.slides;
    const top = paragraphOf(slide, 'Khu vực nội thành');
    const nested = paragraphOf(slide, 'Quận Hoàn Kiếm dẫn đầu');
    expect(top).toContain('<a:buChar char="&#x2022;"/>');
    expect(top).not.toContain('lvl=');
    expect(nested).toContain('lvl="1"');
    expect(nested).toContain('<a:buChar char="&#x25E6;"/>');
    expect(paragraphOf(slide, 'Bước con')).toMatch(
      /lvl="1".*buAutoNum type="arabicPeriod" startAt="1"/,
    );
    expect(paragraphOf(slide, 'Bước hai')).toMatch(/^<a:p><a:pPr marL.*startAt="2"/);
    expect(texts(slide).join('')).toContain('Doanh thu tăng mạnh mẽ nhờ khách hàng mới');
    const relationships = strFromU8(
      deck.entries['ppt/slides/_rels/slide2.xml.rels'] ?? new Uint8Array(),
    );
    expect(relationships).toContain(
      `Target="${reportLink.replace('&', '&amp;')}" TargetMode="External"`,
    );
  });

  it('writes the table as a table, and what follows it on the next slide', () => {
    const [, , tableSlide = '', after = ''] = deck.slides;
    const rows =
      (/<a:tbl>.*<\/a:tbl>/s.exec(tableSlide)?.[0] ?? '').match(/<a:tr .*?<\/a:tr>/gs) ?? [];
    expect(
      rows.map((row) =>
        (row.match(/<a:tc>.*?<\/a:tc>/gs) ?? []).map((cell) => texts(cell).join('')),
      ),
    ).toEqual(revenueTable.rows);
    expect(texts(after)).toContain('const tổng = doanhThu');
    expect(texts(after).join('')).toContain('Liên hệ phòng kế toán hoặc tệp nội bộ.');
  });

  it('sets the language on every run and one paragraph-properties element per paragraph', () => {
    for (const slide of deck.slides) {
      for (const run of slide.match(/<a:rPr [^>]*>/g) ?? []) expect(run).toContain('lang="vi-VN"');
      for (const paragraph of paragraphs(slide)) {
        expect(paragraph.match(/<a:pPr\b/g)?.length ?? 0).toBeLessThanOrEqual(1);
        if (paragraph.includes('<a:pPr')) expect(paragraph).toMatch(/^<a:p><a:pPr\b/);
      }
    }
  });

  it('holds no macros and no external references but hyperlinks', () => {
    const names = Object.keys(deck.entries);
    expect(names.some((name) => /vbaProject|\.bin$/i.test(name))).toBe(false);
    expect(strFromU8(deck.entries['[Content_Types].xml'] ?? new Uint8Array())).not.toMatch(
      /macroEnabled/i,
    );
    const externals = names
      .filter((name) => name.endsWith('.rels'))
      .flatMap(
        (name) =>
          strFromU8(deck.entries[name] ?? new Uint8Array()).match(
            /<Relationship [^>]*TargetMode="External"[^>]*>/g,
          ) ?? [],
      );
    expect(externals.length).toBe(2);
    for (const relationship of externals)
      expect(relationship).toContain('relationships/hyperlink"');
  });

  it('cuts a document into a slide per top-level section and a long table over slides', async () => {
    const model: DocumentModel = {
      format: 'md',
      title: null,
      parts: [
        {
          ref: { kind: 'section', number: 1, name: null },
          source: 'text',
          blocks: [
            { type: 'paragraph', spans: [{ text: 'Lời mở đầu' }] },
            { type: 'heading', level: 2, spans: [{ text: 'Một' }] },
            { type: 'heading', level: 3, spans: [{ text: 'Một phẩy một' }] },
            { type: 'heading', level: 2, spans: [{ text: 'Hai' }] },
            {
              type: 'table',
              header: true,
              rows: [
                ['STT', 'Tên'],
                ...Array.from({ length: 25 }, (_, index) => [`${index + 1}`, `Dòng ${index + 1}`]),
              ],
            },
          ],
        },
      ],
    };
    const { slides } = readDeck(await writePptx(model));
    expect(slides.map(title)).toEqual(['', 'Một', 'Hai', 'Hai (continued)', 'Hai (continued)']);
    expect(texts(slides[0] ?? '')).toEqual(['Lời mở đầu']);
    expect(texts(slides[1] ?? '')).toEqual(['Một', 'Một phẩy một']);
    const tableSlides = slides.slice(2);
    const bodyRows = tableSlides.flatMap((slide) => {
      const rows = slide.match(/<a:tr .*?<\/a:tr>/gs) ?? [];
      expect(texts(rows[0] ?? '')).toEqual(['STT', 'Tên']);
      return rows.slice(1).map((row) => texts(row)[1]);
    });
    expect(bodyRows).toEqual(Array.from({ length: 25 }, (_, index) => `Dòng ${index + 1}`));
  });

  it('keeps the first paragraph properties of a paragraph and drops the repeats', () => {
    expect(
      oneParagraphProperties(
        '<a:p><a:pPr algn="ctr"/><a:r><a:t>a</a:t></a:r><a:pPr algn="ctr"><a:buNone/></a:pPr><a:r><a:t>b</a:t></a:r></a:p>',
      ),
    ).toBe('<a:p><a:pPr algn="ctr"/><a:r><a:t>a</a:t></a:r><a:r><a:t>b</a:t></a:r></a:p>');
  });
});
