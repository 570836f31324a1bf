(function () {
  var d = document.querySelector('dialog[data-home-popup]'),
    key = d && d.getAttribute('data-dismiss-key'),
    i = d && d.closest('astro-island'),
    s,
    b = document.body;
  try {
    s = sessionStorage.getItem(key);
  } catch (e) {}
  if (i && s != '1' && d.showModal) {
    d.onclose = function () {
      // Always remembered here: Astro drops `ssr` before React has attached its own onClose.
      try {
        sessionStorage.setItem(key, '1');
      } catch (e) {}
      if (i.hasAttribute('ssr')) {
        b.tabIndex = -1;
        b.focus({ preventScroll: true });
        b.removeAttribute('tabindex');
      }
    };
    d.onclick = function (e) {
      if (e.target == d && i.hasAttribute('ssr')) d.close();
    };
    d.showModal();
  }
})();
