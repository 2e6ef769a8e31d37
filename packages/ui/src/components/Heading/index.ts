export { Heading, headingElements, headingLevels, headingTones } from './Heading';
export type {
  HeadingAlign,
  HeadingElement,
  HeadingLevel,
  HeadingProps,
  HeadingTone,
} from './Heading';
