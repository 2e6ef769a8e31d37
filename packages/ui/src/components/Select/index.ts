export { Select, selectSizes } from './Select';
export type { SelectOption, SelectProps, SelectSize } from './Select';
