/**
 * The server-rendered sign-in page behind GET /api/login (works without the SPA bundle) and the
 * sign-out confirmation page. Neither has an inline script: the Content-Security-Policy allows
 * only same-origin script files, so the page's behaviour is GET /api/login.js and the values it
 * needs travel in data-* attributes, HTML-escaped.
 */

/** Where the sign-in page's script is served (same route family as the page). */
export const LOGIN_SCRIPT_PATH = '/api/login.js';

/**
 * The `next` of a sign-in, kept only when it is a path on this very origin: a relative path
 * starting with one '/', no backslash (browsers read '/\\host' as '//host'), no control
 * characters, and resolving against the origin to the same origin and a path that does not
 * start with '//' (dot segments: '/..//host'). Anything else is '/'.
 */
export function safeNextPath(next: unknown, origin = 'http://localhost'): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return '/';
  // eslint-disable-next-line no-control-regex
  if (!next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return '/';
  try {
    const base = new URL(origin);
    const url = new URL(next, base);
    if (url.origin !== base.origin) return '/';
    // dot segments can leave '//host' behind ('/..//evil' resolves to the path '//evil'), which a
    // browser reads as another host: the resolved path must itself be a plain path
    if (url.pathname.startsWith('//')) return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}

const STYLE = `
  :root { color-scheme: light dark; --accent:#4338ca; --accent-hover:#3730a3; --logo-from:#4f46e5; --logo-to:#312e81;
    --bg:#f6f7fb; --card:#fff; --text:#0f172a; --muted:#475569; --border:#cbd5e1; --danger:#b91c1c; --focus:#4f46e5; }
  @media (prefers-color-scheme: dark) { :root { --bg:#0b1120; --card:#111a2e; --text:#f1f5f9; --muted:#cbd5e1;
    --border:#334155; --accent:#4f46e5; --accent-hover:#4338ca; --logo-from:#4f46e5; --logo-to:#312e81; --danger:#fca5a5; --focus:#a5b4fc; } }
  * { box-sizing: border-box; }
  body { margin:0; min-height:100vh; display:grid; place-items:center; background:var(--bg); color:var(--text);
    font-family: "Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
  main { width:min(400px, calc(100vw - 32px)); background:var(--card); border:1px solid var(--border); border-radius:14px; padding:32px; box-shadow:0 10px 30px rgba(15,23,42,.08); }
  .brand { display:flex; align-items:center; gap:10px; margin-bottom:24px; }
  .brand-name { font-weight:800; font-size:16px; line-height:1.1; } .brand-tag { font-size:12px; color:var(--muted); }
  .logo { width:32px; height:32px; border-radius:9px; background:linear-gradient(135deg, var(--logo-from), var(--logo-to)); color:#fff; display:grid; place-items:center; flex-shrink:0; }
  h1 { font-size:22px; margin:0 0 4px; } p.sub { margin:0 0 8px; color:var(--muted); }
  label { display:block; font-size:14px; font-weight:600; margin:16px 0 6px; }
  input { width:100%; padding:10px 12px; font-size:15px; border-radius:8px; border:1px solid var(--border); background:transparent; color:inherit; font-family:inherit; }
  input[aria-invalid="true"] { border-color:var(--danger); }
  input:focus-visible, button:focus-visible, a:focus-visible { outline:2px solid var(--focus); outline-offset:2px; }
  button { margin-top:24px; width:100%; padding:11px; font-size:15px; font-weight:600; border:0; border-radius:8px; background:var(--accent); color:#fff; cursor:pointer; font-family:inherit; }
  button:hover { background:var(--accent-hover); }
  button[aria-disabled="true"] { cursor:progress; }
  .field-error { color:var(--danger); font-size:13px; margin-top:6px; }
  .field-error:empty { display:none; }
  .form-error { color:var(--danger); font-size:14px; margin-top:16px; min-height:20px; }
  .hint { font-size:13px; color:var(--muted); margin-top:16px; }
  a { color:var(--text); }
`;

const LOGO = `<span class="logo" aria-hidden="true"><svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor"><path d="M3 20 12 3l9 17h-4.6L12 11.4 7.6 20z"/></svg></span>`;

function shell(title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${escapeHtml(title)} · TalentFlow</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
${script ? `<script src="${script}" defer></script>` : ''}
</head>
<body>
<main>
  <div class="brand">${LOGO}<div><div class="brand-name">TalentFlow</div><div class="brand-tag">Executive Recruiting</div></div></div>
${body}
</main>
</body>
</html>`;
}

/** GET /api/login. `next` must already be a safe path (safeNextPath); it is escaped anyway. */
export function renderLoginPage(options: { next?: string; demoHint?: string | null } = {}): string {
  const next = safeNextPath(options.next);
  const hint = options.demoHint ? `<p class="hint">${escapeHtml(options.demoHint)}</p>` : '';
  return shell(
    'Sign in',
    `  <h1>Sign in</h1>
  <p class="sub">Executive recruiting, one shared pipeline.</p>
  <form id="login" method="post" action="/api/auth/login" novalidate data-next="${escapeHtml(next)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required autofocus aria-describedby="email-error">
    <div class="field-error" id="email-error"></div>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required aria-describedby="password-error">
    <div class="field-error" id="password-error"></div>
    <button type="submit" id="submit">Sign in</button>
    <div class="form-error" id="error" role="alert" aria-live="polite"></div>
  </form>
  ${hint}
  <p class="hint"><a href="/">Back to the home page</a></p>`,
    LOGIN_SCRIPT_PATH,
  );
}

/**
 * GET /api/logout from another site: no sign-out on a mere navigation (any page could end the
 * session with a link or an <img>); a same-origin form POST confirms instead.
 */
export function renderLogoutConfirmPage(): string {
  return shell(
    'Sign out',
    `  <h1>Sign out?</h1>
  <p class="sub">A link from another site asked to end your session.</p>
  <form method="post" action="/api/logout">
    <button type="submit">Sign out</button>
  </form>
  <p class="hint"><a href="/">Stay signed in</a></p>`,
  );
}

/**
 * GET /api/login.js: validates each field under that field (aria-invalid, aria-describedby),
 * moves focus to the first invalid one, keeps the button focusable while busy (aria-disabled,
 * not disabled, so focus never drops to <body>), and goes to the form's data-next on success.
 */
export const LOGIN_SCRIPT = `'use strict';
document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('login');
  if (!form) return;
  var submit = document.getElementById('submit');
  var formError = document.getElementById('error');
  var fields = { email: form.elements.namedItem('email'), password: form.elements.namedItem('password') };
  var busy = false;
  function setFieldError(name, message) {
    var input = fields[name];
    var slot = document.getElementById(name + '-error');
    slot.textContent = message || '';
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  function check() {
    var errors = {};
    var email = fields.email.value.trim();
    if (!email) errors.email = 'Enter your email address.';
    else if (!/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email)) errors.email = 'Enter a valid email address.';
    if (!fields.password.value) errors.password = 'Enter your password.';
    return errors;
  }
  function show(errors) {
    var first = null;
    ['email', 'password'].forEach(function (name) {
      setFieldError(name, errors[name]);
      if (errors[name] && !first) first = fields[name];
    });
    if (first) first.focus();
    return !first;
  }
  ['email', 'password'].forEach(function (name) {
    fields[name].addEventListener('input', function () { if (fields[name].getAttribute('aria-invalid')) setFieldError(name, ''); });
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (busy) return;
    formError.textContent = '';
    if (!show(check())) return;
    busy = true;
    submit.setAttribute('aria-disabled', 'true');
    submit.textContent = 'Signing in...';
    function done(message) {
      busy = false;
      submit.removeAttribute('aria-disabled');
      submit.textContent = 'Sign in';
      if (message) formError.textContent = message;
    }
    fetch('/api/auth/login', {
      method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: fields.email.value.trim(), password: fields.password.value }),
    }).then(function (res) {
      if (res.status === 204) { window.location.assign(form.getAttribute('data-next') || '/'); return; }
      return res.json().catch(function () { return {}; }).then(function (problem) {
        var byField = {};
        (problem.errors || []).forEach(function (e) { if (fields[e.path] && !byField[e.path]) byField[e.path] = e.message; });
        if (Object.keys(byField).length) { done(''); show(byField); return; }
        done(problem.detail || 'Sign-in failed (' + res.status + ').');
        if (res.status === 401) fields.password.focus();
      });
    }).catch(function () { done('Cannot reach the server. Please try again.'); });
  });
});
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
