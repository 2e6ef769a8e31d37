import type { GeneratedImage, ImageFamily } from '@studio/contracts';
import { Badge } from '@studio/ui';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageObjectUrl } from '../../lib/api/endpoints/images/useImageObjectUrl';
import { buildFamilyTree, type FamilyNode } from '../../lib/media/familyTree';
import * as styles from './familyTree.css';

/** Reads an image's PNG (the server's, or a visitor's stored copy). */
export type LoadFamilyImage = (image: GeneratedImage, signal: AbortSignal) => Promise<Blob>;

export interface FamilyTreeProps {
  family: ImageFamily;
  /** The image the tree was opened from: highlighted, and the tree's tab stop at first. */
  currentId: string;
  loadFile: LoadFamilyImage;
  /** A node was chosen (click, Enter or Space). */
  onChoose: (image: GeneratedImage) => void;
  /** Names the tree. */
  label: string;
  /**
   * Puts focus on the tree's tab stop when it turns true (or the tree appears while it is): the
   * dialog around it says to use the arrow keys, so that is where the keyboard starts.
   */
  focusOnShow?: boolean;
}

/** A node as the tree shows it: where it stands among its siblings and under whom. */
interface Row {
  node: FamilyNode;
  parentId: string | null;
  level: number;
  position: number;
  siblings: number;
}

/** The rows a reader can reach, in reading order: a closed node hides its descendants. */
function visibleRows(root: FamilyNode, closed: ReadonlySet<string>): Row[] {
  const rows: Row[] = [];
  const visit = (
    node: FamilyNode,
    parentId: string | null,
    level: number,
    at: number,
    of: number,
  ) => {
    rows.push({ node, parentId, level, position: at, siblings: of });
    if (closed.has(node.image.id)) return;
    node.children.forEach((child, index) =>
      visit(child, node.image.id, level + 1, index + 1, node.children.length),
    );
  };
  visit(root, null, 1, 1, 1);
  return rows;
}

/**
 * An image's family as a tree (the WAI-ARIA tree view, its items flat with their level, place
 * and set size, so each reads as its own row): the root at the top, each image indented under
 * the one it was made from, the current one highlighted. Up/Down move through the visible
 * nodes, Right opens a node or enters it, Left closes it or goes to its parent, Home/End, and
 * Enter or Space opens the image.
 */
export function FamilyTree({
  family,
  currentId,
  loadFile,
  onChoose,
  label,
  focusOnShow = false,
}: FamilyTreeProps) {
  const root = useMemo(() => buildFamilyTree(family), [family]);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const [focusedId, setFocusedId] = useState(currentId);
  const items = useRef(new Map<string, HTMLDivElement>());
  const rows = useMemo(() => (root ? visibleRows(root, closed) : []), [root, closed]);
  // The focused node may have been hidden by closing an ancestor: the tab stop moves to the root.
  const tabStop = rows.some(({ node }) => node.image.id === focusedId)
    ? focusedId
    : (root?.image.id ?? currentId);
  const tree = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The roving tab stop is the one treeitem in the tab order.
    if (focusOnShow)
      tree.current?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')?.focus();
  }, [focusOnShow]);

  if (!root) return null;

  const focus = (id: string) => {
    setFocusedId(id);
    items.current.get(id)?.focus();
  };
  const setOpen = (id: string, open: boolean) =>
    setClosed((old) => {
      const next = new Set(old);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = rows.findIndex(({ node }) => node.image.id === tabStop);
    const row = rows[at];
    if (!row) return;
    const { node, parentId } = row;
    const id = node.image.id;
    const hasChildren = node.children.length > 0;
    const open = hasChildren && !closed.has(id);
    const keys: Record<string, () => void> = {
      ArrowDown: () => focus(rows[at + 1]?.node.image.id ?? id),
      ArrowUp: () => focus(rows[at - 1]?.node.image.id ?? id),
      Home: () => focus(root.image.id),
      End: () => focus(rows.at(-1)?.node.image.id ?? id),
      ArrowRight: () => {
        if (hasChildren && !open) setOpen(id, true);
        else if (open) focus(node.children[0]?.image.id ?? id);
      },
      ArrowLeft: () => {
        if (open) setOpen(id, false);
        else if (parentId) focus(parentId);
      },
      Enter: () => onChoose(node.image),
      ' ': () => onChoose(node.image),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    // Not a tab stop itself (-1): the roving tab stop is on one treeitem, as the pattern asks.
    <div
      ref={tree}
      role="tree"
      aria-label={label}
      tabIndex={-1}
      className={styles.tree}
      onKeyDown={onKeyDown}
    >
      {rows.map((row) => {
        const { image, children } = row.node;
        const open = children.length > 0 ? !closed.has(image.id) : undefined;
        return (
          <FamilyTreeItem
            key={image.id}
            row={row}
            expanded={open}
            current={image.id === currentId}
            tabbable={image.id === tabStop}
            loadFile={loadFile}
            itemRef={(element) => {
              if (element) items.current.set(image.id, element);
              else items.current.delete(image.id);
            }}
            onChoose={() => {
              setFocusedId(image.id);
              onChoose(image);
            }}
            onToggle={() => setOpen(image.id, !open)}
            onFocused={() => setFocusedId(image.id)}
          />
        );
      })}
    </div>
  );
}

interface FamilyTreeItemProps {
  row: Row;
  /** Undefined for a leaf (nothing to open). */
  expanded: boolean | undefined;
  current: boolean;
  tabbable: boolean;
  loadFile: LoadFamilyImage;
  itemRef: (element: HTMLDivElement | null) => void;
  onChoose: () => void;
  onToggle: () => void;
  onFocused: () => void;
}

/** How an image came from its parent: a generation with a parent is a new take on it. */
function modeOf(image: GeneratedImage): GeneratedImage['mode'] | 'regenerate' {
  return image.mode === 'generate' && image.parentId ? 'regenerate' : image.mode;
}

function FamilyTreeItem({
  row: { node, level, position, siblings },
  expanded,
  current,
  tabbable,
  loadFile,
  itemRef,
  onChoose,
  onToggle,
  onFocused,
}: FamilyTreeItemProps) {
  const { t } = useTranslation('media');
  const { image } = node;
  const picture = useImageObjectUrl(image.fileUrl, (_fileUrl, signal) => loadFile(image, signal));
  return (
    // The tree's key handler gives the keyboard every action of this row.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <div
      ref={itemRef}
      role="treeitem"
      className={`${styles.treeitem} ${current ? styles.current : ''}`}
      data-depth={Math.min(level - 1, styles.MAX_INDENT)}
      aria-level={level}
      aria-posinset={position}
      aria-setsize={siblings}
      aria-expanded={expanded}
      aria-selected={current}
      tabIndex={tabbable ? 0 : -1}
      onFocus={onFocused}
      onClick={onChoose}
    >
      <span
        className={styles.toggle}
        aria-hidden="true"
        onClick={(event) => {
          if (expanded === undefined) return;
          event.stopPropagation();
          onToggle();
        }}
      >
        {expanded === undefined ? null : expanded ? (
          <ChevronDown size={16} />
        ) : (
          <ChevronRight size={16} />
        )}
      </span>
      {picture.status === 'ready' ? (
        <img className={styles.thumbnail} src={picture.url} alt="" />
      ) : (
        <span className={styles.thumbnail} />
      )}
      <span className={styles.text}>
        <span className={styles.mode}>{t(`imageFamily.mode.${modeOf(image)}`)}</span>
        <span className={styles.prompt}>{image.prompt || t('imageFamily.noPrompt')}</span>
      </span>
      {current ? <Badge tone="accent">{t('imageFamily.current')}</Badge> : null}
    </div>
  );
}
