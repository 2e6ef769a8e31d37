export { Button, buttonSizes, buttonVariants } from './Button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './Button';
