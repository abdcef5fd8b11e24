import { useCanEdit } from '@/features/auth';
import { AiPage } from '@/features/ai/components/ai-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AiScreen() {
  useDocumentTitle('AI Assistant');
  return <AiPage canEdit={useCanEdit()} />;
}
