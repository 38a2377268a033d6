// Table Companion: the little the pad needs beyond htmx. Everything works without it.
(function () {
  "use strict";

  // Buttons only a page without JavaScript needs (.no-js-only) hide once this runs.
  document.documentElement.classList.add("js");

  // Show a field only when the field it depends on holds one of its values (data-shown-when).
  function applyShownWhen(root) {
    root.querySelectorAll("form").forEach(function (form) {
      form.querySelectorAll("[data-shown-when]").forEach(function (row) {
        var name = row.dataset.shownWhen;
        var checked = form.querySelector('[name="' + name + '"]:checked') ||
          form.querySelector('select[name="' + name + '"]');
        var value = checked ? checked.value : "";
        row.hidden = value !== "" && row.dataset.shownValues.split(" ").indexOf(value) < 0;
      });
      // A box hidden by a choice is not sent (disabled): a value typed before the choice
      // changed (a pile's size by the cards, then By the points) is no part of the check.
      form.querySelectorAll("[data-shown-when] input, [data-shown-when] select").forEach(
        function (control) {
          control.disabled = !!control.closest("[data-shown-when][hidden]");
        });
    });
  }

  // What is shown is true: a box's error goes when its value changes (the live preview checks
  // it again and lists what is still wrong), and any other box's error goes when the preview's
  // answer no longer finds it (pad/_preview.html lists the fields it found wrong).
  function clearError(control) {
    var form = control.form;
    if (!form) return;
    form.querySelectorAll('[name="' + control.name + '"][aria-invalid="true"]').forEach(
      function (each) {
        // The error's id goes from what the box is described by; its help's stays.
        var ids = (each.getAttribute("aria-describedby") || "").split(" ");
        var id = ids.filter(function (one) { return one.indexOf("err-") === 0; })[0];
        var rest = ids.filter(function (one) { return one && one !== id; }).join(" ");
        each.removeAttribute("aria-invalid");
        if (rest) each.setAttribute("aria-describedby", rest);
        else each.removeAttribute("aria-describedby");
        if (id && !form.querySelector('[aria-invalid="true"][aria-describedby~="' + id + '"]')) {
          var message = document.getElementById(id);
          if (message) message.remove();
        }
        var box = each.closest(".has-error");
        if (box && !box.querySelector('[aria-invalid="true"]')) box.classList.remove("has-error");
      });
  }

  function clearFixed(preview) {
    var found = preview.querySelector("[data-problem-fields]");
    var form = preview.closest("form");
    if (!found || !form) return;
    var wrong = found.dataset.problemFields.split(" ");
    form.querySelectorAll('[aria-invalid="true"]').forEach(function (control) {
      if (wrong.indexOf(control.name) < 0) clearError(control);
    });
  }

  function init(root) {
    applyShownWhen(root);
  }

  document.addEventListener("change", function (event) {
    applyShownWhen(document);
    if (event.target.name && event.target.closest("#entry")) clearError(event.target);
  });
  document.addEventListener("input", function (event) {
    if (event.target.name && event.target.closest("#entry")) clearError(event.target);
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.matches(".preview")) {
      clearFixed(event.detail.target);
      sayHeadline(event.detail.target);
    }
  });

  // The live preview is no live region: its to-do list changes at every choice. What it says
  // is a complete hand's headline, once ("Garde made by 6: Ann +186"), and again only when the
  // headline changes.
  var lastHeadline = "";
  function sayHeadline(preview) {
    var head = preview.querySelector(".preview-head");
    var words = head ? head.textContent.replace(/\s+/g, " ").trim() : "";
    if (words && words !== lastHeadline) say("announce", words);
    lastHeadline = words;
  }

  // Ask before undoing or ending (the data-confirm text says what will happen).
  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (button && button.dataset.confirm && !window.confirm(button.dataset.confirm)) {
      event.preventDefault();
    }
  });

  // Copy the session's link (templates/pad/_join.html): the clipboard where the browser allows
  // it (a LAN address over http often does not), else the text is selected for a long press.
  function copyLink(button) {
    var input = document.getElementById(button.dataset.copy);
    input.select();
    var done = function () { button.textContent = button.dataset.copied || "Copied"; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () {});
    } else if (document.execCommand && document.execCommand("copy")) {
      done();
    }
  }

  document.addEventListener("click", function (event) {
    if (event.target.matches("[data-print]")) window.print();
    if (event.target.matches("[data-copy]")) copyLink(event.target);
    // The referee's card grid: each tap adds that card to the trick, in the order tapped.
    var grid = event.target.closest && event.target.closest("[data-cards-for]");
    if (!grid) return;
    var input = document.getElementById(grid.dataset.cardsFor);
    var cards = input.value.split(/[\s,]+/).filter(function (c) { return c; });
    if (event.target.dataset.card) cards.push(event.target.dataset.card);
    else if (event.target.matches("[data-card-back]")) cards.pop();
    else if (event.target.matches("[data-card-clear]")) cards = [];
    else return;
    input.value = cards.join(" ");
  });

  // The live view's poller (templates/pad/_live.html) says which hand this phone's form is for
  // and whether anything was typed into it: the server then keeps the form as typed.
  function markTyped(event) {
    var form = event.target.closest && event.target.closest("#entry form");
    if (!form) return;
    if (event.type !== "click" || event.target.closest('button[type="button"], [data-card]')) {
      form.dataset.typed = "1";
    }
  }
  ["input", "change", "click"].forEach(function (type) {
    document.addEventListener(type, markTyped);
  });
  // Whether a form holds anything it was not drawn with: something this phone has not saved.
  // A box typed into and emptied again, a fold opened, hold nothing unsaved.
  function unsaved(form) {
    return Array.prototype.some.call(form.elements, function (control) {
      if (control.type === "hidden" || control.disabled) return false;
      if (control.type === "radio" || control.type === "checkbox") {
        return control.checked !== control.defaultChecked;
      }
      if (control.tagName === "SELECT") {
        return Array.prototype.some.call(control.options, function (option) {
          return option.selected !== option.defaultSelected;
        });
      }
      return "defaultValue" in control && control.value !== control.defaultValue;
    });
  }
  document.addEventListener("htmx:configRequest", function (event) {
    if (!event.detail.elt.hasAttribute("data-live")) return;
    var shown = document.querySelector('#entry [name="expected_number"]');
    var typed = document.querySelector("#entry form[data-typed]");
    event.detail.parameters.form = shown ? shown.value : "";
    event.detail.parameters.typing = typed && unsaved(typed) ? "1" : "";
    // The tricks of the hand this phone shows: one more on the server is said in words.
    event.detail.parameters.tricks = document.querySelectorAll("#entry .so-far .lines li").length;
  });

  // A save that left the form in place (pad/_saved_in_place.html): the blank form it was, again.
  document.addEventListener("entry-saved", function () {
    var form = document.getElementById("entry-form");
    if (!form) return;
    form.reset();
    delete form.dataset.typed;
    init(form.parentNode);
    form.dispatchEvent(new Event("cleared"));  // the preview asks again
    document.getElementById("toast").scrollIntoView(true);
  });

  // A live answer asked for while this phone's form held nothing replaces the form; what was
  // typed into it since (the answer was on its way) is kept: the form is not replaced.
  var liveAnswer = false;
  document.addEventListener("htmx:beforeSwap", function (event) {
    liveAnswer = event.detail.elt.hasAttribute("data-live");
  });
  document.addEventListener("htmx:afterSwap", function () { liveAnswer = false; });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    if (!liveAnswer || event.detail.target.id !== "entry") return;
    var typed = event.detail.target.querySelector("form[data-typed]");
    if (typed && unsaved(typed) && event.detail.fragment.querySelector("form")) {
      event.detail.shouldSwap = false;
    }
  });

  // A fold redrawn by another phone's save (live.py) stays open; hands-changed refills it.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var old = event.detail.target.querySelector("details[data-follows-hands][open]");
    var fresh = old && event.detail.fragment.querySelector("details[data-follows-hands]");
    if (fresh) fresh.open = true;
  });

  // The hands changed (a save, another phone): an open fold that shows them is fetched again.
  document.addEventListener("hands-changed", function () {
    document.querySelectorAll("details[data-follows-hands][open]").forEach(function (fold) {
      htmx.trigger(fold, "toggle");
    });
  });

  // A folded pad (#hands[data-latest]) keeps its latest rows only, as hands are saved on it.
  function trimFolded() {
    var table = document.getElementById("hands");
    var latest = table ? +table.dataset.latest : 0;
    var rows = latest ? table.querySelectorAll("tbody.hand") : [];
    for (var i = 0; i < rows.length - latest; i++) rows[i].remove();
  }

  // Keep the screen awake while a pad is open (Screen Wake Lock, where the browser has it): a
  // phone lying on the table between hands must not lock. The lock ends when the page is
  // hidden; it is asked for again when the page shows.
  var wakeLock = null;
  function keepAwake() {
    if (!("wakeLock" in navigator) || !document.querySelector("[data-live]")) return;
    if (document.visibilityState !== "visible" || (wakeLock && !wakeLock.released)) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      document.documentElement.dataset.awake = "1";
      lock.addEventListener("release", function () { delete document.documentElement.dataset.awake; });
    }, function () {});
  }
  document.addEventListener("visibilitychange", keepAwake);

  // Keyboard and screen reader (docs/design.md, "Web decisions"): the focus survives a swap,
  // and what a swap did is said in the live regions already on the page.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    // Only a write gives the focus back: a preview or a poll settling while a write's answer
    // swaps in would otherwise take the focus to where the typing was.
    if (elt.closest(".preview-box") || elt.hasAttribute("data-live")) return;
    var active = document.activeElement;
    if (event.detail.xhr && active && active.id) event.detail.xhr.companionFocus = active.id;
  });
  function say(id, text) {
    var region = document.getElementById(id);
    if (!region || !text) return;
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 60);
  }
  function wordsOf(selector) {
    return Array.prototype.map.call(document.querySelectorAll(selector), function (node) {
      return node.textContent.replace(/\s+/g, " ").trim();
    }).join(" ");
  }
  // A refusal is said once: the focus goes to the first field refused, whose name and error
  // the reader then reads (aria-describedby); the alert says every other error.
  function refused() {
    var first = firstRefused();
    var told = first ? (first.getAttribute("aria-describedby") || "").split(" ") : [];
    if (first) first.focus();
    return Array.prototype.filter.call(
      document.querySelectorAll("main .error, #stale-choice"),
      function (node) { return told.indexOf(node.id) < 0; }
    ).map(function (node) { return node.textContent.replace(/\s+/g, " ").trim(); }).join(" ");
  }
  function firstRefused() {
    var invalid = document.querySelectorAll('main [aria-invalid="true"]');
    for (var i = 0; i < invalid.length; i++) {
      var group = invalid[i].type === "radio" && invalid[i].form ?
        invalid[i].form.querySelector('[name="' + invalid[i].name + '"]:checked') : null;
      var control = group || invalid[i];
      if (!control.disabled && control.getClientRects().length) return control;
    }
    return null;
  }
  // A page drawn with a refusal (a form posted without htmx) opens on its first field refused.
  document.addEventListener("DOMContentLoaded", function () {
    var first = document.querySelector("[autofocus]") ? null : firstRefused();
    if (first) first.focus();
  });

  // Another phone's change, brought by the live view (pad/_live.html): said once, politely.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!event.detail.elt.hasAttribute("data-live")) return;
    var poller = document.getElementById("live");
    if (!poller) return;
    var words = poller.dataset.say || "";
    if ("sayTrick" in poller.dataset) {
      words = [words, poller.dataset.sayTrick, wordsOf("#entry .trick-status")].join(" ").trim();
    }
    delete poller.dataset.say;
    delete poller.dataset.sayTrick;
    say("announce", words);
  });

  var lastSettled = null;
  document.addEventListener("htmx:afterSettle", function (event) {
    var xhr = event.detail.xhr;
    if (!xhr || xhr === lastSettled || event.detail.elt.hasAttribute("data-live")) return;
    lastSettled = xhr;
    var active = document.activeElement;
    if (xhr.companionFocus && (!active || active === document.body)) {
      var again = document.getElementById(xhr.companionFocus) ||
        document.querySelector("#entry .primary:not([disabled])");
      if (again) {
        again.focus({ preventScroll: true });
        // Chrome drops the focus of a disabled control at its next frame: once more after it.
        window.requestAnimationFrame(function () {
          var now = document.activeElement;
          if ((!now || now === document.body) && again.isConnected) again.focus({ preventScroll: true });
        });
      }
    }
    var verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    if (event.detail.elt.closest(".preview-box")) return;  // the preview says its own headline
    if (xhr.status === 409 || xhr.status === 422) {
      say("announce-alert", refused());
    } else if (verb === "post" && xhr.status < 300) {
      say("announce", xhr.responseText.indexOf('id="toast"') >= 0 ? wordsOf("#toast > p")
        : wordsOf("#entry .trick-status"));
    }
  });

  // Without the pad's server (docs/design.md, "A dropped connection loses nothing typed"): the
  // form stays as typed, the toast says so with a Retry; the live view says it lost the server.
  var failedWrite = null;
  function unreachable(detail) {
    var status = detail.xhr ? detail.xhr.status : 0;
    return status === 0 || status === 502 || status === 504;  // 502/504: a proxy before a stopped pad
  }
  function isWrite(detail) {
    return detail.requestConfig && detail.requestConfig.verb === "post" &&
      !detail.elt.closest(".preview-box");
  }
  function lostServer(lost) {
    var note = document.getElementById("lost-server");
    if (note) note.hidden = !lost;
  }
  function notSaved(elt) {
    var toast = document.getElementById("toast");
    var words = document.getElementById("not-saved");
    if (!toast || !words) return;
    failedWrite = elt;
    toast.replaceChildren(words.content.cloneNode(true));
    toast.classList.add("warn");
    toast.dataset.notSaved = "1";
    toast.hidden = false;
    toast.scrollIntoView(true);
    say("announce-alert", wordsOf("#toast > p"));
  }
  function retry() {
    var elt = failedWrite;
    if (!elt || !elt.isConnected) return;
    var sender = elt._sentBy && elt._sentBy.isConnected ? elt._sentBy : null;
    if (sender) sender.click();  // the same button again: its name and value go with it
    else if (elt.tagName === "FORM") elt.requestSubmit();
    else elt.click();
  }
  function failed(event) {
    var detail = event.detail;
    if (!unreachable(detail)) return;
    if (detail.elt.hasAttribute("data-live")) lostServer(true);
    else if (isWrite(detail)) notSaved(detail.elt);
  }
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (type) {
    document.addEventListener(type, failed);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    if (unreachable(detail)) return;
    if (detail.elt.hasAttribute("data-live")) lostServer(false);
    var toast = document.getElementById("toast");
    if (isWrite(detail) && toast && toast.dataset.notSaved) {
      toast.hidden = true;
      toast.replaceChildren();
      toast.classList.remove("warn");
      delete toast.dataset.notSaved;
    }
  });
  document.addEventListener("submit", function (event) {
    event.target._sentBy = event.submitter;
  }, true);
  document.addEventListener("click", function (event) {
    if (event.target.matches("[data-retry]")) retry();
  });

  // The installed pad's service worker (static/sw.js, at the address the page names).
  var worker = document.querySelector('meta[name="service-worker"]');
  if (worker && "serviceWorker" in navigator) {
    navigator.serviceWorker.register(worker.content).catch(function () {});
  }

  document.addEventListener("DOMContentLoaded", function () { init(document); keepAwake(); });
  // "Hand 5 saved · Undo hand 5" stays only while the session's Undo (#undo-last) takes back
  // that hand: once another phone wrote, that undo would be refused, so the banner goes.
  function dropStaleSaved() {
    var toast = document.getElementById("toast");
    var undone = toast && toast.querySelector('[name="based_on"]');
    if (!undone) return;
    var last = document.querySelector('#undo-last [name="based_on"]');
    if (last && last.value === undone.value) return;
    toast.hidden = true;
    toast.replaceChildren();
  }

  document.addEventListener("htmx:afterSettle", function () {
    init(document);
    trimFolded();
    dropStaleSaved();
  });
})();

// A card grid of radios (Tantony's runts, templates/pad/tricks/_tantony.html) walked suit then
// rank (docs/design.md, "Web decisions"): the radios share one name, so the form sends one card,
// and each suit's row is a radio group of its own: Left and Right move along the row (its
// ranks), Up and Down to the next suit's row, at the same rank or the nearest one not yet used.
(function () {
  "use strict";

  var ALONG = { ArrowLeft: -1, ArrowRight: 1 };
  var ACROSS = { ArrowUp: -1, ArrowDown: 1 };

  function open(row) {
    return Array.prototype.slice.call(row.querySelectorAll("input[type=radio]"));
  }

  function nearest(row, column) {
    var radios = open(row);
    var best = null;
    radios.forEach(function (radio, index) {
      if (radio.disabled) return;
      if (!best || Math.abs(index - column) < Math.abs(best.index - column)) {
        best = { radio: radio, index: index };
      }
    });
    return best && best.radio;
  }

  function step(radio, key) {
    var row = radio.closest(".suit-row");
    var radios = open(row);
    var here = radios.indexOf(radio);
    if (key in ALONG) {
      for (var i = 1; i < radios.length; i++) {
        var next = radios[(here + ALONG[key] * i + radios.length * i) % radios.length];
        if (!next.disabled) return next;
      }
      return null;
    }
    var rows = Array.prototype.slice.call(radio.closest(".runt-grid").querySelectorAll(".suit-row"));
    var at = rows.indexOf(row);
    for (var j = 1; j < rows.length; j++) {
      var found = nearest(rows[(at + ACROSS[key] * j + rows.length * j) % rows.length], here);
      if (found) return found;
    }
    return null;
  }

  document.addEventListener("keydown", function (event) {
    var radio = event.target;
    if (!radio.matches || !radio.matches(".runt-grid .suit-row input[type=radio]")) return;
    if (!(event.key in ALONG) && !(event.key in ACROSS)) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    var next = step(radio, event.key);
    if (!next) return;
    next.focus();
    next.checked = true;
    next.dispatchEvent(new Event("input", { bubbles: true }));
    next.dispatchEvent(new Event("change", { bubbles: true }));
  });
}());
