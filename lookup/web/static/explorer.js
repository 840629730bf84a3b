// ninebase explorer: plays moves in place. Every link on the page works without
// this script; with it, a click fetches the new position's view from
// /api/{puzzle}/view, swaps it in, and records the position in the history.
(function () {
  "use strict";
  const section = document.getElementById("position");
  if (!section) return;
  const puzzle = section.dataset.puzzle;
  const message = document.getElementById("message");
  const input = document.getElementById("state");
  let step = 0;

  function stateOf(href) {
    return new URL(href, window.location.href).searchParams.get("state") || "";
  }

  function showMessage(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  async function show(state, push) {
    const started = performance.now();
    const response = await fetch("/api/" + encodeURIComponent(puzzle) + "/view?state=" + encodeURIComponent(state));
    if (!response.ok) {
      let text = "cannot show that position (" + response.status + ")";
      try { text = (await response.json()).error; } catch (ignored) { /* not JSON */ }
      showMessage(text);
      return false;
    }
    section.innerHTML = await response.text();
    showMessage("");
    const shown = section.querySelector(".position-grid").dataset.state;
    input.value = shown;
    document.title = puzzle + " " + shown + " — ninebase";
    const url = "/" + encodeURIComponent(puzzle) + "?state=" + encodeURIComponent(shown);
    if (push) history.pushState({ state: shown }, "", url);
    setUpPlayback();
    document.body.dataset.updateMs = (performance.now() - started).toFixed(1);
    return true;
  }

  function setUpPlayback() {
    const steps = section.querySelectorAll("#playback .step");
    const label = section.querySelector("#step-label");
    step = 0;
    function render() {
      steps.forEach(function (item, index) { item.hidden = steps.length > 0 && index !== step; });
      const unit = section.querySelector("#playback").dataset.unit;
      if (label) label.textContent = unit + " " + (step + 1) + " of " + steps.length;
    }
    const previous = section.querySelector("#previous");
    const next = section.querySelector("#next");
    if (previous) previous.onclick = function () { step = Math.max(0, step - 1); render(); };
    if (next) next.onclick = function () { step = Math.min(steps.length - 1, step + 1); render(); };
    if (steps.length) render();
  }

  section.addEventListener("click", function (event) {
    const link = event.target.closest("a[href]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    let state = stateOf(link.href);
    // a puzzle's panel may offer modes: a link then leads elsewhere in a mode it names (data-state-MODE)
    const mode = section.querySelector("input[name=mode]:checked");
    const elsewhere = mode && link.getAttribute("data-state-" + mode.value);
    if (elsewhere) state = elsewhere;
    event.preventDefault();
    show(state, true);
  });

  document.getElementById("state-form").addEventListener("submit", function (event) {
    event.preventDefault();
    show(input.value.trim(), true);
  });

  document.addEventListener("keydown", function (event) {
    const typing = event.target.closest && event.target.closest("input, textarea, select");
    if (event.key === " " && !typing) {
      const best = document.getElementById("best");
      if (best) {
        event.preventDefault();
        best.click();
      }
    }
  });

  window.addEventListener("popstate", function () {
    show(stateOf(window.location.href), false);
  });

  history.replaceState({ state: stateOf(window.location.href) }, "", window.location.href);
  setUpPlayback();
})();
