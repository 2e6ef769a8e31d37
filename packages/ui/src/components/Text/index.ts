export {
  Text,
  textAligns,
  textElements,
  textRoles,
  textSizes,
  textTones,
  textWeights,
} from './Text';
export type {
  TextAlign,
  TextElement,
  TextProps,
  TextRole,
  TextSize,
  TextTone,
  TextWeight,
} from './Text';
