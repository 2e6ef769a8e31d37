import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import {
  forwardRef,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
  type Ref,
} from 'react';
import type { CommonProps, NativeProps } from '../private/commonProps';
import { CloseButton } from './CloseButton';
import * as styles from './Modal.css';

export const modalSizes = ['sm', 'md', 'lg'] as const;
export type ModalSize = (typeof modalSizes)[number];
export const modalPlacements = ['center', 'end'] as const;
export type ModalPlacement = (typeof modalPlacements)[number];

/*
 * Closed (see private/commonProps.ts): the parts take the Radix props that are their behaviour
 * (open state, focus, dismissal), their content and the common ids, never a class or style. The
 * trigger and the close part are native buttons and take a button's attributes.
 */
export interface ModalRootProps extends Pick<
  ComponentPropsWithoutRef<typeof Dialog.Root>,
  'open' | 'defaultOpen' | 'onOpenChange'
> {
  children?: ReactNode;
}
export type ModalTriggerProps = NativeProps<ComponentPropsWithoutRef<typeof Dialog.Trigger>>;
export type ModalCloseProps = NativeProps<ComponentPropsWithoutRef<typeof Dialog.Close>>;

export interface ModalPartProps extends CommonProps {
  children?: ReactNode;
}

export interface ModalContentProps
  extends
    CommonProps,
    Pick<
      ComponentPropsWithoutRef<typeof Dialog.Content>,
      | 'onOpenAutoFocus'
      | 'onCloseAutoFocus'
      | 'onEscapeKeyDown'
      | 'onPointerDownOutside'
      | 'onInteractOutside'
    > {
  /** Required: names the dialog (rendered as its heading). */
  title: ReactNode;
  /** Optional supporting text under the title; becomes the dialog's description. */
  description?: ReactNode;
  size?: ModalSize;
  /**
   * `center` (default): a dialog in the middle of the screen. `end`: a full-height side sheet
   * along the screen's inline end, e.g. a phone's navigation drawer.
   */
  placement?: ModalPlacement;
  /**
   * `false` blocks Escape, outside clicks and hides the corner close button: for a step that must
   * not be abandoned half-way (a payment being confirmed). The content must then offer its own way out.
   */
  dismissible?: boolean;
  /** Hides the corner close button (when the footer already has a Cancel, say). */
  hideCloseButton?: boolean;
  /**
   * A sheet to print (a receipt): its parts sit a little apart, and printing the page prints this
   * dialog alone, at the top of the paper and without its buttons.
   */
  printable?: boolean;
  /** `alertdialog` for a confirmation that interrupts (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
}

/** Open state lives here: `open`/`onOpenChange` (controlled) or `defaultOpen`. */
function ModalRoot(props: ModalRootProps) {
  return <Dialog.Root {...props} />;
}

/** Opens the modal; use `asChild` to make your own Button the trigger. Focus returns here on close. */
const ModalTrigger = forwardRef<HTMLButtonElement, ModalTriggerProps>(
  function ModalTrigger(props, ref) {
    return <Dialog.Trigger ref={ref} {...props} />;
  },
);

const ModalContent = forwardRef<HTMLDivElement, ModalContentProps>(function ModalContent(
  {
    title,
    description,
    size = 'md',
    placement = 'center',
    dismissible = true,
    hideCloseButton = false,
    printable = false,
    children,
    onEscapeKeyDown,
    onPointerDownOutside,
    onInteractOutside,
    onOpenAutoFocus,
    onCloseAutoFocus,
    ...rest
  },
  ref,
) {
  const openerRef = useRef<HTMLElement | null>(null);
  const showClose = dismissible && !hideCloseButton;
  // Radix warns when no Description is rendered unless aria-describedby is explicitly undefined.
  const describedBy = description == null ? { 'aria-describedby': undefined } : {};
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={styles.overlay} />
      <Dialog.Content
        ref={ref}
        className={clsx(styles.content({ size, placement }), printable && styles.printable)}
        {...describedBy}
        onOpenAutoFocus={(event) => {
          // Runs before focus moves in: remember who opened us, with or without a Modal.Trigger.
          openerRef.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          // Radix alone only refocuses a Modal.Trigger; a controlled modal opened from elsewhere
          // (a row's Delete button) would drop focus on <body>. Give it back to the opener.
          const opener = openerRef.current;
          if (opener && opener !== document.body && opener.isConnected) {
            event.preventDefault();
            opener.focus();
          }
        }}
        onEscapeKeyDown={(event) => {
          onEscapeKeyDown?.(event);
          if (!dismissible) event.preventDefault();
        }}
        onPointerDownOutside={(event) => {
          onPointerDownOutside?.(event);
          if (!dismissible) event.preventDefault();
        }}
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          if (!dismissible) event.preventDefault();
        }}
        {...rest}
      >
        <div className={clsx(styles.header, !showClose && styles.headerWithoutClose)}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description != null ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : null}
        </div>
        {children}
        {/* Last in the DOM so initial focus lands on the content, first in the corner visually. */}
        {showClose ? (
          <Dialog.Close asChild>
            <CloseButton className={styles.close} />
          </Dialog.Close>
        ) : null}
      </Dialog.Content>
    </Dialog.Portal>
  );
});

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * The scrolling middle of the modal. When its content overflows it becomes focusable, so keyboard
 * users can scroll it too (WCAG 2.1.1).
 */
const ModalBody = forwardRef<HTMLDivElement, ModalPartProps>(function ModalBody(props, ref) {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [scrollable, setScrollable] = useState(false);
  const setRefs = useCallback(
    (element: HTMLDivElement | null) => {
      setNode(element);
      assignRef(ref, element);
    },
    [ref],
  );

  useEffect(() => {
    if (!node) return;
    const update = () => setScrollable(node.scrollHeight > node.clientHeight + 1);
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(node);
    for (const child of Array.from(node.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [node]);

  // A body that scrolls is focusable, so keyboard users can scroll it (WCAG 2.1.1).
  const tabIndex = scrollable ? 0 : undefined;
  return <div ref={setRefs} className={styles.body} tabIndex={tabIndex} {...props} />;
});

/** Actions at the bottom, right-aligned; they wrap on narrow screens. */
const ModalFooter = forwardRef<HTMLDivElement, ModalPartProps>(function ModalFooter(props, ref) {
  return <div ref={ref} className={styles.footer} {...props} />;
});

/** Closes the modal; use `asChild` around your own Button (a footer "Cancel", say). */
const ModalClose = forwardRef<HTMLButtonElement, ModalCloseProps>(function ModalClose(props, ref) {
  return <Dialog.Close ref={ref} {...props} />;
});

/**
 * An accessible modal dialog (Radix Dialog): a title is required, Escape closes it, page scroll is
 * locked, focus is trapped inside and returns to the trigger on close.
 *
 * ```tsx
 * <Modal.Root>
 *   <Modal.Trigger asChild><Button>Sign in</Button></Modal.Trigger>
 *   <Modal.Content title="Sign in">
 *     <Modal.Body>…</Modal.Body>
 *     <Modal.Footer>…</Modal.Footer>
 *   </Modal.Content>
 * </Modal.Root>
 * ```
 */
export const Modal = {
  Root: ModalRoot,
  Trigger: ModalTrigger,
  Content: ModalContent,
  Body: ModalBody,
  Footer: ModalFooter,
  Close: ModalClose,
};
