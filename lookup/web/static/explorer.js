// ninebase explorer. Every link on the page works without this script; with
// it, a click fetches the new position's view from /api/{puzzle}/view, swaps
// it in, records it in the history and animates the move; moves light up the
// cells they change when hovered or focused; the shortest way plays itself.
// It knows nothing of any puzzle: a drawing's cells carry data-cell numbers,
// and a move's data-motion says, per cell, where its content comes from and
// how far it turns (see Puzzle.move_changes).
(function () {
  "use strict";
  const section = document.getElementById("position");
  if (!section) return;
  const puzzle = section.dataset.puzzle;
  const message = document.getElementById("message");
  const input = document.getElementById("state");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const MOVE_MS = 350;
  const glides = new WeakMap(); // per drawing, the timer that ends its glide
  let stopPlayer = function () {};

  function stateOf(href) {
    return new URL(href, window.location.href).searchParams.get("state") || "";
  }

  function showMessage(text) {
    message.textContent = text;
    message.hidden = !text;
  }

  function motionOf(element) {
    try {
      return JSON.parse((element && element.dataset.motion) || "{}");
    } catch (ignored) {
      return {};
    }
  }

  function inverse(motion) {
    const back = {};
    Object.keys(motion).forEach(function (cell) {
      back[motion[cell][0]] = [Number(cell), -motion[cell][1]];
    });
    return back;
  }

  function cell(svg, number) {
    return svg.querySelector('[data-cell="' + number + '"]');
  }

  function mark(svg, motion, name) {
    if (!svg) return;
    svg.querySelectorAll("." + name).forEach(function (element) { element.classList.remove(name); });
    Object.keys(motion).forEach(function (number) {
      const element = cell(svg, number);
      if (element) element.classList.add(name);
    });
  }

  // The drawing already shows the board after the move: each changed cell
  // starts where its content was, turned back, and glides home.
  function animate(svg, motion, milliseconds) {
    if (!svg || reducedMotion.matches) return;
    const starts = [];
    Object.keys(motion).forEach(function (number) {
      const element = cell(svg, number);
      const from = cell(svg, motion[number][0]);
      if (!element || !from) return;
      const here = element.getBBox();
      const there = from.getBBox();
      const spin = motion[number][1] ? element.querySelector(".spin") : null;
      starts.push({ element: element, spin: spin, dx: there.x - here.x, dy: there.y - here.y, turn: -motion[number][1] });
    });
    // a glide still under way is ended first: the new one starts from where the cells are drawn now
    window.clearTimeout(glides.get(svg));
    svg.querySelectorAll(".moving").forEach(function (element) { element.classList.remove("moving"); });
    svg.style.setProperty("--step", milliseconds + "ms");
    starts.forEach(function (start) {
      const rotate = start.turn ? " rotate(" + start.turn + "deg)" : "";
      start.element.style.transform = "translate(" + start.dx + "px, " + start.dy + "px)" + (start.spin ? "" : rotate);
      if (start.spin) start.spin.style.transform = rotate;
    });
    svg.getBoundingClientRect(); // the start positions are laid out before the transition begins
    starts.forEach(function (start) {
      start.element.classList.add("moving");
      start.element.style.transform = "";
      if (start.spin) start.spin.style.transform = "";
    });
    glides.set(svg, window.setTimeout(function () {
      starts.forEach(function (start) { start.element.classList.remove("moving"); });
    }, milliseconds + 50));
  }

  function board() {
    return section.querySelector(".board-frame svg");
  }

  async function show(state, push, motion) {
    const started = performance.now();
    const response = await fetch("/api/" + encodeURIComponent(puzzle) + "/view?state=" + encodeURIComponent(state));
    if (!response.ok) {
      let text = "cannot show that position (" + response.status + ")";
      try { text = (await response.json()).error; } catch (ignored) { /* not JSON */ }
      showMessage(text);
      return false;
    }
    const focusWasHere = section.contains(document.activeElement);
    stopPlayer();
    section.innerHTML = await response.text();
    showMessage("");
    const shown = section.querySelector(".position-grid").dataset.state;
    input.value = shown;
    document.title = puzzle + " " + shown + " — ninebase";
    const url = "/" + encodeURIComponent(puzzle) + "?state=" + encodeURIComponent(shown);
    if (push) history.pushState({ state: shown }, "", url);
    if (motion) {
      mark(board(), motion, "moved");
      animate(board(), motion, MOVE_MS);
    }
    if (focusWasHere) (document.getElementById("best") || document.getElementById("distance")).focus();
    setUpPlayer();
    document.body.dataset.updateMs = (performance.now() - started).toFixed(1);
    return true;
  }

  // The shortest way as a player: one frame at a time, each move animated.
  function setUpPlayer() {
    const box = section.querySelector("#playback");
    if (!box) return;
    const frames = Array.prototype.slice.call(box.querySelectorAll(".frame"));
    const last = frames.length - 1;
    const label = box.querySelector("#step-label");
    const play = box.querySelector("#play");
    const speed = box.querySelector("#speed");
    const buttons = {
      restart: box.querySelector("#restart"),
      previous: box.querySelector("#previous"),
      next: box.querySelector("#next"),
    };
    let current = 0;
    let timer = null;
    box.querySelector(".player").hidden = false;
    box.classList.add("playing");

    function duration() {
      return Math.min(700, Math.round(Number(speed.value) * 0.6));
    }

    function render(index) {
      const from = current;
      current = index;
      frames.forEach(function (frame, position) { frame.hidden = position !== index; });
      const svg = frames[index].querySelector("svg");
      let motion = {};
      if (index === from + 1) motion = motionOf(frames[index]);
      else if (index === from - 1) motion = inverse(motionOf(frames[from]));
      mark(svg, motion, "moved");
      animate(svg, motion, duration());
      const unit = box.dataset.unit;
      label.textContent = index === 0
        ? "The start: " + last + " " + (last === 1 ? unit : box.dataset.units) + " to the goal"
        : unit + " " + index + " of " + last + ": " + frames[index].dataset.label +
          (index === last ? " — the goal" : ", " + (last - index) + " to go");
      buttons.restart.disabled = buttons.previous.disabled = index === 0;
      buttons.next.disabled = index === last;
    }

    function pause() {
      if (timer !== null) window.clearInterval(timer);
      timer = null;
      play.textContent = "Play";
      play.setAttribute("aria-pressed", "false");
    }

    function start() {
      if (current === last) render(0);
      play.textContent = "Pause";
      play.setAttribute("aria-pressed", "true");
      timer = window.setInterval(function () {
        if (current < last) render(current + 1);
        if (current === last) pause();
      }, Number(speed.value));
    }

    play.addEventListener("click", function () { if (timer === null) start(); else pause(); });
    speed.addEventListener("change", function () { if (timer !== null) { pause(); start(); } });
    buttons.restart.addEventListener("click", function () { pause(); render(0); });
    buttons.previous.addEventListener("click", function () { pause(); render(Math.max(0, current - 1)); });
    buttons.next.addEventListener("click", function () { pause(); render(Math.min(last, current + 1)); });
    stopPlayer = pause;
    pause();
    render(0);
  }

  function lightMove(event, on) {
    const link = event.target.closest && event.target.closest("a[data-motion]");
    if (link && section.contains(link)) mark(board(), on ? motionOf(link) : {}, "lit");
  }
  section.addEventListener("mouseover", function (event) { lightMove(event, true); });
  section.addEventListener("mouseout", function (event) { lightMove(event, false); });
  section.addEventListener("focusin", function (event) { lightMove(event, true); });
  section.addEventListener("focusout", function (event) { lightMove(event, false); });

  section.addEventListener("click", function (event) {
    const link = event.target.closest("a[href]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    let state = stateOf(link.href);
    // a puzzle's panel may offer modes: a link then leads elsewhere in a mode it names (data-state-MODE)
    const mode = section.querySelector("input[name=mode]:checked");
    const elsewhere = mode && link.getAttribute("data-state-" + mode.value);
    if (elsewhere) state = elsewhere;
    event.preventDefault();
    show(state, true, link.dataset.motion ? motionOf(link) : null);
  });

  document.getElementById("state-form").addEventListener("submit", function (event) {
    event.preventDefault();
    show(input.value.trim(), true, null);
  });

  // Space plays the best move, unless a control that space works itself has the focus.
  document.addEventListener("keydown", function (event) {
    if (event.key !== " " || event.ctrlKey || event.metaKey || event.altKey) return;
    const control = event.target.closest && event.target.closest("input, textarea, select, button, summary, [contenteditable]");
    const best = document.getElementById("best");
    if (control || !best) return;
    event.preventDefault();
    best.click();
  });

  window.addEventListener("popstate", function () {
    show(stateOf(window.location.href), false, null);
  });

  history.replaceState({ state: stateOf(window.location.href) }, "", window.location.href);
  setUpPlayer();
})();
