import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * Sets the tab title from a branch of a screen (a hook cannot be called conditionally, and an
 * outer screen calling it would overwrite the inner page's title: effects run inner first).
 */
export function DocumentTitle({ parts }: { parts: string[] }) {
  useDocumentTitle(...parts);
  return null;
}
