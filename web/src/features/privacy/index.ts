export { PrivacyMenu } from './components/privacy-menu';
export { ErasedNotice } from './components/erased-notice';
export { EraseDialog, ERASE_CONFIRMATION } from './components/erase-dialog';
export { subjectAccessUrl, useErase, type ErasableKind } from './api/erase';
