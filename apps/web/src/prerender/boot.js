// The prerendered page's head script (scripts.ts writes in the lists; the API allows it by its
// hash in the Content-Security-Policy). It runs before anything is drawn, so it is small and
// plain: it puts the stored theme on the page, decides whether the server's picture of the page
// is the one this browser would see, and starts the app.
/* eslint-disable no-undef -- its lists are placeholders that scripts.ts writes in */
(function () {
  var themes = __THEMES__;
  var keys = __KEYS__;
  var languages = __LANGUAGES__;
  var root = document.documentElement;

  function read(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null; // private browsing, storage turned off: nothing stored
    }
  }

  function supported(tag) {
    var base = String(tag || '')
      .split('-')[0]
      .toLowerCase();
    return languages.indexOf(base) >= 0 ? base : null;
  }

  // §3: the stored theme is on the document root before the first paint (as main.tsx does).
  var theme = read(keys.theme);
  root.setAttribute('data-theme', themes.indexOf(theme) >= 0 ? theme : __DEFAULT_THEME__);

  // A remembered country (lib/country: a fresh answer, not the fallback) names a language too.
  function countryLanguage() {
    var raw = read(keys.country);
    if (!raw) return null;
    try {
      var cached = JSON.parse(raw);
      var fresh = typeof cached.at === 'number' && Date.now() - cached.at < __COUNTRY_CACHE_MS__;
      if (!fresh || typeof cached.country !== 'string' || cached.fallback === true) return null;
      return cached.country.toUpperCase() === 'VN' ? 'vi' : 'en';
    } catch {
      return null;
    }
  }

  // The language the app will choose (lib/i18n/detectLanguage): the stored choice, else the
  // first supported language the browser names, else the remembered country's, else the page's.
  // The document says it from the first moment, whether the picture stays or not.
  var drawn = root.getAttribute('lang');
  var expected = supported(read(keys.language));
  var named =
    navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (var i = 0; !expected && i < named.length; i += 1) expected = supported(named[i]);
  expected = expected || countryLanguage() || drawn;
  root.setAttribute('lang', expected);

  // The picture is of a visitor's page in one language: not for someone signed in, nor for a
  // browser that will show the other language.
  var signedIn = read(keys.token) !== null || read(keys.account) !== null;
  var fits = !signedIn && expected === drawn;
  if (!fits) root.setAttribute('data-prerendered', 'off');

  // The app never runs before the whole document is parsed (its #root and the picture come
  // after this script, and a module script in the page would wait for them too): a frame or a
  // fetched module can come while a busy parser has stopped halfway. Without the picture it then
  // starts at once; with it, after the picture's first frame, so a slow phone draws the page
  // before it spends its time on the scripts. A page that draws no frames (a background tab)
  // starts it anyway, a moment later.
  var entry = document.querySelector('link[data-app-entry]');
  var started = false;
  function start() {
    if (started || !entry) return;
    started = true;
    import(entry.href);
  }
  function parsed() {
    if (!fits) return start();
    window.requestAnimationFrame(function () {
      window.setTimeout(start, 0);
    });
    window.setTimeout(start, 500);
  }
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', parsed, { once: true });
  } else {
    parsed();
  }
})();
