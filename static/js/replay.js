/* Replays: ← and → step back and forward, Home and End go to the start and the end of the deal
   (the links marked data-replay-key); the list of moves keeps the current move in sight, and keeps
   its place while the review fills in. Everything works without this file. */
"use strict";

(function () {
  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var key = KEYS[event.key];
    if (!key) return;
    var link = document.querySelector('a[data-replay-key="' + key + '"]');
    if (link) {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });

  // Scroll the list itself (never the page) so that the current move is in its middle.
  function showCurrent() {
    var box = document.querySelector(".move-list-scroll");
    var current = box && box.querySelector('a[aria-current="step"]');
    if (!current) return;
    var item = current.closest("li");
    box.scrollTop = Math.max(0, item.offsetTop - (box.clientHeight - item.offsetHeight) / 2);
  }
  var kept = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var box = document.querySelector(".move-list-scroll");
    kept = box ? box.scrollTop : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var box = document.querySelector(".move-list-scroll");
    if (box && kept !== null) box.scrollTop = kept;
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showCurrent);
  else showCurrent();
})();
