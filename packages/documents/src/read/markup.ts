/**
 * A small, forgiving parser for the markup the readers meet: Office XML parts (a slide, a
 * relationship list, [Content_Types].xml) and mammoth's HTML. No DTDs, no external entities (so
 * nothing to expand or fetch), a cap on nesting; enough for well-formed machine-written markup.
 */
import { DocumentError } from '../safety/document-error.ts';

export interface MarkupElement {
  name: string;
  attributes: Record<string, string>;
  children: MarkupNode[];
}
export type MarkupNode = MarkupElement | string;

const voidHtmlElements = new Set([
  'br',
  'hr',
  'img',
  'meta',
  'link',
  'input',
  'col',
  'area',
  'base',
  'wbr',
]);
const maxDepth = 256;

const namedEntities: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number.parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return namedEntities[entity.toLowerCase()] ?? whole;
  });
}

const attributePattern = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(attributePattern)) {
    const [, name, double, single, bare] = match;
    if (name) attributes[name] = decodeEntities(double ?? single ?? bare ?? '');
  }
  return attributes;
}

/** The markup as a tree under a root named '#root'. */
export function parseMarkup(source: string, options: { html?: boolean } = {}): MarkupElement {
  const root: MarkupElement = { name: '#root', attributes: {}, children: [] };
  const stack: MarkupElement[] = [root];
  const current = () => stack[stack.length - 1] ?? root;
  const addText = (text: string) => {
    if (text) current().children.push(decodeEntities(text));
  };
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('<', at);
    if (open < 0) {
      addText(source.slice(at));
      break;
    }
    addText(source.slice(at, open));
    if (source.startsWith('<!--', open)) {
      const end = source.indexOf('-->', open + 4);
      at = end < 0 ? source.length : end + 3;
      continue;
    }
    if (source.startsWith('<![CDATA[', open)) {
      const end = source.indexOf(']]>', open + 9);
      current().children.push(source.slice(open + 9, end < 0 ? source.length : end));
      at = end < 0 ? source.length : end + 3;
      continue;
    }
    const close = source.indexOf('>', open + 1);
    if (close < 0) throw new DocumentError('malformed', 'The file holds damaged markup.');
    const tag = source.slice(open + 1, close);
    at = close + 1;
    if (tag.startsWith('?') || tag.startsWith('!')) continue;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const index = stack.map((element) => element.name).lastIndexOf(name);
      if (index > 0) stack.length = index;
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const nameEnd = body.search(/[\s/]/);
    const rawName = nameEnd < 0 ? body : body.slice(0, nameEnd);
    const name = options.html ? rawName.toLowerCase() : rawName;
    const element: MarkupElement = {
      name,
      attributes: nameEnd < 0 ? {} : parseAttributes(body.slice(nameEnd)),
      children: [],
    };
    current().children.push(element);
    if (!selfClosing && !(options.html && voidHtmlElements.has(name))) {
      if (stack.length > maxDepth) {
        throw new DocumentError('malformed', 'The file nests its markup too deeply to read.');
      }
      stack.push(element);
    }
  }
  return root;
}

export const isElement = (node: MarkupNode): node is MarkupElement => typeof node !== 'string';

export const childElements = (element: MarkupElement, name?: string): MarkupElement[] =>
  element.children.filter(
    (node): node is MarkupElement => isElement(node) && (name === undefined || node.name === name),
  );

export const firstChild = (element: MarkupElement, name: string): MarkupElement | undefined =>
  childElements(element, name)[0];

/** Elements of that name anywhere under the element, in document order. */
export function descendants(element: MarkupElement, name: string): MarkupElement[] {
  const found: MarkupElement[] = [];
  const visit = (parent: MarkupElement) => {
    for (const child of parent.children) {
      if (!isElement(child)) continue;
      if (child.name === name) found.push(child);
      visit(child);
    }
  };
  visit(element);
  return found;
}

/** The text under an element, as it stands. */
export function textContent(node: MarkupNode): string {
  if (!isElement(node)) return node;
  return node.children.map(textContent).join('');
}
