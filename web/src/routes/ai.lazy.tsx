import { useCanEdit } from '@/features/auth';
import { AiPage } from '@/features/ai/components/ai-page';

export function AiScreen() {
  return <AiPage canEdit={useCanEdit()} />;
}
