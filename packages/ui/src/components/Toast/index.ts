export { TOAST_DURATION_MS, ToastProvider, toastTones, useToast } from './Toast';
export type { ToastApi, ToastOptions, ToastProviderProps, ToastTone } from './Toast';
