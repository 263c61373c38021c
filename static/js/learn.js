// Lessons and replays: the left and right arrow keys follow the Back and Next links.
"use strict";
document.addEventListener("keydown", (event) => {
  // Keys something on the page has already used (the arrows between a chosen card's places).
  if (event.defaultPrevented) return;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
  const which = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
  if (!which) return;
  const link = document.querySelector(`[data-key="${which}"]`);
  if (link) {
    event.preventDefault();
    link.click();
  }
});
