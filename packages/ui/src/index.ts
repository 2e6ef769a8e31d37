// The public surface of @studio/ui: one explicit export list.
import './theme';

export { colorVars, shadow, sprinkles, theme, vars, type Sprinkles } from './theme';
export { uiNamespace, uiResources, useUiTranslation, type UiLanguage } from './i18n';

export * from './components/Button';
