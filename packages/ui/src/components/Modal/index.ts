export { Modal, modalSizes } from './Modal';
export type {
  ModalCloseProps,
  ModalContentProps,
  ModalRootProps,
  ModalSize,
  ModalTriggerProps,
} from './Modal';
