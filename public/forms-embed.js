// Keel's form embed, on the host site: sizes each embedded form's iframe
// (`<iframe src="https://keel.example/f/7-contact?embed=1">`) to its content, from the
// height the form page posts (src/client/public-pages/kit.ts, reportHeightToParent), so
// the form never shows a scrollbar of its own. Plain script, no dependencies: it runs on
// other people's sites. Only messages from Keel's origin (this script's) and from one of
// those iframes' own windows are believed.
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src, window.location.href).origin;
  var registry = (window.__keelFormsEmbed = window.__keelFormsEmbed || {});
  // The snippet pasted twice (two forms on one page) listens once.
  if (registry[origin]) return;
  registry[origin] = true;

  var TYPE = 'keel-form-height';
  var MAX_HEIGHT = 20000;

  function isFormFrame(frame) {
    try {
      var url = new URL(frame.src, window.location.href);
      return (
        url.origin === origin &&
        url.pathname.indexOf('/f/') === 0 &&
        url.searchParams.get('embed') === '1'
      );
    } catch {
      return false;
    }
  }

  function formFrames() {
    return Array.prototype.filter.call(document.getElementsByTagName('iframe'), isFormFrame);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== origin) return;
    var data = event.data;
    if (!data || data.type !== TYPE || typeof data.height !== 'number') return;
    if (!(data.height >= 0)) return;
    var frames = formFrames();
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = Math.min(Math.ceil(data.height), MAX_HEIGHT) + 'px';
        return;
      }
    }
  });

  // A form that loaded before this (async) script missed nothing: it is asked again.
  function ask() {
    var frames = formFrames();
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow)
        frames[i].contentWindow.postMessage({ type: TYPE + '?' }, origin);
    }
  }
  ask();
  if (document.readyState !== 'complete') window.addEventListener('load', ask);
})();
