export { CandidateMergeNotices } from './components/candidate-merge-notices';
export { PrivacyCard } from './components/privacy-card';
export { DuplicatesPage } from './components/duplicates-page';
export { RetentionPage } from './components/retention-page';
