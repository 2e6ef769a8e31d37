import type { GeneratedImage, ImageFamily } from '@studio/contracts';

/** One image of a family and the images made from it (oldest first). */
export interface FamilyNode {
  image: GeneratedImage;
  children: FamilyNode[];
}

const byAge = (a: GeneratedImage, b: GeneratedImage) =>
  a.createdAt === b.createdAt ? a.index - b.index : a.createdAt < b.createdAt ? -1 : 1;

/**
 * The family an image belongs to, from a set of images that name their parents (a visitor's
 * stored images): its root ancestor, then every descendant, parents before children and oldest
 * first, as GET /api/images/{id}/family answers. A parent that is not in the set (deleted) ends
 * the climb, so its children are roots, as on the server. Null when the image is not in the set.
 */
export function familyFromImages(
  images: readonly GeneratedImage[],
  id: string,
): ImageFamily | null {
  const byId = new Map(images.map((image) => [image.id, image]));
  let root = byId.get(id);
  if (!root) return null;
  // A cycle cannot come from the server, but stored data may be anything: never loop forever.
  const climbed = new Set([root.id]);
  for (let parent = root.parentId ? byId.get(root.parentId) : undefined; parent;) {
    if (climbed.has(parent.id)) break;
    climbed.add(parent.id);
    root = parent;
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }

  const childrenOf = new Map<string, GeneratedImage[]>();
  for (const image of images) {
    if (!image.parentId) continue;
    const siblings = childrenOf.get(image.parentId) ?? [];
    siblings.push(image);
    childrenOf.set(image.parentId, siblings);
  }
  const family: GeneratedImage[] = [];
  const seen = new Set<string>();
  const queue = [root];
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (seen.has(next.id)) continue;
    seen.add(next.id);
    family.push(next);
    queue.push(...(childrenOf.get(next.id) ?? []).sort(byAge));
  }
  return { rootId: root.id, images: family };
}

/**
 * The tree of a family (the server's answer or familyFromImages'): the root at the top, each
 * image under its parent, oldest first. An image whose parent is missing from the list hangs
 * under the root rather than being lost. Null when the root is not in the list.
 */
export function buildFamilyTree(family: ImageFamily): FamilyNode | null {
  const nodes = new Map(
    family.images.map((image): [string, FamilyNode] => [image.id, { image, children: [] }]),
  );
  const root = nodes.get(family.rootId);
  if (!root) return null;
  for (const image of [...family.images].sort(byAge)) {
    if (image.id === root.image.id) continue;
    const node = nodes.get(image.id);
    const parent = (image.parentId && nodes.get(image.parentId)) || root;
    if (node && parent !== node) parent.children.push(node);
  }
  return root;
}

/** The images of a tree in reading order (depth first, as the tree shows them). */
export function flattenFamilyTree(root: FamilyNode): GeneratedImage[] {
  const images: GeneratedImage[] = [];
  const visit = (node: FamilyNode) => {
    images.push(node.image);
    node.children.forEach(visit);
  };
  visit(root);
  return images;
}
