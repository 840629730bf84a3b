// ninebase explorer. Every link on the page works without this script; with
// it, a click fetches the new position's view from /api/{puzzle}/view, swaps
// it in, records it in the history and animates the move; moves light up the
// cells they change when hovered or focused; the shortest way plays itself.
// It knows nothing of any puzzle: a drawing (one svg, or several, as nine's
// matrices from 5x5) has cells that carry data-cell numbers, and a move's
// data-motion says, per cell, where its content comes from and how far it
// turns (see Puzzle.move_changes). Where the page says the moves can be
// replayed (data-replay: each move only carries cells' fill elsewhere), a
// long solution is played from its moves on one drawing.
(function () {
  "use strict";
  const section = document.getElementById("position");
  if (!section) return;
  const puzzle = section.dataset.puzzle;
  const rules = section.dataset.rules ? "&" + section.dataset.rules : "";
  const message = document.getElementById("message");
  const input = document.getElementById("state");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const MOVE_MS = 350;
  const GLIDE_MOST = 512; // a move that changes more cells is shown in place, outlined
  const glides = new WeakMap(); // per drawing, the timer that ends its glide
  const indexes = new WeakMap(); // per drawing, its cells by number
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

  function cell(drawing, number) {
    let index = indexes.get(drawing);
    if (!index) {
      index = new Map();
      drawing.querySelectorAll("[data-cell]").forEach(function (element) { index.set(element.dataset.cell, element); });
      indexes.set(drawing, index);
    }
    return index.get(String(number));
  }

  // Where `from` is drawn, seen from `element`, in the units of element's own drawing.
  function offset(element, from) {
    const here = element.getBoundingClientRect();
    const there = from.getBoundingClientRect();
    const owner = element.ownerSVGElement || element;
    const scale = (owner.getScreenCTM && owner.getScreenCTM().a) || 1;
    return { dx: (there.left - here.left) / scale, dy: (there.top - here.top) / scale };
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
    if (!svg) return;
    // a glide still under way is ended first: the new one starts from where the cells are drawn now
    window.clearTimeout(glides.get(svg));
    svg.querySelectorAll(".moving").forEach(function (element) {
      // cancelled, not left to run: a transition whose end the new style keeps would go on
      element.getAnimations({ subtree: true }).forEach(function (animation) { animation.cancel(); });
      element.classList.remove("moving");
      element.style.transform = "";
    });
    const changed = Object.keys(motion);
    if (reducedMotion.matches || changed.length > GLIDE_MOST) return;
    const starts = [];
    changed.forEach(function (number) {
      const element = cell(svg, number);
      const from = cell(svg, motion[number][0]);
      if (!element || !from) return;
      const spin = motion[number][1] ? element.querySelector(".spin") : null;
      const moved = offset(element, from);
      starts.push({ element: element, spin: spin, dx: moved.dx, dy: moved.dy, turn: -motion[number][1] });
    });
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
    return section.querySelector(".board-frame");
  }

  // `keep`: the number of the board's cell whose link was followed (a dial clicked), to focus it again.
  async function show(state, push, motion, keep) {
    const started = performance.now();
    const response = await fetch("/api/" + encodeURIComponent(puzzle) + "/view?state=" + encodeURIComponent(state) + rules);
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
    document.title = puzzle + " " + (shown.length > 40 ? shown.slice(0, 39) + "…" : shown) + " — ninebase";
    const url = "/" + encodeURIComponent(puzzle) + "?state=" + encodeURIComponent(shown) + rules;
    if (push) history.pushState({ state: shown }, "", url);
    if (motion) {
      mark(board(), motion, "moved");
      animate(board(), motion, MOVE_MS);
    }
    const again = keep && cell(board().querySelector("svg"), keep);
    const link = again && again.querySelector("a[href]");
    if (focusWasHere) (link || document.getElementById("best") || document.getElementById("distance")).focus();
    setUpPlayer();
    document.body.dataset.updateMs = (performance.now() - started).toFixed(1);
    return true;
  }

  // What the player shows: the frames the page holds, one at a time...
  function framesShown(box) {
    const frames = Array.prototype.slice.call(box.querySelectorAll(".frame"));
    let current = 0;
    return {
      last: frames.length - 1,
      label: function (index) { return frames[index].dataset.label; },
      show: function (index) {
        let motion = {};
        if (index === current + 1) motion = motionOf(frames[index]);
        else if (index === current - 1) motion = inverse(motionOf(frames[current]));
        current = index;
        frames.forEach(function (frame, position) { frame.hidden = position !== index; });
        return { drawing: frames[index], motion: motion };
      },
    };
  }

  // ...or the moves, replayed on a copy of the board: each carries cells' fill elsewhere, as its link's motion says.
  function replayShown(box) {
    const moves = JSON.parse(box.dataset.replay);
    const known = {};
    section.querySelectorAll("ul.moves a[data-move]").forEach(function (link) {
      const motion = motionOf(link);
      const pairs = Object.keys(motion).map(function (number) { return [number, String(motion[number][0])]; });
      known[link.dataset.move] = { motion: motion, pairs: pairs, label: link.querySelector(".label").textContent };
    });
    if (!moves.every(function (move) { return known[move]; })) return null;
    const stage = box.querySelector(".stage");
    Array.prototype.forEach.call(board().children, function (child) {
      if (child.tagName !== "FIGCAPTION") stage.appendChild(child.cloneNode(true));
    });
    stage.querySelectorAll("svg[role=img]").forEach(function (svg) {
      svg.setAttribute("aria-label", "the board at the step named below");
    });
    const cells = {};
    const start = {};
    stage.querySelectorAll("[data-cell]").forEach(function (element) {
      cells[element.dataset.cell] = element;
      start[element.dataset.cell] = element.getAttribute("fill");
    });
    let fills = Object.assign({}, start);
    let current = 0;

    function play(move, forward) {
      const moved = {};
      known[move].pairs.forEach(function (pair) {
        if (forward) moved[pair[0]] = fills[pair[1]];
        else moved[pair[1]] = fills[pair[0]];
      });
      Object.assign(fills, moved);
      return moved;
    }

    function paint(changed) {
      Object.keys(changed).forEach(function (number) {
        if (cells[number] && cells[number].getAttribute("fill") !== changed[number]) {
          cells[number].setAttribute("fill", changed[number]);
        }
      });
    }

    return {
      last: moves.length,
      label: function (index) { return known[moves[index - 1]].label; },
      show: function (index) {
        let motion = {};
        if (index === current + 1) {
          paint(play(moves[current], true));
          motion = known[moves[current]].motion;
        } else if (index === current - 1) {
          paint(play(moves[index], false));
          motion = inverse(known[moves[index]].motion);
        } else if (index !== current) {
          if (index < current) {
            fills = Object.assign({}, start);
            current = 0;
          }
          for (let step = current; step < index; step += 1) play(moves[step], true);
          paint(fills);
        }
        current = index;
        return { drawing: stage, motion: motion };
      },
    };
  }

  function counted(number) {
    return Number(number).toLocaleString("en-US");
  }

  // The way to the goal as a player: one step at a time, each move animated.
  function setUpPlayer() {
    const box = section.querySelector("#playback");
    if (!box) return;
    const shown = box.dataset.replay ? replayShown(box) : framesShown(box);
    if (!shown) return;
    const last = shown.last;
    const label = box.querySelector("#step-label");
    const play = box.querySelector("#play");
    const speed = box.querySelector("#speed");
    const seek = box.querySelector("#seek");
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
      const drawn = shown.show(index);
      current = index;
      mark(drawn.drawing, drawn.motion, "moved");
      animate(drawn.drawing, drawn.motion, duration());
      const unit = box.dataset.unit;
      label.textContent = index === 0
        ? "The start: " + counted(last) + " " + (last === 1 ? unit : box.dataset.units) + " to the goal"
        : unit + " " + counted(index) + " of " + counted(last) + ": " + shown.label(index) +
          (index === last ? " — the goal" : ", " + counted(last - index) + " to go");
      buttons.restart.disabled = buttons.previous.disabled = index === 0;
      buttons.next.disabled = index === last;
      if (seek) seek.value = String(index);
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
    if (seek) seek.addEventListener("input", function () { pause(); render(Number(seek.value)); });
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
    let state = stateOf(link.getAttribute("href")); // the attribute: an SVG link's href is no string
    // a puzzle's panel may offer modes: a link then leads elsewhere in a mode it names (data-state-MODE)
    const mode = section.querySelector("input[name=mode]:checked");
    const elsewhere = mode && link.getAttribute("data-state-" + mode.value);
    if (elsewhere) state = elsewhere;
    event.preventDefault();
    const place = link.closest(".board-frame [data-cell]");
    show(state, true, link.dataset.motion ? motionOf(link) : null, place && place.dataset.cell);
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
