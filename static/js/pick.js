/* A card to move, then its place (games/templatetags/controls.py draws each movable card as a
   .move-card: the card, then a group of buttons, one per place it may go, each naming the pile's
   data-zone in data-target). Without this file those buttons stand beside the card.
   With it, a movable card is chosen first (a click, Enter or Space, or dragging it): then, and
   only then, its buttons are laid over their places on the board, the legal places light up, and
   pressing a place presses that very button, so the form posts exactly what it posts without
   JavaScript. Tab or the arrow keys go from place to place, Escape lets go of the card; a card
   dropped anywhere but on one of its places is let go too. A place the rules refuse can still be
   pressed: the engine then says why not. */
"use strict";

(function () {
  document.documentElement.classList.add("pick");
  var words = (document.currentScript && document.currentScript.dataset) || {};
  var NEXT = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  var chosen = null; // the .move-card whose places are shown
  var drag = null;
  var swallowClick = false;
  var status = null;

  function cardOf(move) { return move.querySelector(":scope > .card"); }
  function placesOf(move) { return Array.prototype.slice.call(move.querySelectorAll(":scope > .move-targets > button")); }
  function scopeOf(el) { return el.closest("form") || document.body; }
  function marked(move) { return !!scopeOf(move).querySelector(".is-legal"); } // a board that shows what is legal

  function pileOf(move, zone) {
    var piles = scopeOf(move).querySelectorAll('[data-zone="' + CSS.escape(zone) + '"]');
    for (var i = 0; i < piles.length; i++) if (!piles[i].classList.contains("move-card")) return piles[i];
    return null;
  }

  function say(text) {
    if (!status) {
      status = document.createElement("div");
      status.className = "visually-hidden pick-status";
      status.setAttribute("role", "status");
      document.body.appendChild(status);
    }
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 50);
  }

  function fill(text, card, places) {
    return (text || "").replace("%(card)s", card).replace("%(places)s", places || "");
  }

  function list(buttons) {
    var names = buttons.map(function (b) { return b.textContent.trim(); });
    try {
      return new Intl.ListFormat(document.documentElement.lang, { type: "disjunction" }).format(names);
    } catch (_error) {
      return names.join(", ");
    }
  }

  // Movable cards become buttons of their own (focusable, pressed while chosen).
  function enhance(root) {
    var cards = (root.querySelectorAll ? root : document).querySelectorAll(".move-card > .card:not([tabindex])");
    for (var i = 0; i < cards.length; i++) {
      var card = cards[i], move = card.parentElement;
      card.setAttribute("tabindex", "0");
      card.setAttribute("role", "button");
      card.setAttribute("aria-pressed", "false");
      if (words.hint) card.setAttribute("aria-description", words.hint);
      if (marked(move) && words.refused) {
        placesOf(move).forEach(function (b) {
          if (!b.classList.contains("is-legal")) b.setAttribute("aria-description", words.refused);
        });
      }
    }
    if (chosen && !document.body.contains(chosen)) chosen = null;
  }

  // Each place button over its pile (the group stays where it is in the page, so Tab and screen
  // readers meet the places right after their card).
  function lay(move) {
    placesOf(move).forEach(function (b) {
      var pile = pileOf(move, b.getAttribute("data-target"));
      b.classList.toggle("pick-on", !!pile);
      if (!pile) return;
      pile.classList.add("pick-dest");
      if (b.classList.contains("is-legal")) pile.classList.add("pick-legal");
      b.style.left = "0px";
      b.style.top = "0px";
      var at = b.getBoundingClientRect(), to = pile.getBoundingClientRect();
      b.style.left = (to.left - at.left) + "px";
      b.style.top = (to.top - at.top) + "px";
      b.style.width = to.width + "px";
      b.style.height = to.height + "px";
    });
  }

  function choose(move) {
    if (chosen === move) return;
    letGo(false);
    chosen = move;
    move.classList.add("is-chosen");
    var card = cardOf(move);
    card.setAttribute("aria-pressed", "true");
    // Above everything else on the board while chosen, so its places cover the piles beneath.
    var top = scopeOf(move);
    for (var el = move; el && el !== top; el = el.parentElement) el.classList.add("pick-up");
    lay(move);
    var places = placesOf(move), legal = places.filter(function (b) { return b.classList.contains("is-legal"); });
    var name = card.getAttribute("aria-label") || "";
    if (!marked(move)) say(fill(words.places, name, list(places)));
    else if (legal.length) say(fill(words.chosen, name, list(legal)));
    else say(fill(words.nowhere, name));
  }

  function letGo(focusCard) {
    var move = chosen;
    if (!move) return;
    chosen = null;
    move.classList.remove("is-chosen");
    var card = cardOf(move);
    card.setAttribute("aria-pressed", "false");
    var top = scopeOf(move);
    top.querySelectorAll(".pick-up, .pick-dest").forEach(function (el) {
      el.classList.remove("pick-up", "pick-dest", "pick-legal");
    });
    placesOf(move).forEach(function (b) {
      b.classList.remove("pick-on", "is-over");
      b.style.left = b.style.top = b.style.width = b.style.height = "";
    });
    if (focusCard) card.focus();
  }

  document.addEventListener("click", function (event) {
    if (swallowClick) {
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    var target = event.target instanceof Element ? event.target : null;
    var card = target && target.closest(".move-card > .card[tabindex]");
    if (card) {
      if (chosen === card.parentElement) letGo(false);
      else choose(card.parentElement);
      return;
    }
    if (chosen && !(target && chosen.contains(target))) letGo(false);
  }, true);

  // Capturing, so that a page's own keys (a lesson's ← and →) see these as handled.
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target instanceof Element ? event.target : null;
    var move = target && target.closest(".move-card");
    var onCard = !!move && target === cardOf(move) && target.hasAttribute("tabindex");
    if (onCard && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      if (chosen === move) letGo(false);
      else choose(move);
      return;
    }
    if (!chosen) return;
    if (event.key === "Escape") {
      event.preventDefault();
      letGo(move === chosen);
      return;
    }
    if (move !== chosen || event.shiftKey) return;
    var step = NEXT[event.key];
    if (!step) return;
    var places = placesOf(move);
    if (!places.length) return;
    event.preventDefault();
    var at = places.indexOf(target);
    var next = at < 0 ? (step > 0 ? 0 : places.length - 1) : (at + step + places.length) % places.length;
    places[next].focus();
  }, true);

  // Focus gone elsewhere (Tab past the last place, another control): the card is let go.
  document.addEventListener("focusin", function (event) {
    if (chosen && !chosen.contains(event.target) && !drag) letGo(false);
  });

  // Dragging a card onto a place (a mouse, a pen or a finger).
  document.addEventListener("pointerdown", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    var card = target && target.closest(".move-card > .card[tabindex]");
    if (!card || !event.isPrimary || event.button !== 0) return;
    drag = { card: card, move: card.parentElement, id: event.pointerId, x: event.clientX, y: event.clientY, ghost: null, over: null };
  });

  document.addEventListener("pointermove", function (event) {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 8) return;
      var box = drag.card.getBoundingClientRect();
      drag.dx = drag.x - box.left;
      drag.dy = drag.y - box.top;
      choose(drag.move);
      drag.ghost = drag.card.cloneNode(true);
      ["tabindex", "role", "aria-pressed", "aria-description", "aria-label"].forEach(function (a) { drag.ghost.removeAttribute(a); });
      drag.ghost.setAttribute("aria-hidden", "true");
      drag.ghost.classList.add("pick-ghost");
      drag.ghost.style.width = box.width + "px";
      document.body.appendChild(drag.ghost);
      drag.card.classList.add("is-lifted");
      try { drag.card.setPointerCapture(drag.id); } catch (_error) { /* the pointer is already gone */ }
    }
    event.preventDefault();
    drag.ghost.style.transform = "translate(" + (event.clientX - drag.dx) + "px, " + (event.clientY - drag.dy) + "px)";
    var under = document.elementFromPoint(event.clientX, event.clientY);
    var over = under && chosen ? under.closest(".move-card.is-chosen > .move-targets > button.pick-on") : null;
    if (over !== drag.over) {
      if (drag.over) drag.over.classList.remove("is-over");
      if (over) over.classList.add("is-over");
      drag.over = over;
    }
  });

  function drop(event, cancelled) {
    if (!drag || event.pointerId !== drag.id) return;
    var done = drag;
    drag = null;
    if (!done.ghost) return; // a plain click: the click event chooses the card
    done.ghost.remove();
    done.card.classList.remove("is-lifted");
    if (done.over && !cancelled) {
      done.over.classList.remove("is-over");
      done.over.click();
    } else {
      letGo(false);
    }
    // The click that ends a drag is not a click on the card.
    swallowClick = event.type === "pointerup";
    window.setTimeout(function () { swallowClick = false; }, 0);
  }
  document.addEventListener("pointerup", function (event) { drop(event, false); });
  document.addEventListener("pointercancel", function (event) { drop(event, true); });

  // A move posted: the new board takes the old one's place, and with it the focused place. Unless
  // the page puts the focus somewhere itself (the practice table does), it goes to the first card
  // to move on the new board, if there is one.
  var focusOnMove = false;
  document.addEventListener("htmx:beforeSwap", function () {
    focusOnMove = !!(document.activeElement && document.activeElement.closest && document.activeElement.closest(".move-card"));
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!focusOnMove) return;
    focusOnMove = false;
    var root = event.target instanceof Element && document.body.contains(event.target) ? event.target : document;
    window.setTimeout(function () {
      if (document.activeElement && document.activeElement !== document.body) return;
      var card = root.querySelector(".move-card.is-legal > .card[tabindex]") || root.querySelector(".move-card > .card[tabindex]");
      if (card) card.focus({ preventScroll: true });
    }, 0);
  });

  window.addEventListener("resize", function () { if (chosen) lay(chosen); });
  document.addEventListener("htmx:load", function (event) { enhance(event.target); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  else enhance(document);
})();
