// The first reads start here, while the app's JavaScript is still loading: the session check and,
// for a signed-in user on the dashboard, the dashboard's reads. The app takes these replies
// instead of asking again (web/src/lib/boot-reads.ts); a reply it never asks for is dropped.
// A file, not an inline script: the Content-Security-Policy allows only same-origin script files.
(function () {
  var pending = {};
  function get(url) {
    var reply = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
    // an unused or failed early read must not surface as an unhandled rejection
    reply.catch(function () {});
    pending[url] = reply;
    return reply;
  }
  window.__atsBootReads = {
    take: function (url) {
      var reply = pending[url];
      delete pending[url];
      return reply;
    },
  };
  try {
    var user = get('/api/auth/user');
    if (location.pathname !== '/') return;
    var tz = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
    // a signed-out visitor sees the landing page and sends nothing more
    user.then(function (reply) {
      if (!reply.ok) return;
      get('/api/dashboard/metrics?tz=' + tz);
      get('/api/jobs');
      get('/api/dashboard/recent-activities?limit=8');
      get('/api/dashboard/todays-interviews?tz=' + tz);
      get('/api/dashboard/priority-tasks?limit=8');
      get('/api/analytics/dashboard-changes?tz=' + tz);
      get('/api/dashboard/ai-analytics');
    });
  } catch (e) {}
})();
