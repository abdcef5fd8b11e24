/** A tiny cookie-keeping HTTP client, like a browser tab of one user. */
export class Client {
  cookie = '';
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const setCookies = res.headers.getSetCookie();
    if (setCookies.length > 0) {
      const jar = new Map(this.cookie ? this.cookie.split('; ').map((c) => [c.split('=')[0]!, c] as const) : []);
      for (const c of setCookies) {
        const pair = c.split(';')[0]!;
        jar.set(pair.split('=')[0]!, pair);
      }
      this.cookie = [...jar.values()].filter((c) => !c.endsWith('=')).join('; ');
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text };
  }
  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body ?? {}, headers);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body ?? {});
  delete = (path: string) => this.request('DELETE', path);

  async login(email: string, password: string) {
    const res = await this.post('/api/auth/login', { email, password });
    if (res.status !== 204) throw new Error(`login failed: ${res.status} ${res.text}`);
    return this;
  }
}
