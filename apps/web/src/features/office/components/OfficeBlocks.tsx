import type { OfficeBlock } from '@studio/contracts';
import { Heading } from '@studio/ui';
import { forwardRef, type ReactNode } from 'react';
import { nestListItems, type ListNode, type OfficeSpans } from '../model/blocks';
import * as styles from './office.css';

/** Only web addresses become links: a document's `javascript:` or `file:` link stays text. */
const safeHref = (href: string | undefined) =>
  href && /^(https?:|mailto:)/i.test(href) ? href : undefined;

export function Spans({ spans }: { spans: OfficeSpans }) {
  return (
    <>
      {spans.map((span, index) => {
        let node: ReactNode = span.text;
        if (span.code) node = <code>{node}</code>;
        if (span.italic) node = <em>{node}</em>;
        if (span.bold) node = <strong>{node}</strong>;
        const href = safeHref(span.href);
        if (href) {
          node = (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {node}
            </a>
          );
        }
        return <span key={index}>{node}</span>;
      })}
    </>
  );
}

function ListItems({ nodes, ordered }: { nodes: ListNode[]; ordered: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List>
      {nodes.map((node, index) => (
        <li key={index}>
          <Spans spans={node.spans} />
          {node.children.length > 0 ? <ListItems nodes={node.children} ordered={ordered} /> : null}
        </li>
      ))}
    </List>
  );
}

export interface OfficeTableProps {
  rows: readonly (readonly string[])[];
  header: boolean;
  /** Names the table's scrolling frame (it takes the keyboard, to scroll a wide table). */
  label: string;
}

/** A table in a frame of its own that scrolls sideways when it is wider than the screen. */
export function OfficeTable({ rows, header, label }: OfficeTableProps) {
  const [first, ...rest] = rows;
  const head = header && first ? first : null;
  const body = head ? rest : rows;
  return (
    // Focusable so a keyboard can scroll a table wider than the screen (axe's
    // scrollable-region-focusable); named, as a region must be.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.tableScroll} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        {head ? (
          <thead>
            <tr>
              {head.map((cell, index) => (
                <th key={index} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {body.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface OfficeBlocksProps {
  blocks: readonly OfficeBlock[];
  /** The block a citation points to: marked and given the ref, to scroll to. */
  cited?: number;
  /** Names each table ("Table 2"), by its place among the part's tables. */
  tableLabel: (index: number) => string;
  /**
   * The page's own heading level (the part's title): the document's h1 sits one under it, so
   * the page keeps one outline.
   */
  baseLevel?: 2 | 3 | 4;
}

const headingElements = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/**
 * A part's blocks as the page shows them: headings (under the page's own), paragraphs with
 * bold, italic, code and links, lists nested by depth, tables that scroll on a phone, code.
 */
function BlockContent({
  block,
  baseLevel,
  tableName,
}: {
  block: OfficeBlock;
  baseLevel: number;
  tableName: string;
}) {
  switch (block.type) {
    case 'heading': {
      const element = Math.min(6, baseLevel + block.level);
      return (
        <Heading level={element <= 3 ? 3 : 4} as={headingElements[element - 1] ?? 'h6'}>
          <Spans spans={block.spans} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <p>
          <Spans spans={block.spans} />
        </p>
      );
    case 'list':
      return <ListItems nodes={nestListItems(block.items)} ordered={block.ordered} />;
    case 'table':
      return <OfficeTable rows={block.rows} header={block.header} label={tableName} />;
    case 'code':
      return (
        <pre>
          <code>{block.text}</code>
        </pre>
      );
  }
}

/**
 * A part's blocks as the page shows them: headings (under the page's own), paragraphs with
 * bold, italic, code and links, lists nested by depth, tables that scroll on a phone, code.
 */
export const OfficeBlocks = forwardRef<HTMLDivElement, OfficeBlocksProps>(function OfficeBlocks(
  { blocks, cited, tableLabel, baseLevel = 3 },
  citedRef,
) {
  // Each table's place among the part's tables (1-based), by its block's index.
  const tableNumbers = blocks.map(
    (_block, index) => blocks.slice(0, index + 1).filter((one) => one.type === 'table').length,
  );
  return (
    <div className={styles.blocks}>
      {blocks.map((block, index) => {
        const isCited = index === cited;
        return (
          <div
            key={index}
            ref={isCited ? citedRef : undefined}
            className={isCited ? styles.cited : undefined}
            data-cited={isCited || undefined}
          >
            <BlockContent
              block={block}
              baseLevel={baseLevel}
              tableName={tableLabel(tableNumbers[index] ?? 1)}
            />
          </div>
        );
      })}
    </div>
  );
});
