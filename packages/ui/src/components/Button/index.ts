export { Button, buttonSizes, buttonVariants } from './Button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './Button';
/** The button's look, for a router's link that reads as a button (a call to action). */
export { button as buttonStyles } from './Button.css';
