/**
 * PPTX read from its XML (no library): slides in the order of ppt/presentation.xml's sldIdLst
 * through its relationships, a part per slide named by its title. On a slide: the title as a
 * heading; text boxes' paragraphs as list items (with their levels) when they carry a bullet or
 * sit in a body placeholder without `buNone`, else as paragraphs; tables (a:tbl) cell by cell,
 * the first row a header when the table says so (firstRow="1"); groups read in order. Speaker
 * notes are kept, as paragraphs after the slide's content, the first one labelled
 * "Speaker notes:" in italics.
 */
import type { Block, DocumentModel, DocumentPart, ListItem, Span } from '../model.ts';
import { DocumentError } from '../safety/document-error.ts';
import type { ReadLimits } from '../safety/limits.ts';
import { openZip, type ZipArchive } from '../safety/zip-archive.ts';
import {
  childElements,
  descendants,
  firstChild,
  type MarkupElement,
  parseMarkup,
  textContent,
} from './markup.ts';
import { coreTitle } from './ooxml-package.ts';
import { guessHeader } from './parts.ts';
import { makeSpan, tidySpans } from './spans.ts';

const generatorTitles = new Set(['PptxGenJS Presentation', 'PowerPoint Presentation']);

const relationshipType = (type: string) => type.slice(type.lastIndexOf('/') + 1);

interface Relationship {
  target: string;
  type: string;
  external: boolean;
}

/** A part's relationships by id, targets resolved against the part's folder. */
function relationshipsOf(zip: ZipArchive, partName: string): Map<string, Relationship> {
  const folder = partName.slice(0, partName.lastIndexOf('/') + 1);
  const file = partName.slice(partName.lastIndexOf('/') + 1);
  const xml = zip.readText(`${folder}_rels/${file}.rels`);
  const relationships = new Map<string, Relationship>();
  if (!xml) return relationships;
  for (const element of descendants(parseMarkup(xml), 'Relationship')) {
    const { Id: id, Target: target, Type: type, TargetMode: mode } = element.attributes;
    if (!id || !target) continue;
    const external = mode === 'External';
    relationships.set(id, {
      target: external ? target : resolvePartName(folder, target),
      type: relationshipType(type ?? ''),
      external,
    });
  }
  return relationships;
}

function resolvePartName(folder: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const segments = folder.split('/').filter(Boolean);
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}

function runSpans(paragraph: MarkupElement, links: Map<string, Relationship>): Span[] {
  const spans: Span[] = [];
  for (const node of childElements(paragraph)) {
    if (node.name === 'a:br') {
      spans.push({ text: ' ' });
      continue;
    }
    if (node.name !== 'a:r' && node.name !== 'a:fld') continue;
    const properties = firstChild(node, 'a:rPr');
    const text = childElements(node, 'a:t').map(textContent).join('');
    const linkId = properties && firstChild(properties, 'a:hlinkClick')?.attributes['r:id'];
    const link = linkId ? links.get(linkId) : undefined;
    spans.push(
      makeSpan(text, {
        bold: properties?.attributes.b === '1' || properties?.attributes.b === 'true',
        italic: properties?.attributes.i === '1' || properties?.attributes.i === 'true',
        href: link?.external ? link.target : undefined,
      }),
    );
  }
  return tidySpans(spans);
}

const placeholderOf = (shape: MarkupElement) => {
  const properties = firstChild(shape, 'p:nvSpPr') ?? firstChild(shape, 'p:nvGraphicFramePr');
  const nv = properties && firstChild(properties, 'p:nvPr');
  return nv && firstChild(nv, 'p:ph');
};

/** Body placeholders inherit bullets from their layout: type "body", or no type with an index. */
const isBodyPlaceholder = (placeholder: MarkupElement | undefined) =>
  placeholder !== undefined &&
  (placeholder.attributes.type === 'body' ||
    (placeholder.attributes.type === undefined && placeholder.attributes.idx !== undefined));

function textBodyBlocks(
  body: MarkupElement,
  bulletedByDefault: boolean,
  links: Map<string, Relationship>,
): Block[] {
  const blocks: Block[] = [];
  let list: { ordered: boolean; items: ListItem[] } | null = null;
  const endList = () => {
    if (list && list.items.length > 0) blocks.push({ type: 'list', ...list });
    list = null;
  };
  for (const paragraph of childElements(body, 'a:p')) {
    const spans = runSpans(paragraph, links);
    if (spans.length === 0) continue;
    const properties = firstChild(paragraph, 'a:pPr');
    const level = Number(properties?.attributes.lvl ?? '0');
    const numbered =
      properties !== undefined && firstChild(properties, 'a:buAutoNum') !== undefined;
    const bulleted =
      numbered ||
      (properties !== undefined && firstChild(properties, 'a:buChar') !== undefined) ||
      (bulletedByDefault &&
        (properties === undefined || firstChild(properties, 'a:buNone') === undefined));
    if (!bulleted) {
      endList();
      blocks.push({ type: 'paragraph', spans });
      continue;
    }
    if (list && level === 0 && list.ordered !== numbered) endList();
    list ??= { ordered: numbered, items: [] };
    list.items.push({ depth: Number.isFinite(level) ? Math.max(0, Math.min(level, 8)) : 0, spans });
  }
  endList();
  return blocks;
}

function tableBlock(table: MarkupElement): Block | null {
  const rows = childElements(table, 'a:tr').map((row) =>
    childElements(row, 'a:tc')
      // A cell merged into its neighbour repeats nothing: left blank.
      .map((cell) =>
        cell.attributes.hMerge === '1' || cell.attributes.vMerge === '1'
          ? ''
          : descendants(cell, 'a:p')
              .map((paragraph) => descendants(paragraph, 'a:t').map(textContent).join('').trim())
              .filter(Boolean)
              .join('\n'),
      ),
  );
  if (rows.length === 0) return null;
  const width = Math.max(...rows.map((row) => row.length));
  const properties = firstChild(table, 'a:tblPr');
  const cells = rows.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? ''));
  return {
    type: 'table',
    header: properties?.attributes.firstRow === '1' || guessHeader(cells),
    rows: cells,
  };
}

interface SlideContent {
  title: Span[] | null;
  blocks: Block[];
}

function readShapes(
  tree: MarkupElement,
  links: Map<string, Relationship>,
  content: SlideContent,
): void {
  for (const shape of childElements(tree)) {
    if (shape.name === 'p:grpSp') {
      readShapes(shape, links, content);
      continue;
    }
    if (shape.name === 'p:graphicFrame') {
      for (const table of descendants(shape, 'a:tbl')) {
        const block = tableBlock(table);
        if (block) content.blocks.push(block);
      }
      continue;
    }
    if (shape.name !== 'p:sp') continue;
    const body = firstChild(shape, 'p:txBody');
    if (!body) continue;
    const placeholder = placeholderOf(shape);
    const type = placeholder?.attributes.type;
    if ((type === 'title' || type === 'ctrTitle') && content.title === null) {
      const spans = tidySpans(
        childElements(body, 'a:p').flatMap((paragraph) => [
          ...runSpans(paragraph, links),
          { text: ' ' },
        ]),
      );
      if (spans.length > 0) {
        content.title = spans;
        continue;
      }
    }
    // Slide numbers, dates and footers are the template's, not the slide's.
    if (type === 'sldNum' || type === 'dt' || type === 'ftr') continue;
    content.blocks.push(...textBodyBlocks(body, isBodyPlaceholder(placeholder), links));
  }
}

function notesBlocks(zip: ZipArchive, notesPart: string): Block[] {
  const xml = zip.readText(notesPart);
  if (!xml) return [];
  const tree = descendants(parseMarkup(xml), 'p:spTree')[0];
  if (!tree) return [];
  const paragraphs = childElements(tree, 'p:sp')
    .filter((shape) => placeholderOf(shape)?.attributes.type === 'body')
    .flatMap((shape) => {
      const body = firstChild(shape, 'p:txBody');
      return body
        ? childElements(body, 'a:p').map((paragraph) => runSpans(paragraph, new Map()))
        : [];
    })
    .filter((spans) => spans.length > 0);
  return paragraphs.map((spans, index) => ({
    type: 'paragraph',
    spans: index === 0 ? [{ text: 'Speaker notes: ', italic: true }, ...spans] : spans,
  }));
}

/** The slides' part names in the deck's order. */
function slideOrder(zip: ZipArchive): string[] {
  const presentation = zip.readText('ppt/presentation.xml');
  if (!presentation)
    throw new DocumentError('malformed', 'The PPTX file has no presentation part.');
  const relationships = relationshipsOf(zip, 'ppt/presentation.xml');
  return descendants(parseMarkup(presentation), 'p:sldId').flatMap((slide) => {
    const id = slide.attributes['r:id'];
    const relationship = id ? relationships.get(id) : undefined;
    return relationship && relationship.type === 'slide' ? [relationship.target] : [];
  });
}

export function readPptx(bytes: Uint8Array, limits: ReadLimits): DocumentModel {
  const zip = openZip(bytes, limits);
  const slides = slideOrder(zip);
  if (slides.length > limits.maxPages) {
    throw new DocumentError(
      'too-many-pages',
      `The presentation has ${slides.length} slides, more than the ${limits.maxPages} accepted.`,
    );
  }
  const parts: DocumentPart[] = slides.map((slidePart, index) => {
    const xml = zip.readText(slidePart);
    if (xml === null)
      throw new DocumentError('malformed', `The PPTX file lacks its slide ${index + 1}.`);
    const links = relationshipsOf(zip, slidePart);
    const content: SlideContent = { title: null, blocks: [] };
    const tree = descendants(parseMarkup(xml), 'p:spTree')[0];
    if (tree) readShapes(tree, links, content);
    const notes = [...links.values()].find((link) => link.type === 'notesSlide');
    const blocks: Block[] = [
      ...(content.title
        ? [{ type: 'heading' as const, level: 1 as const, spans: content.title }]
        : []),
      ...content.blocks,
      ...(notes ? notesBlocks(zip, notes.target) : []),
    ];
    const name = content.title ? content.title.map((span) => span.text).join('') : null;
    return { ref: { kind: 'slide', number: index + 1, name }, blocks, source: 'text' };
  });
  const firstTitle = parts.find((part) => part.ref.name)?.ref.name ?? null;
  const ownTitle = coreTitle(zip);
  // Generators fill the title with their own name when the author gave none.
  const title = ownTitle && !generatorTitles.has(ownTitle) ? ownTitle : firstTitle;
  return { format: 'pptx', title, parts };
}
