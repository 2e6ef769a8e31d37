export { ToastProvider, ToastTimers, useToast } from './Toast';
export type { ToastApi, ToastProviderProps, ToastTimersProps } from './Toast';
export { toastTones, type ToastOptions, type ToastTone } from './toastEntry';
