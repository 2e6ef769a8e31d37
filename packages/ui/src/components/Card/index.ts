export { Card, cardElements, cardHeadingLevels, cardPaddings } from './Card';
export type { CardElement, CardHeadingLevel, CardPadding, CardProps } from './Card';
