// Applies the saved colour scheme before the first paint, so reloading a dark page shows
// no white frame: what Mantine's ColorSchemeScript does for server-rendered pages. The key
// and values are those of Mantine's localStorageColorSchemeManager ("auto" follows the
// system). A file, not an inline script, because the Content-Security-Policy allows
// scripts from 'self' only.
(function () {
  var scheme = 'light';
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    if (stored === 'light' || stored === 'dark') scheme = stored;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    // Storage blocked: the system preference alone, read again by Mantine after start.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  document.documentElement.style.colorScheme = scheme;
})();
