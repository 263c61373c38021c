/* Practice tables: focus and scroll kept on the table after htmx swaps (the replay has replay.js).
   Everything works without this file; it only adds comfort. */
"use strict";

(function () {
  // After a swap the focused button is gone: put focus on the first highlighted choice, or on
  // the turn line, so keyboard and screen-reader users carry on from the new position.
  // The page stays where the reader was looking: the new table takes the old one's place, and
  // nothing in the swap (a taller or shorter table, a focused element) may scroll it away.
  var hadFocus = false;
  var keptId = null;
  var scrolled = null;
  function isTableSwap(event) {
    var target = event.detail && event.detail.target;
    return !!(target && target.id === "table");
  }
  function keepScroll(event) {
    if (scrolled !== null && isTableSwap(event) && (window.scrollX !== scrolled.x || window.scrollY !== scrolled.y)) {
      window.scrollTo({ left: scrolled.x, top: scrolled.y, behavior: "instant" });
    }
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var table = document.getElementById("table");
    hadFocus = !!(table && table.contains(document.activeElement));
    // A control the reader was setting (the bots' speed) keeps the focus in the new table.
    keptId = hadFocus && document.activeElement.tagName === "SELECT" ? document.activeElement.id : null;
    scrolled = isTableSwap(event) ? { x: window.scrollX, y: window.scrollY } : null;
  });
  document.addEventListener("htmx:afterSwap", keepScroll);
  document.addEventListener("htmx:afterSettle", function (event) {
    keepScroll(event);
    if (!hadFocus) return;
    var table = document.getElementById("table");
    if (!table) return;
    var kept = keptId && document.getElementById(keptId);
    if (kept && table.contains(kept)) {
      kept.focus({ preventScroll: true });
      return;
    }
    // The first of these that is shown (a card to move is chosen before its places show).
    var found = table.querySelectorAll(".table-message a, .table-board button.is-legal, .table-board .is-legal input, " +
                                       ".table-board .move-card.is-legal > .card[tabindex], .table-board input[type=checkbox], " +
                                       ".table-board input[type=radio], .bot-step button");
    var next = Array.prototype.find.call(found, function (el) { return el.getClientRects().length > 0; });
    if (!next) {
      next = table.querySelector(".turn");
      if (next) next.setAttribute("tabindex", "-1");
    }
    if (next) next.focus({ preventScroll: true });
  });
})();
