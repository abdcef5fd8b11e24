export { toast, dismissToast, useToast, type ToastInput, type ToastVariant } from './toast-store';
export { Toaster } from './toaster';
