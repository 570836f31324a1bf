(function () {
  var root = document.documentElement;
  root.setAttribute('data-js', '');
  try {
    var consent = JSON.parse(localStorage.getItem('consent') || 'null');
    if (
      consent &&
      typeof consent.version === 'string' &&
      (consent.choice === 'accepted' || consent.choice === 'declined')
    ) {
      root.setAttribute('data-consent-answered', consent.version);
    }
  } catch (e) {}
  try {
    var general = (JSON.parse(localStorage.getItem('persist:roots') || '{}') || {}).general || {};
    if (general.display === 'highcontrast') root.setAttribute('data-display', 'highcontrast');
    if (general.fontsize === 'fontLarge' || general.fontsize === 'fontLarger')
      root.setAttribute('data-fontsize', general.fontsize);
  } catch (e) {}
  try {
    var dark = localStorage.getItem('dark-mode');
    if (dark !== null) {
      dark = dark.replace(/"/g, '');
      if (dark === 'true' || dark === 'dark') root.setAttribute('data-theme', 'dark');
      else if (dark === 'false' || dark === 'light') root.setAttribute('data-theme', 'light');
    }
  } catch (e) {}
})();
