import { clsx } from 'clsx';
import { Check, Plus } from 'lucide-react';
import {
  forwardRef,
  useContext,
  useId,
  useLayoutEffect,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useUiTranslation } from '../../i18n';
import { Badge } from '../Badge/Badge';
import type { CommonProps } from '../private/commonProps';
import * as styles from './PlanCard.css';
import { PlanCardGroupContext } from './PlanCardGroupContext';

export const planCardVariants = ['plan', 'addon'] as const;
export const planCardSelectionModes = ['radio', 'toggle', 'none'] as const;
export const planCardHeadingLevels = [2, 3, 4, 5, 6] as const;
export type PlanCardVariant = (typeof planCardVariants)[number];
export type PlanCardSelectionMode = (typeof planCardSelectionModes)[number];
export type PlanCardHeadingLevel = (typeof planCardHeadingLevels)[number];

/** Closed: the card's own props, an id and a test id (see private/commonProps.ts). */
export interface PlanCardProps extends CommonProps {
  /** Plan name, e.g. "Pro" or "GodMode". */
  name: string;
  /** Formatted price, e.g. "$19.99" or "578.000 ₫"; for an add-on, its label, e.g. "+$578". */
  price: string;
  /** e.g. "/month"; shown after the price. */
  period?: string;
  description?: string;
  features?: readonly string[];
  /**
   * The features are on their way (a price list still loading): `features` then only keeps
   * their room, unseen and unread, so the card does not grow under the reader when they come.
   */
  featuresPending?: boolean;
  /** A highlight such as "Most popular". */
  badge?: string;
  selected?: boolean;
  /** Shown as unavailable and cannot be chosen. */
  disabled?: boolean;
  /** `addon`: a compact row that shows Added / Optional. */
  variant?: PlanCardVariant;
  /**
   * `radio` (default for plans): one choice among several, best inside a PlanCardGroup.
   * `toggle` (default for add-ons): a pressed/unpressed button. `none`: display only.
   */
  selectionMode?: PlanCardSelectionMode;
  /** The value this card stands for inside a PlanCardGroup. */
  value?: string;
  /** Radio: called with `true` when chosen. Toggle: called with the new state. */
  onSelect?: (selected: boolean) => void;
  /** A decorative icon (add-on variant). */
  icon?: ReactNode;
  /** Display-only cards: an action at the bottom, e.g. a "Choose Pro" button. */
  action?: ReactNode;
  /** Display-only cards: the heading level of the name; 3 by default. */
  headingLevel?: PlanCardHeadingLevel;
}

const arrowSteps: Partial<Record<string, 1 | -1>> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
};

/**
 * A plan or add-on offer with its price and features. As a radio it lives in a PlanCardGroup
 * (arrow keys move and choose); as a toggle its name is a pressed/unpressed button that covers
 * the whole card.
 */

export const PlanCard = forwardRef<HTMLElement, PlanCardProps>(function PlanCard(
  {
    name,
    price,
    period,
    description,
    features = [],
    featuresPending = false,
    badge,
    selected: selectedProp = false,
    disabled = false,
    variant = 'plan',
    selectionMode = variant === 'addon' ? 'toggle' : 'radio',
    value,
    onSelect,
    icon,
    action,
    headingLevel = 3,
    ...rest
  },
  ref,
) {
  const { t } = useUiTranslation();
  const group = useContext(PlanCardGroupContext);
  const inGroup = group !== null && selectionMode === 'radio';
  const selected = inGroup ? value !== undefined && group.value === value : selectedProp;
  const id = useId();
  const ids = {
    name: `${id}-name`,
    price: `${id}-price`,
    badge: `${id}-badge`,
    description: `${id}-description`,
    features: `${id}-features`,
    state: `${id}-state`,
  };

  // Let the group recompute which card is its tab stop whenever this card changes.
  const syncTabStops = group?.syncTabStops;
  useLayoutEffect(() => {
    if (!inGroup || !syncTabStops) return;
    syncTabStops();
    // After unmounting, once this card has left the DOM, hand the tab stop on.
    return () => queueMicrotask(syncTabStops);
  }, [inGroup, syncTabStops, selected, disabled]);

  const isRadio = selectionMode === 'radio';
  const isToggle = selectionMode === 'toggle';
  // The whole radio is one element whose children are presentational: phrasing content only.
  const Block = isRadio ? 'span' : 'div';
  const List = isRadio ? 'span' : 'ul';
  const Item = isRadio ? 'span' : 'li';
  const Heading = `h${headingLevel}` as const;
  // A radio is named by its plan and price and described by the rest, which it hides from its
  // own content so that nothing is read twice.
  const secondary = isRadio ? ({ 'aria-hidden': true } as const) : {};

  const choose = () => {
    if (disabled) return;
    if (isToggle) {
      onSelect?.(!selected);
      return;
    }
    if (inGroup && value !== undefined) group.onValueChange(value);
    onSelect?.(true);
  };

  const handleRadioKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === ' ') {
      event.preventDefault();
      choose();
      return;
    }
    const step = arrowSteps[event.key];
    if (inGroup && step !== undefined) {
      event.preventDefault();
      group.move(event.currentTarget, step);
    }
  };

  const stateText = disabled
    ? t('plan.unavailable')
    : isToggle
      ? t(selected ? 'plan.added' : 'plan.optional')
      : undefined;

  const describedBy = (ids: (string | false | undefined)[]) =>
    ids.filter(Boolean).join(' ') || undefined;

  const nameEl = isToggle ? (
    // The button holds only the name (its accessible name is its visible text); its ::after
    // stretches over the card so the whole card is the click target.
    <button
      {...rest}
      ref={ref as Ref<HTMLButtonElement>}
      type="button"
      className={styles.toggleButton}
      aria-pressed={selected}
      aria-disabled={disabled || undefined}
      aria-describedby={describedBy([
        ids.price,
        badge && ids.badge,
        description && ids.description,
        features.length > 0 && !featuresPending && ids.features,
        ids.state,
      ])}
      onClick={choose}
    >
      <span id={ids.name} className={styles.name}>
        {name}
      </span>
    </button>
  ) : isRadio ? (
    <span id={ids.name} className={styles.name}>
      {name}
    </span>
  ) : (
    <Heading id={ids.name} className={styles.name}>
      {name}
    </Heading>
  );

  const featureList =
    features.length > 0 ? (
      <List
        id={ids.features}
        className={clsx(styles.features, featuresPending && styles.featuresPending)}
        aria-hidden={featuresPending || undefined}
        {...secondary}
      >
        {features.map((feature) => (
          <Item key={feature} className={styles.feature}>
            <span
              className={clsx(styles.featureIcon, disabled && styles.featureIconDisabled)}
              aria-hidden="true"
            >
              <Check size={16} strokeWidth={2.5} />
            </span>
            <span>{feature}</span>
          </Item>
        ))}
      </List>
    ) : null;

  const badgeEl = badge ? (
    <Badge id={ids.badge} tone="accent" size="sm" {...secondary}>
      {badge}
    </Badge>
  ) : null;

  const descriptionEl = description ? (
    <Block id={ids.description} className={styles.description} {...secondary}>
      {description}
    </Block>
  ) : null;

  const stateEl = stateText ? (
    <Badge
      id={ids.state}
      {...secondary}
      tone={isToggle && selected && !disabled ? 'accent' : 'neutral'}
      icon={isToggle && !disabled ? selected ? <Check size={14} /> : <Plus size={14} /> : undefined}
    >
      {stateText}
    </Badge>
  ) : null;

  const content =
    variant === 'addon' ? (
      <>
        {icon ? (
          <span className={styles.addonIcon} aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <Block className={styles.addonText}>
          {nameEl}
          {descriptionEl}
          {featureList}
        </Block>
        <Block className={styles.addonEnd}>
          {badgeEl}
          <span id={ids.price} className={styles.addonPrice}>
            {price}
            {period ? <span className={styles.period}> {period}</span> : null}
          </span>
          {stateEl}
        </Block>
        {!isRadio && !isToggle && action ? <div className={styles.action}>{action}</div> : null}
      </>
    ) : (
      <>
        <Block className={styles.header}>
          <Block className={styles.heading}>
            {badgeEl}
            {nameEl}
          </Block>
          {isRadio ? (
            // The state is already conveyed by aria-checked: this is its visual form.
            <span className={styles.indicatorArea} aria-hidden="true">
              {selected ? <span className={styles.selectedText}>{t('plan.selected')}</span> : null}
              <span className={styles.radio({ checked: selected })}>
                {selected ? <Check size={14} strokeWidth={3} /> : null}
              </span>
            </span>
          ) : null}
        </Block>
        <Block id={ids.price} className={styles.priceRow}>
          <span className={styles.price}>{price}</span>
          {period ? (
            <>
              {' '}
              <span className={styles.period}>{period}</span>
            </>
          ) : null}
        </Block>
        {descriptionEl}
        {featureList}
        {stateEl ? <Block>{stateEl}</Block> : null}
        {!isRadio && !isToggle && action ? <div className={styles.action}>{action}</div> : null}
      </>
    );

  const cardClassName = styles.card({
    variant,
    interactive: selectionMode !== 'none',
    selected,
    disabled,
  });

  if (isToggle) {
    return <div className={cardClassName}>{content}</div>;
  }

  if (isRadio) {
    return (
      // In a group, the group moves the single tab stop on the DOM itself (roving tabindex), so
      // React must not own the tabIndex attribute there.
      // eslint-disable-next-line jsx-a11y/interactive-supports-focus
      <div
        {...rest}
        ref={ref as Ref<HTMLDivElement>}
        role="radio"
        aria-checked={selected}
        aria-disabled={disabled || undefined}
        aria-labelledby={`${ids.name} ${ids.price}`}
        aria-describedby={describedBy([
          badge && ids.badge,
          description && ids.description,
          features.length > 0 && !featuresPending && ids.features,
          stateText && ids.state,
        ])}
        tabIndex={inGroup ? undefined : disabled ? -1 : 0}
        data-value={value}
        className={cardClassName}
        onClick={choose}
        onKeyDown={handleRadioKeyDown}
      >
        {content}
      </div>
    );
  }

  return (
    <article {...rest} ref={ref} aria-labelledby={ids.name} className={cardClassName}>
      {content}
    </article>
  );
});
