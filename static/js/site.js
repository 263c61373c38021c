"use strict";
// Small enhancements only: every page works without this file.

// The suits toggle posts its form in the background and switches the colours in place, so the
// reader keeps their scroll position. Without JavaScript (or on any failure) the form submits
// normally and the server redirects back to the same page.
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.classList.contains("suits-form")) return;
  if (form.dataset.plain) return; // the fallback below: let the browser post it
  const button = event.submitter || form.querySelector("button[name=suits]");
  if (!button || !window.fetch) return;
  event.preventDefault();
  const data = new FormData(form);
  data.set("suits", button.value);
  try {
    const response = await fetch(form.action, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      redirect: "manual",
    });
    // A redirect (opaque here) or a 2xx both mean the preference was stored.
    if (response.type !== "opaqueredirect" && !response.ok) throw new Error(String(response.status));
  } catch (_error) {
    form.dataset.plain = "1";
    form.requestSubmit(button);
    return;
  }
  const four = button.value === "four";
  document.documentElement.classList.toggle("four-colour", four);
  button.value = four ? "two" : "four";
  button.setAttribute("aria-pressed", four ? "true" : "false");
  const label = button.querySelector(".suits-label");
  if (label) label.textContent = four ? button.dataset.labelOn : button.dataset.labelOff;
});

// Switching language keeps the place on the page: the part after # (a rule's anchor, an example)
// is the same in both languages, but the server never sees it, so it is carried over here. (Without
// JavaScript the switch keeps a place the address names, and each section of a rules page has its
// own link to the other language.)
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[data-lang-switch]") : null;
  if (!link || !window.location.hash) return;
  link.hash = window.location.hash;
});
