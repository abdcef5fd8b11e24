export { PrivacyMenu } from './components/privacy-menu';
export { ErasedNotice } from './components/erased-notice';
export { EraseDialog, ERASE_CONFIRMATION } from './components/erase-dialog';
export { subjectAccessUrl, useErase, type ErasableKind } from './api/erase';
export { CandidateMergeNotices } from './components/candidate-merge-notices';
export { PrivacyCard } from './components/privacy-card';
export { DuplicatesPage } from './components/duplicates-page';
export { RetentionPage } from './components/retention-page';
