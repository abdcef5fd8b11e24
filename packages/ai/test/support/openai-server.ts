import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat-completions reply with one assistant message (the shape the OpenAI client reads). */
export function completion(message: Record<string, unknown>) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-test',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export interface SeenRequest {
  url: string;
  body: any;
  auth: string | undefined;
}

/** How to answer one request: a status and JSON body, or `hang` ms before answering (a timeout). */
export type Answer = { status: number; body: unknown; delayMs?: number };

export interface OpenAiTestServer {
  baseURL: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP server that speaks the OpenAI chat-completions API, so the real client code
 * (@langchain/openai → openai) runs end to end: `answer` decides each reply.
 */
export async function startOpenAiServer(answer: (request: SeenRequest, req: IncomingMessage) => Answer): Promise<OpenAiTestServer> {
  const requests: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const seen = { url: req.url ?? '', body: JSON.parse(raw || '{}'), auth: req.headers.authorization };
      requests.push(seen);
      const { status, body, delayMs } = answer(seen, req);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (delayMs) setTimeout(send, delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
