/** The server-rendered sign-in page behind GET /api/login (works without the SPA bundle). */
export function renderLoginPage(options: { next?: string; demoHint?: string | null } = {}): string {
  const next = options.next && options.next.startsWith('/') && !options.next.startsWith('//') ? options.next : '/';
  const hint = options.demoHint ? `<p class="hint">${escapeHtml(options.demoHint)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · TalentFlow ATS</title>
<style>
  :root { color-scheme: light dark; --accent:#0b6bcb; --bg:#f4f6fa; --card:#fff; --text:#171a1c; --muted:#555e68; --border:#cdd7e1; --danger:#c41c1c; }
  @media (prefers-color-scheme: dark) { :root { --bg:#0b0d0e; --card:#171a1c; --text:#f0f4f8; --muted:#9fa6ad; --border:#32383e; --accent:#4393e4; } }
  * { box-sizing: border-box; }
  body { margin:0; min-height:100vh; display:grid; place-items:center; font-family: Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background:var(--bg); color:var(--text); }
  main { width:min(400px, calc(100vw - 32px)); background:var(--card); border:1px solid var(--border); border-radius:16px; padding:32px; box-shadow:0 10px 30px rgba(0,0,0,.08); }
  .brand { display:flex; align-items:center; gap:10px; font-weight:700; font-size:18px; margin-bottom:24px; }
  .logo { width:36px; height:36px; border-radius:10px; background:var(--accent); color:#fff; display:grid; place-items:center; font-weight:800; }
  h1 { font-size:22px; margin:0 0 4px; } p.sub { margin:0 0 24px; color:var(--muted); }
  label { display:block; font-size:14px; font-weight:600; margin:16px 0 6px; }
  input { width:100%; padding:10px 12px; font-size:15px; border-radius:8px; border:1px solid var(--border); background:transparent; color:inherit; }
  input:focus-visible, button:focus-visible { outline:3px solid var(--accent); outline-offset:2px; }
  button { margin-top:24px; width:100%; padding:11px; font-size:15px; font-weight:600; border:0; border-radius:8px; background:var(--accent); color:#fff; cursor:pointer; }
  button[disabled] { opacity:.6; cursor:progress; }
  .error { color:var(--danger); font-size:14px; margin-top:16px; min-height:20px; }
  .hint { font-size:13px; color:var(--muted); margin-top:16px; }
  a { color:var(--accent); }
</style>
</head>
<body>
<main>
  <div class="brand"><span class="logo">TF</span>TalentFlow ATS</div>
  <h1>Sign in</h1>
  <p class="sub">Executive recruiting, one shared pipeline.</p>
  <form id="login" novalidate>
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required autofocus>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit" id="submit">Sign in</button>
    <div class="error" id="error" role="alert" aria-live="polite"></div>
  </form>
  ${hint}
  <p class="hint"><a href="/">Back to the home page</a></p>
</main>
<script>
  const form = document.getElementById('login');
  const error = document.getElementById('error');
  const submit = document.getElementById('submit');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    submit.disabled = true; submit.textContent = 'Signing in...';
    try {
      const res = await fetch('/api/auth/login', {
        method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: form.email.value, password: form.password.value }),
      });
      if (res.status === 204) { window.location.assign(${JSON.stringify(next)}); return; }
      let message = 'Sign-in failed (' + res.status + ')';
      try { const p = await res.json(); message = p.errors && p.errors.length ? p.errors.map(x => x.message).join(', ') : (p.detail || message); } catch {}
      error.textContent = message;
    } catch { error.textContent = 'Cannot reach the server. Please try again.'; }
    submit.disabled = false; submit.textContent = 'Sign in';
  });
</script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
