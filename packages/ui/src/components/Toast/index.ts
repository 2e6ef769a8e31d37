export { TOAST_DURATION_MS, ToastProvider, ToastTimers, toastTones, useToast } from './Toast';
export type {
  ToastApi,
  ToastOptions,
  ToastProviderProps,
  ToastTimersProps,
  ToastTone,
} from './Toast';
