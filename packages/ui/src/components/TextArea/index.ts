export { TextArea, textAreaSizes } from './TextArea';
export type { TextAreaProps, TextAreaSize } from './TextArea';
