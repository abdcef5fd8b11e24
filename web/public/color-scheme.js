// Apply the saved colour scheme before the first paint (no light flash in dark mode). A file, not
// an inline script: the Content-Security-Policy allows only same-origin script files.
try {
  var mode = localStorage.getItem('joy-mode') || 'system';
  if (mode === 'system') mode = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-joy-color-scheme', mode);
  document.documentElement.style.colorScheme = mode;
} catch (e) {}
