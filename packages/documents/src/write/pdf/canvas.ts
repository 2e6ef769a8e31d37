import { PDFHexString, rgb, type Color, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { PageSize } from '../page-size.ts';
import { pagePoints } from '../page-size.ts';
import type { FaceName, PdfFonts } from './fonts.ts';
import type { Line } from './line-breaking.ts';

/** How a run of text is drawn. The same object for the same style: line breaking joins by identity. */
export interface TextStyle {
  face: FaceName;
  size: number;
  href: string | null;
  color: Color;
}

export const colors = {
  text: rgb(0.1, 0.1, 0.12),
  heading: rgb(0.09, 0.2, 0.4),
  link: rgb(0.02, 0.3, 0.75),
  muted: rgb(0.4, 0.4, 0.45),
  rule: rgb(0.7, 0.7, 0.74),
  codeBackground: rgb(0.95, 0.95, 0.96),
  headerBackground: rgb(0.9, 0.91, 0.94),
};

/** 2 cm on every side; the footer's page number sits in the bottom margin. */
const margin = 56.7;

/** The line box for text of a size: room for DejaVu's ascent and descent, and some leading. */
export const lineHeightOf = (size: number): number => size * 1.35;

/** The largest text on a line sets its height; an empty line is as tall as `emptySize` text. */
const lineSize = (line: Line<TextStyle>, emptySize: number): number =>
  line.runs.length > 0 ? Math.max(...line.runs.map((run) => run.style.size)) : emptySize;

/**
 * The pages being written and the place on the current one: blocks ask for room (`ensure`), draw,
 * and move down; a new page starts when the room runs out. Links become URI annotations over
 * their text, and every page gets its number once the count is known.
 */
export class PdfCanvas {
  readonly left = margin;
  readonly width: number;
  private readonly pageWidth: number;
  private readonly pageHeight: number;
  private readonly pages: PDFPage[] = [];
  private current: PDFPage;
  /** The top of the free space on the current page, in PDF points from the bottom. */
  y = 0;
  private drawnOnPage = false;
  private readonly styles = new Map<string, TextStyle>();

  constructor(
    private readonly document: PDFDocument,
    readonly fonts: PdfFonts,
    pageSize: PageSize,
  ) {
    const { width, height } = pagePoints[pageSize];
    this.pageWidth = width;
    this.pageHeight = height;
    this.width = width - 2 * margin;
    this.current = this.addPage();
  }

  /** One style object per face, size, link and colour. */
  style(
    face: FaceName,
    size: number,
    href: string | null = null,
    color: Color = colors.text,
  ): TextStyle {
    const key = `${face}|${size}|${href ?? ''}|${JSON.stringify(color)}`;
    let style = this.styles.get(key);
    if (!style) {
      style = { face, size, href, color: href ? colors.link : color };
      this.styles.set(key, style);
    }
    return style;
  }

  measure = (text: string, style: TextStyle): number =>
    this.fonts.measure(text, style.face, style.size);

  private addPage(): PDFPage {
    const page = this.document.addPage([this.pageWidth, this.pageHeight]);
    this.pages.push(page);
    this.y = this.pageHeight - margin;
    this.drawnOnPage = false;
    return page;
  }

  get atPageTop(): boolean {
    return !this.drawnOnPage;
  }

  /** The height free for content on an empty page. */
  get pageRoom(): number {
    return this.pageHeight - 2 * margin;
  }

  get room(): number {
    return this.y - margin;
  }

  newPage(): void {
    this.current = this.addPage();
  }

  /** A new page unless `height` fits on this one (or this one is still empty). */
  ensure(height: number): void {
    if (height > this.room && this.drawnOnPage) this.newPage();
  }

  /** Vertical space between blocks, dropped at the top of a page. */
  space(points: number): void {
    if (this.drawnOnPage) this.y = Math.max(margin, this.y - points);
  }

  /** Draws a line of runs with its top at the current place (on a new page if it must), then moves below it. */
  drawLine(line: Line<TextStyle>, x: number, emptySize = 11): void {
    this.ensure(lineHeightOf(lineSize(line, emptySize)));
    this.drawLineHere(line, x, emptySize);
  }

  /** The same where the caller has made room (a table's band). */
  drawLineHere(line: Line<TextStyle>, x: number, emptySize = 11): void {
    const size = lineSize(line, emptySize);
    const baseline = this.y - size * 1.05;
    let cursor = x;
    for (const run of line.runs) {
      this.drawText(run.text, cursor, baseline, run.style);
      cursor += run.width;
    }
    this.linkRuns(line, x, baseline);
    this.y -= lineHeightOf(size);
    this.drawnOnPage = true;
  }

  drawText(text: string, x: number, baseline: number, style: TextStyle): void {
    if (!text.trim()) return;
    this.current.drawText(text, {
      x,
      y: baseline,
      size: style.size,
      font: this.fonts.font(style.face),
      color: style.color,
    });
    this.drawnOnPage = true;
  }

  fillRect(x: number, top: number, width: number, height: number, color: Color): void {
    this.current.drawRectangle({ x, y: top - height, width, height, color });
    this.drawnOnPage = true;
  }

  strokeRect(x: number, top: number, width: number, height: number): void {
    this.current.drawRectangle({
      x,
      y: top - height,
      width,
      height,
      borderColor: colors.rule,
      borderWidth: 0.5,
    });
  }

  /** Neighbouring runs with the same link share one annotation, underlined. */
  private linkRuns(line: Line<TextStyle>, x: number, baseline: number): void {
    const links: { href: string; x: number; width: number; size: number }[] = [];
    let cursor = x;
    let previous: string | null = null;
    for (const run of line.runs) {
      const { href, size } = run.style;
      const last = links.at(-1);
      if (href && last && previous === href) last.width += run.width;
      else if (href) links.push({ href, x: cursor, width: run.width, size });
      previous = href;
      cursor += run.width;
    }
    for (const link of links) this.addLink(link.href, link.x, baseline, link.width, link.size);
  }

  private addLink(href: string, x: number, baseline: number, width: number, size: number): void {
    this.current.drawLine({
      start: { x, y: baseline - size * 0.12 },
      end: { x: x + width, y: baseline - size * 0.12 },
      thickness: size * 0.05,
      color: colors.link,
    });
    const { context } = this.document;
    // A hex string: a URI is ASCII (the URL parser already percent-encoded it), and hex needs
    // no escaping of the parentheses and backslashes a literal string would.
    const uri = PDFHexString.of(Buffer.from(href, 'latin1').toString('hex'));
    const annotation = context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [x, baseline - size * 0.25, x + width, baseline + size * 0.95],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: uri },
    });
    this.current.node.addAnnot(context.register(annotation));
  }

  /** Page numbers, "n / total", centred in every page's bottom margin. */
  numberPages(): void {
    const size = 9;
    const font = this.fonts.font('regular');
    this.pages.forEach((page, index) => {
      const label = `${index + 1} / ${this.pages.length}`;
      page.drawText(label, {
        x: (this.pageWidth - font.widthOfTextAtSize(label, size)) / 2,
        y: margin / 2,
        size,
        font,
        color: colors.muted,
      });
    });
  }
}
