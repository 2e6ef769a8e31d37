import { clsx } from 'clsx';
import { createElement, forwardRef, type ReactNode, type Ref } from 'react';
import type { CommonProps, LabellingProps } from '../private/commonProps';
import { lineClamp } from '../private/lineClamp.css';
import { Skeleton } from '../Skeleton';
import { text } from '../Text/Text.css';
import * as styles from './MediaCard.css';

export const mediaCardElements = ['div', 'li', 'article'] as const;
export const mediaAspectRatios = ['square', 'landscape', 'portrait', 'wide', 'auto'] as const;
export const mediaFits = ['cover', 'contain'] as const;
export const mediaCardHeadingLevels = [2, 3, 4, 5, 6] as const;
export const mediaCardTitleLines = [1, 2, 3] as const;
export type MediaCardElement = (typeof mediaCardElements)[number];
export type MediaAspectRatio = (typeof mediaAspectRatios)[number];
export type MediaFit = (typeof mediaFits)[number];
export type MediaCardHeadingLevel = (typeof mediaCardHeadingLevels)[number];
export type MediaCardTitleLines = (typeof mediaCardTitleLines)[number];

/** One fact under the title: the model, a seed, a duration, a page count. */
export interface MediaCardDetail {
  label: string;
  value: ReactNode;
}

/** What opening the media does, and the name of the button that does it. */
export interface MediaCardOpenAction {
  /** The frame button's name ("Open the picture: a lighthouse at dusk"). */
  label: string;
  onOpen: () => void;
}

/** Closed: the card's own props, an id, a test id and its name (see private/commonProps.ts). */
export interface MediaCardProps extends CommonProps, LabellingProps {
  /** `div` by default; `li` in a list of cards (Tiles as `ul`). */
  as?: MediaCardElement;
  /**
   * What the card shows: an `<img>` or `<video>` (fitted to the frame), an audio player, a
   * document's first page. Anything interactive inside it (a player's buttons) rules out
   * `openAction`, whose button would hold it.
   */
  media?: ReactNode;
  /** Text in the frame instead of the media: it failed to load, it is still being made. */
  mediaStatus?: ReactNode;
  /**
   * The frame's shape, kept before the media arrives so nothing moves as it loads; `auto` takes
   * the media's own height (an audio player). `square` by default.
   */
  aspectRatio?: MediaAspectRatio;
  /** A picture cropped to fill the frame (`cover`, the default) or shown whole (`contain`). */
  fit?: MediaFit;
  /** The frame's element: to load the media only once it nears the viewport. */
  mediaRef?: Ref<HTMLElement>;
  /** What the media is: a prompt, a file's name, a clip's title. */
  title?: ReactNode;
  /** The whole title as a tooltip, when it may be cut short. */
  titleTooltip?: string;
  /** How many lines the title may take before it is cut with an ellipsis; 2 by default. */
  titleLines?: MediaCardTitleLines;
  /** Makes the title a heading of this level (a paragraph by default). */
  headingLevel?: MediaCardHeadingLevel;
  /** Facts under the title, as a list of terms and values. */
  details?: readonly MediaCardDetail[];
  /** Buttons along the bottom. */
  actions?: ReactNode;
  /**
   * An overflow menu beside the title: a DropdownMenu (or an app's deferred menu) with an
   * IconButton trigger named for the card ("Actions for …"). A slot, so a card without a menu
   * never loads the menu's code.
   */
  menu?: ReactNode;
  /** Picked (for a batch, or the one being edited): an accent outline and `aria-current`. */
  selected?: boolean;
  /** Placeholders in the card's shape while it loads (put a list of them in a SkeletonGroup). */
  loading?: boolean;
  /** Opens the media (a viewer, a player, the document): the frame becomes a button so named. */
  openAction?: MediaCardOpenAction;
}

/**
 * A card for one made thing, whatever its kind: a picture, a voice clip or a piece of music (an
 * audio player in the media slot), a document (its first page), with a title, facts, actions
 * and an overflow menu. The media's frame has a fixed shape, so a grid of cards does not jump as
 * the media loads.
 */
export const MediaCard = forwardRef<HTMLElement, MediaCardProps>(function MediaCard(
  {
    as = 'div',
    media,
    mediaStatus,
    aspectRatio = 'square',
    fit = 'cover',
    mediaRef,
    title,
    titleTooltip,
    titleLines = 2,
    headingLevel,
    details,
    actions,
    menu,
    selected = false,
    loading = false,
    openAction,
    ...rest
  },
  ref,
) {
  const frameClass = clsx(
    styles.frame({ aspectRatio, opens: openAction !== undefined && !loading }),
    fit === 'cover' ? styles.fitCover : styles.fitContain,
  );

  if (loading) {
    return createElement(
      as,
      {
        ref,
        'aria-busy': true,
        ...rest,
        className: styles.card({ selected: false }),
      },
      <span className={clsx(frameClass, styles.placeholder)} aria-hidden="true">
        <Skeleton shape="rect" height="100%" />
      </span>,
      <Skeleton shape="text" lines={2} />,
    );
  }

  const frameContent =
    mediaStatus !== undefined ? <span className={styles.status}>{mediaStatus}</span> : media;

  const frame =
    openAction !== undefined ? (
      <button
        ref={mediaRef as Ref<HTMLButtonElement> | undefined}
        type="button"
        className={frameClass}
        aria-label={openAction.label}
        onClick={openAction.onOpen}
      >
        {frameContent}
      </button>
    ) : (
      <div ref={mediaRef as Ref<HTMLDivElement> | undefined} className={frameClass}>
        {frameContent}
      </div>
    );

  const titleElement =
    title !== undefined
      ? createElement(
          headingLevel === undefined ? 'p' : `h${headingLevel}`,
          {
            className: clsx(
              text({ size: 'sm', tone: 'neutral', weight: 'regular' }),
              lineClamp[titleLines],
              styles.title,
              menu !== undefined && styles.titleBesideMenu,
            ),
            title: titleTooltip,
          },
          title,
        )
      : null;

  return createElement(
    as,
    {
      ref,
      'aria-current': selected ? 'true' : undefined,
      ...rest,
      className: styles.card({ selected }),
    },
    frame,
    titleElement !== null || menu !== undefined ? (
      menu !== undefined ? (
        <div className={styles.header}>
          {titleElement}
          <div className={styles.menu}>{menu}</div>
        </div>
      ) : (
        titleElement
      )
    ) : null,
    details !== undefined && details.length > 0 ? (
      <dl className={styles.details}>
        {details.map((detail) => (
          <div key={detail.label} className={styles.detail}>
            <dt className={styles.term}>{detail.label}</dt>
            <dd className={styles.value}>{detail.value}</dd>
          </div>
        ))}
      </dl>
    ) : null,
    actions !== undefined ? <div className={styles.actions}>{actions}</div> : null,
  );
});
