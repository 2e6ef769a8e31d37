// The public surface of @studio/ui: one explicit export list. Each component takes a closed set of
// props, its API (the rule is in components/private/commonProps.ts).
import './theme';

export {
  colorVars,
  shadow,
  themeProperties,
  themeStylesheet,
  vars,
  type CustomTheme,
} from './theme';
export { uiNamespace, uiResources, useUiTranslation, type UiLanguage } from './i18n';
export { formatCalendarDate, formatDay, formatMoment } from './i18n/dates';
export { visuallyHidden, visuallyHiddenRules } from './styles/shared.css';

// Layout
export * from './components/Layout';
export * from './components/Tiles';

// Type
export * from './components/Text';
export * from './components/Heading';

// Actions
export * from './components/Button';
export * from './components/IconButton';
export * from './components/Link';

// Forms
export * from './components/Field';
export * from './components/TextField';
export * from './components/TextArea';
export * from './components/EmailField';
export * from './components/PasswordField';
export * from './components/Checkbox';
export * from './components/Select';
export * from './components/Form';
export * from './components/ThemePicker';

// Navigation
export * from './components/Tabs';
export * from './components/DropdownMenu';
export * from './components/StepIndicator';

// Overlays
export * from './components/Modal';
export * from './components/ConfirmDialog';

// Feedback
export * from './components/Spinner';
export * from './components/Toast';
export * from './components/ErrorFallback';
export * from './components/Skeleton';
export * from './components/EmptyState';

// Display
export * from './components/Card';
export * from './components/MediaCard';
export * from './components/ActionList';
export * from './components/Badge';
export * from './components/Avatar';
export * from './components/PlanCard';
export * from './components/Waveform';
export * from './components/AudioPlayer';

// Biometrics
export * from './components/CredentialManager';
export * from './components/CredentialPicker';
