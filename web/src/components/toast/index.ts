export { toast, toastWithUndo, dismissToast, useToast, UNDO_TOAST_DURATION_MS, type ToastInput, type ToastVariant } from './toast-store';
export { Toaster } from './toaster';
