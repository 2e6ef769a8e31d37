import { Button, Skeleton, SkeletonGroup, Stack, Text, Tiles, type TileMinWidth } from '@studio/ui';
import { Fragment, useRef, type ReactNode, type RefObject } from 'react';
import { useErrorText } from '../lib/api/useErrorText';
import type { PagedList } from '../lib/query';
import { useSentinel } from '../lib/useSentinel';
import { isVisitorStorageUnavailable } from '../lib/visitor/visitorStorage';
import * as styles from './pagedTiles.css';

/** What the list says, in its feature's own words (each list keeps its i18n keys). */
export interface PagedTilesTexts {
  /** Names the loading placeholders for screen readers. */
  loading: string;
  loadFailed: string;
  /** This browser keeps nothing (a visitor's list): what that means, and what to do. */
  unavailableTitle: string;
  unavailableDescription: string;
  retry: string;
  loadMore: string;
  /** A next page failed; `reason` is the error in words. */
  loadMoreFailed: (reason: string) => string;
}

/** The list is named by a label, or by a heading's id. */
type Naming = { label: string; labelledBy?: never } | { labelledBy: string; label?: never };

export type PagedTilesProps<Item> = Naming & {
  list: PagedList<Item>;
  texts: PagedTilesTexts;
  /** Shown once the list is read and has nothing in it. */
  empty: ReactNode;
  /** One list item (an `li`); `items` is the whole list as shown. */
  renderItem: (item: Item, index: number, items: Item[]) => ReactNode;
  minItemWidth: TileMinWidth;
  /** The placeholders while the first page loads: as many, as tall, as the cards they stand for. */
  placeholders: { count: number; height: string };
  /** Given, the list can take the keyboard (after a delete took the focused card away). */
  listRef?: RefObject<HTMLElement | null>;
  /** Loads the next page as the end of the list nears the viewport, not only on "Load more". */
  loadsAhead?: boolean;
};

/**
 * A paged list's states as every list shows them: placeholders while loading, the failure with a
 * retry (a browser that keeps nothing said as such), the empty state, the tiles (busy while read
 * again or while the next page loads), then "Load more" with its failure.
 */
export function PagedTiles<Item>({
  list,
  texts,
  empty,
  renderItem,
  minItemWidth,
  placeholders,
  listRef,
  loadsAhead = false,
  label,
  labelledBy,
}: PagedTilesProps<Item>) {
  const describe = useErrorText();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { state, idOf, hasMore, loadingMore, loadMoreError, loadMore } = list;
  const items = state.status === 'ready' ? state.items : [];
  // A failed page is not asked for again by scrolling: "Load more" retries it.
  useSentinel(
    sentinelRef,
    loadMore,
    loadsAhead && hasMore && !loadingMore && !loadMoreError,
    items.length,
  );

  return (
    <Stack gap="md">
      {state.status === 'loading' ? (
        <SkeletonGroup label={texts.loading}>
          <Tiles minItemWidth={minItemWidth}>
            {Array.from({ length: placeholders.count }, (_, n) => (
              <Skeleton key={n} shape="rect" height={placeholders.height} />
            ))}
          </Tiles>
        </SkeletonGroup>
      ) : null}

      {state.status === 'error' ? (
        <div role="alert" className={styles.notice}>
          <Text as="p" weight="semibold">
            {isVisitorStorageUnavailable(state.error) ? texts.unavailableTitle : texts.loadFailed}
          </Text>
          <Text as="p" size="sm" tone="secondary">
            {isVisitorStorageUnavailable(state.error)
              ? texts.unavailableDescription
              : describe(state.error)}
          </Text>
          <Button size="sm" variant="secondary" onClick={list.retry}>
            {texts.retry}
          </Button>
        </div>
      ) : null}

      {state.status === 'ready' && items.length === 0 ? empty : null}

      {items.length > 0 ? (
        <Tiles
          as="ul"
          ref={listRef}
          tabIndex={listRef ? -1 : undefined}
          minItemWidth={minItemWidth}
          aria-label={label}
          aria-labelledby={labelledBy}
          aria-busy={(state.status === 'ready' && state.refreshing) || loadingMore || undefined}
        >
          {items.map((item, index) => (
            <Fragment key={idOf(item)}>{renderItem(item, index, items)}</Fragment>
          ))}
        </Tiles>
      ) : null}

      {hasMore ? (
        <Stack gap="sm" align="center">
          {loadsAhead ? <div ref={sentinelRef} className={styles.sentinel} /> : null}
          {loadMoreError ? (
            <Text as="p" role="alert" size="sm" tone="secondary">
              {texts.loadMoreFailed(describe(loadMoreError))}
            </Text>
          ) : null}
          <Button size="sm" variant="secondary" loading={loadingMore} onClick={loadMore}>
            {texts.loadMore}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
