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
  var root = document.documentElement;
  root.setAttribute('data-mantine-color-scheme', scheme);
  root.style.colorScheme = scheme;
  // Mantine later switches the attribute alone (the theme toggle, or the system turning
  // dark while the scheme is "auto"); the inline color-scheme must follow it, or every
  // light-dark() surface stays light under dark text.
  new MutationObserver(function () {
    root.style.colorScheme = root.getAttribute('data-mantine-color-scheme') || 'light';
  }).observe(root, { attributes: true, attributeFilter: ['data-mantine-color-scheme'] });
})();
