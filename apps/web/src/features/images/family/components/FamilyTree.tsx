import type { GeneratedImage, ImageFamily } from '@studio/contracts';
import { Badge } from '@studio/ui';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageObjectUrl } from '../../hooks/useImageObjectUrl';
import { buildFamilyTree, type FamilyNode } from '../familyTree';
import * as styles from './familyTree.css';

/** Reads an image's PNG (the server's, or a visitor's stored copy). */
export type LoadFamilyImage = (image: GeneratedImage, signal: AbortSignal) => Promise<Blob>;

export interface FamilyTreeProps {
  family: ImageFamily;
  /** The image the tree was opened from: highlighted and focused first. */
  currentId: string;
  loadFile: LoadFamilyImage;
  /** A node was chosen (click, Enter or Space). */
  onChoose: (image: GeneratedImage) => void;
  /** Names the tree. */
  label: string;
}

interface Visible {
  node: FamilyNode;
  parentId: string | null;
}

/** The nodes a reader can reach, in reading order: a collapsed node hides its descendants. */
function visibleNodes(root: FamilyNode, collapsed: ReadonlySet<string>): Visible[] {
  const list: Visible[] = [];
  const visit = (node: FamilyNode, parentId: string | null) => {
    list.push({ node, parentId });
    if (!collapsed.has(node.image.id))
      node.children.forEach((child) => visit(child, node.image.id));
  };
  visit(root, null);
  return list;
}

/**
 * An image's family as a tree (WAI-ARIA tree view): the root at the top, each image under the
 * one it was made from, the current one highlighted. Arrow keys move (Up/Down through the
 * visible nodes, Right opens or enters a node, Left closes it or goes to its parent, Home/End),
 * Enter or Space opens the image.
 */
export function FamilyTree({ family, currentId, loadFile, onChoose, label }: FamilyTreeProps) {
  const root = useMemo(() => buildFamilyTree(family), [family]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusedId, setFocusedId] = useState(currentId);
  const items = useRef(new Map<string, HTMLDivElement>());
  const visible = useMemo(() => (root ? visibleNodes(root, collapsed) : []), [root, collapsed]);
  // The focused node may have been hidden by closing its ancestor: the tab stop moves up.
  const tabStop = visible.some(({ node }) => node.image.id === focusedId)
    ? focusedId
    : (root?.image.id ?? currentId);

  if (!root) return null;

  const focus = (id: string) => {
    setFocusedId(id);
    items.current.get(id)?.focus();
  };
  const setOpen = (id: string, open: boolean) =>
    setCollapsed((old) => {
      const next = new Set(old);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = visible.findIndex(({ node }) => node.image.id === tabStop);
    const here = visible[at];
    if (!here) return;
    const { node, parentId } = here;
    const id = node.image.id;
    const hasChildren = node.children.length > 0;
    const open = hasChildren && !collapsed.has(id);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focus(visible[at + 1]?.node.image.id ?? id),
      ArrowUp: () => focus(visible[at - 1]?.node.image.id ?? id),
      Home: () => focus(root.image.id),
      End: () => focus(visible.at(-1)?.node.image.id ?? id),
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
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const renderNode = (node: FamilyNode, level: number, position: number, siblings: number) => {
    const { image } = node;
    const hasChildren = node.children.length > 0;
    const open = hasChildren && !collapsed.has(image.id);
    return (
      <FamilyTreeItem
        key={image.id}
        image={image}
        level={level}
        position={position}
        siblings={siblings}
        expanded={hasChildren ? open : undefined}
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
      >
        {open ? (
          <div role="group" className={styles.group}>
            {node.children.map((child, index) =>
              renderNode(child, level + 1, index + 1, node.children.length),
            )}
          </div>
        ) : null}
      </FamilyTreeItem>
    );
  };

  return (
    // Not a tab stop itself (-1): the roving tab stop is on one treeitem, as the pattern asks.
    <div role="tree" aria-label={label} tabIndex={-1} className={styles.tree} onKeyDown={onKeyDown}>
      {renderNode(root, 1, 1, 1)}
    </div>
  );
}

interface FamilyTreeItemProps {
  image: GeneratedImage;
  level: number;
  position: number;
  siblings: number;
  /** Undefined for a leaf (nothing to open). */
  expanded: boolean | undefined;
  current: boolean;
  tabbable: boolean;
  loadFile: LoadFamilyImage;
  itemRef: (element: HTMLDivElement | null) => void;
  onChoose: () => void;
  onToggle: () => void;
  children: ReactNode;
}

function FamilyTreeItem({
  image,
  level,
  position,
  siblings,
  expanded,
  current,
  tabbable,
  loadFile,
  itemRef,
  onChoose,
  onToggle,
  children,
}: FamilyTreeItemProps) {
  const { t } = useTranslation('imageGallery');
  const labelId = useId();
  const picture = useImageObjectUrl(image.fileUrl, (_fileUrl, signal) => loadFile(image, signal));
  return (
    <div
      ref={itemRef}
      role="treeitem"
      className={styles.treeitem}
      aria-labelledby={labelId}
      aria-level={level}
      aria-posinset={position}
      aria-setsize={siblings}
      aria-expanded={expanded}
      aria-selected={current}
      aria-current={current || undefined}
      tabIndex={tabbable ? 0 : -1}
    >
      {/* Clicks only: the tree's own key handling gives the keyboard every action of this row. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className={`${styles.row} ${current ? styles.currentRow : ''}`} onClick={onChoose}>
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
        <span id={labelId} className={styles.label}>
          <span className={styles.text}>
            <span className={styles.mode}>{t(`family.mode.${image.mode}`)}</span>
            <span className={styles.prompt}>{image.prompt || t('item.noPrompt')}</span>
          </span>
          {current ? <Badge tone="accent">{t('family.current')}</Badge> : null}
        </span>
      </div>
      {children}
    </div>
  );
}
