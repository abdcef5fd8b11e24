import type { Page } from 'playwright-core';

/**
 * Calls the API from inside the signed-in page (same origin, the user's session cookie), for
 * arranging data a test needs that no screen creates (tasks, interviews).
 */
export async function apiCall<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${response.status}: ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
    { method, path, body },
  );
}

/** Two candidates that are one person (same name, two e-mails), registered through the API; their ids. */
export async function postDuplicatePair(
  page: Page,
  same: { firstName: string; lastName: string },
  first: Record<string, unknown>,
  second: Record<string, unknown>,
): Promise<[{ id: number; position: number }, { id: number; position: number }]> {
  type Result = { id: number; position: number };
  return [
    await apiCall<Result>(page, 'POST', '/api/candidates', { ...same, ...first }),
    await apiCall<Result>(page, 'POST', '/api/candidates', { ...same, ...second }),
  ];
}
