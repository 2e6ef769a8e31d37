export { ThemePicker, themePickerLayouts } from './ThemePicker';
export type { ThemePickerLayout, ThemePickerProps } from './ThemePicker';
