import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/**
 * pptxgenjs 4.0.1 writes a paragraph's properties again before each of its runs after the first
 * (`<a:p><a:pPr/><a:r/><a:pPr/><a:r/></a:p>`). The schema allows one `a:pPr`, first, and
 * PowerPoint 2016 asks to repair such a file (gitbrent/PptxGenJS#1083, not merged). This keeps
 * the first and drops the rest.
 */
export function oneParagraphProperties(xml: string): string {
  return xml.replace(/<a:p>([^]*?)<\/a:p>/g, (paragraph: string, inner: string) => {
    const firstContent = inner.search(/<a:(?:r|br|fld)\b/);
    if (firstContent < 0) return paragraph;
    const rest = inner
      .slice(firstContent)
      .replace(/<a:pPr\b[^>]*\/>|<a:pPr\b[^>]*>[^]*?<\/a:pPr>/g, '');
    return `<a:p>${inner.slice(0, firstContent)}${rest}</a:p>`;
  });
}

/** The deck with every slide's paragraphs fixed as above. */
export function withOneParagraphProperties(file: Uint8Array): Buffer {
  const entries = unzipSync(file);
  for (const [name, bytes] of Object.entries(entries)) {
    if (/^ppt\/slides\/slide\d+\.xml$/.test(name)) {
      entries[name] = strToU8(oneParagraphProperties(strFromU8(bytes)));
    }
  }
  return Buffer.from(zipSync(entries, { level: 6 }));
}
