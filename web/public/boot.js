// The first reads start here, while the app's JavaScript is still loading: the session check and,
// for a signed-in user, the reads of the screen being opened (the dashboard's in one combined
// read). The app takes these replies instead of asking again (web/src/lib/boot-reads.ts); a reply
// it never asks for is dropped. The screen's own code starts loading here too (modulepreload), so
// it is not fetched only once the app's entry has run.
// A file, not an inline script: the Content-Security-Policy allows only same-origin script files.
(function () {
  var pending = {};
  function settle(reply) {
    // an unused or failed early read must not surface as an unhandled rejection
    reply.catch(function () {});
    return reply;
  }
  function get(url) {
    pending[url] = settle(fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } }));
    return pending[url];
  }
  window.__atsBootReads = {
    take: function (url) {
      var reply = pending[url];
      delete pending[url];
      return reply;
    },
  };
  // each screen's lazy chunk and the chunks only it imports; the build fills this in (web/vite.config.ts)
  var chunks = {} /*__ATS_ROUTE_CHUNKS__*/;
  var path = location.pathname.replace(/(.)\/$/, '$1');
  var detail = /^\/(candidates|clients|jobs)\/\d+$/.exec(path);
  var screen =
    path === '/' ? 'dashboard' : path === '/jobs/pipeline' ? 'pipeline' : detail ? detail[1].replace(/s$/, '') + '-detail' : path.slice(1);
  // the session check goes out first: the screen's chunks below are many requests, and over
  // HTTP/1.1 (six connections to a host) a request made after them waits for them
  var user;
  try {
    user = get('/api/auth/user');
  } catch (e) {}
  // the screen's code: after its reads, which are fewer and answer sooner than its chunks
  function preloadScreenCode() {
    try {
      (chunks[screen] || []).forEach(function (file) {
        var link = document.createElement('link');
        if (/\.css$/.test(file)) {
          link.rel = 'preload';
          link.as = 'style';
        } else link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = '/' + file;
        document.head.appendChild(link);
      });
    } catch (e) {}
  }
  // the dashboard's seven reads, answered from one: each part as the reply its own read would get
  function fromCombined(url, parts) {
    var combined = settle(
      fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } }).then(function (reply) {
        if (!reply.ok) throw new Error(String(reply.status));
        return reply.json().then(function (body) {
          return { body: body, headers: reply.headers };
        });
      }),
    );
    Object.keys(parts).forEach(function (part) {
      pending[parts[part]] = settle(
        combined.then(function (got) {
          var headers = { 'Content-Type': 'application/json' };
          ['X-Read-Position', 'X-Log-Head'].forEach(function (name) {
            var value = got.headers.get(name);
            if (value !== null) headers[name] = value;
          });
          return new Response(JSON.stringify(got.body[part]), { status: 200, headers: headers });
        }),
      );
    });
  }
  try {
    // a filtered screen (?search=…) builds other reads: it asks for them itself
    if (location.search !== '') return;
    var page = 'limit=30&offset=0';
    // signed in at the app's last session check (web/src/lib/boot-reads.ts: its cookie, or the
    // same hint in localStorage), or just now through
    // the sign-in form: the screen's reads go out beside the session check, not after it
    var hinted = false;
    try {
      hinted =
        /(?:^|;\s*)ats_signed_in=1(?:;|$)/.test(document.cookie || '') ||
        /^[^?#]*\/api\/login(?:[?#]|$)/.test(document.referrer || '') ||
        localStorage.getItem('ats.signedIn') === '1';
    } catch (e) {}
    // otherwise only once it answers with a user: a signed-out visitor sees the landing page and
    // sends nothing more. Hinted, they go out now, before the screen's chunks: over HTTP/1.1 (six
    // connections to a host) a request made after a screen's 20-40 chunks waits for them.
    var screenReads = function () {
      if (screen === 'dashboard') {
        // the time zone only here: the first use of Intl in a page costs 15-100 ms of the main
        // thread (its data loads), which on other screens held back their reads and code
        var tz = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
        fromCombined('/api/dashboard/first-screen?tz=' + tz + '&limit=8', {
          metrics: '/api/dashboard/metrics?tz=' + tz,
          jobs: '/api/jobs',
          recentActivities: '/api/dashboard/recent-activities?limit=8',
          todaysInterviews: '/api/dashboard/todays-interviews?tz=' + tz,
          priorityTasks: '/api/dashboard/priority-tasks?limit=8',
          changes: '/api/analytics/dashboard-changes?tz=' + tz,
          aiAnalytics: '/api/dashboard/ai-analytics',
        });
      } else if (screen === 'candidates') get('/api/candidates?' + page);
      else if (screen === 'jobs') get('/api/jobs');
      else if (screen === 'pipeline') {
        get('/api/applications/summary');
        ['applied', 'phone_screen', 'interview', 'final_interview', 'offer', 'placed', 'rejected'].forEach(function (stage) {
          get('/api/applications?stage=' + stage + '&' + page);
        });
        get('/api/jobs');
      } else if (screen === 'candidate-detail') get('/api/candidates/' + path.split('/')[2]);
      else if (screen === 'clients') get('/api/clients');
      else if (screen === 'client-detail') get('/api/clients/' + path.split('/')[2]);
    };
    if (hinted) screenReads();
    else
      user.then(function (reply) {
        if (reply.ok) screenReads();
      });
  } catch (e) {
  } finally {
    // a filtered screen returned above: its code is still the opened screen's
    preloadScreenCode();
  }
})();
