export { Modal, modalPlacements, modalSizes } from './Modal';
export type {
  ModalCloseProps,
  ModalContentProps,
  ModalPlacement,
  ModalRootProps,
  ModalSize,
  ModalTriggerProps,
} from './Modal';
