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
      if (i.hasAttribute('ssr')) {
        try {
          sessionStorage.setItem(key, '1');
        } catch (e) {}
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
