import { describe, expect, it } from 'vitest';
import { sampleFamily, sampleGalleryImage } from '../../mocks/handlers/imageGallery';
import {
  buildFamilyTree,
  familyFromImages,
  flattenFamilyTree,
  type FamilyNode,
} from './familyTree';

const ids = (node: FamilyNode): unknown => [node.image.id, node.children.map(ids)];
const at = (hour: number) => new Date(Date.UTC(2026, 10, 21, hour)).toISOString();

describe('familyFromImages', () => {
  const unrelated = sampleGalleryImage({ id: 'img-99', createdAt: at(20) });
  const images = [unrelated, ...sampleFamily].reverse();

  it('climbs to the root and lists every descendant, parents first and oldest first', () => {
    for (const id of ['img-01', 'img-02', 'img-03', 'img-04']) {
      const family = familyFromImages(images, id);
      expect(family?.rootId).toBe('img-01');
      expect(family?.images.map((image) => image.id)).toEqual([
        'img-01',
        'img-02',
        'img-03',
        'img-04',
      ]);
    }
  });

  it('gives an image without relatives a family of one, and null for an unknown id', () => {
    expect(familyFromImages(images, 'img-99')).toEqual({ rootId: 'img-99', images: [unrelated] });
    expect(familyFromImages(images, 'img-42')).toBeNull();
  });

  it('makes the children of a deleted parent roots, as the server does', () => {
    const withoutRoot = sampleFamily.filter((image) => image.id !== 'img-01');
    expect(familyFromImages(withoutRoot, 'img-04')).toMatchObject({ rootId: 'img-02' });
    expect(familyFromImages(withoutRoot, 'img-03')?.images.map((image) => image.id)).toEqual([
      'img-03',
    ]);
  });

  it('stops on a cycle instead of looping', () => {
    const a = sampleGalleryImage({ id: 'a', parentId: 'b', createdAt: at(1) });
    const b = sampleGalleryImage({ id: 'b', parentId: 'a', createdAt: at(2) });
    const family = familyFromImages([a, b], 'a');
    expect(family?.images.map((image) => image.id).sort()).toEqual(['a', 'b']);
  });
});

describe('buildFamilyTree', () => {
  it('hangs each image under its parent, oldest child first, whatever the order given', () => {
    const family = { rootId: 'img-01', images: [...sampleFamily].reverse() };
    const tree = buildFamilyTree(family);
    expect(tree && ids(tree)).toEqual([
      'img-01',
      [
        ['img-02', [['img-04', []]]],
        ['img-03', []],
      ],
    ]);
    expect(tree && flattenFamilyTree(tree).map((image) => image.id)).toEqual([
      'img-01',
      'img-02',
      'img-04',
      'img-03',
    ]);
  });

  it('keeps an image whose parent is missing, under the root', () => {
    // Made after every member of the sample family, so it comes last among the root's children.
    const orphan = sampleGalleryImage({
      id: 'img-09',
      parentId: 'gone',
      createdAt: '2026-11-23T00:00:00.000Z',
    });
    const tree = buildFamilyTree({ rootId: 'img-01', images: [...sampleFamily, orphan] });
    expect(tree?.children.map((child) => child.image.id)).toEqual(['img-02', 'img-03', 'img-09']);
  });

  it('is null when the root is not in the list', () => {
    expect(buildFamilyTree({ rootId: 'nope', images: sampleFamily })).toBeNull();
  });
});
