/** Structured JSON logs, one line per entry, to stdout (errors to stderr). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(base: Record<string, unknown> = {}, level: LogLevel = 'info'): Logger {
  const write = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < order[level]) return;
    const entry = redact({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields }) as Record<string, unknown>;
    const line = JSON.stringify(entry);
    if (lvl === 'error' || lvl === 'warn') process.stderr.write(line + '\n');
    else process.stdout.write(line + '\n');
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }, level),
  };
}

/** Field names whose values never reach a log line (case-insensitive, anywhere in the entry). */
const SECRET_KEY =
  /^(cookie|set-cookie|authorization|proxy-authorization|x-api-key|password|passwd|newpassword|currentpassword|secret|sessionsecret|token|accesstoken|refreshtoken|apikey|sid)$/i;

/** A copy of a log entry with secrets replaced and errors flattened (cycles and depth bounded). */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = SECRET_KEY.test(k.replace(/[_-]/g, '')) || SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1, seen);
  return out;
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return silentLogger;
  },
};
