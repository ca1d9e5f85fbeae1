// tavolo serve: follow the game from another tablet. Every two seconds the page asks
// state.json how many moves stand, naming the answer it holds (If-None-Match): while
// nothing moves the server answers 304 with no body, a few hundred bytes. When another page
// has moved, the page loads itself again (not while a move is being typed); a page in the
// background does not ask. The page works without this.
(function () {
  var state = document.getElementById("state");
  var field = document.getElementById("move");
  var reload = document.getElementById("reload");
  if (!state || !reload) { return; }
  var seen = state.getAttribute("data-moves");
  var tag = null;
  function ask() {
    if (document.hidden) { return; }
    var r = new XMLHttpRequest();
    r.open("GET", state.getAttribute("data-url"));
    if (tag) { r.setRequestHeader("If-None-Match", tag); }
    r.onload = function () {
      if (r.status !== 200) { return; }
      tag = r.getResponseHeader("ETag");
      try {
        var now = String(JSON.parse(r.responseText).moves);
        if (now !== seen && !(field && field.value)) { window.location.replace(reload.href); }
      } catch (e) { /* a page from an older server: leave it */ }
    };
    r.send();
  }
  window.setInterval(ask, 2000);
  document.addEventListener("visibilitychange", ask);
})();

// Tap to move, on a page that may play: in the position as text, the squares of the grid
// and the pieces of the player to move become buttons, and the pieces again as tiles a
// finger can hit under the board; a piece tapped, then a square, fill the move field in the
// notation (`RV c4`, `3MW c3`, `B11`; Natura: a square, across or down, then the rack's
// letters one by one: `H8 across CASA`, the jolly asking its letter; Exchange, then the
// tiles: `exchange AE?`). Nothing is sent until Play is pressed (the same form as a typed
// move, so the record is the same), and the field can still be typed in.
(function () {
  var form = document.getElementById("play");
  var field = document.getElementById("move");
  var pre = document.getElementById("position");
  var turn = document.getElementById("turn");
  var state = document.getElementById("state");
  if (!form || !field || !pre || !turn || !state) { return; }
  function say(what) { return state.getAttribute("data-say-" + what) || what; }
  document.body.setAttribute("data-game", state.getAttribute("data-game") || "");
  var player = turn.getAttribute("data-player") || "";
  // Natura's rack makes words: its letters are tapped one by one, after a direction.
  var game = state.getAttribute("data-game") || "";
  var words = game === "natura";
  // Scalafrutta's tile is drawn blind from a real pile: it is picked among those not in
  // sight (the square, the seat's own), then where it goes in is tapped on the picture.
  var fruit = game === "scalafrutta";
  var values = {};
  (state.getAttribute("data-values") || "").split(" ").forEach(function (v) {
    if (v) { values[v.charAt(0)] = v.slice(1); }
  });
  var lines = pre.textContent.split("\n");

  // The grid: a line of consecutive single letters (the files), then lines that start with
  // a rank; a square is the file's letter and the rank (`c3`, `H8`), its cell the text that
  // stands under the file's letter.
  function files(line) {
    var out = [];
    var re = /\S+/g, m;
    while ((m = re.exec(line)) !== null) {
      if (m[0].length !== 1 || !/[A-Za-z]/.test(m[0])) { return null; }
      if (out.length && m[0].charCodeAt(0) !== out[out.length - 1].name.charCodeAt(0) + 1) { return null; }
      out.push({ name: m[0], at: m.index });
    }
    return out.length >= 3 ? out : null;
  }
  // The parts of each line: [text, kind, value] with kind "" (plain), "square" or "piece".
  var parts = [];
  var header = null;
  var mine = 0;
  for (var i = 0; i < lines.length; i++) {
    var line = lines[i];
    var f = files(line);
    var rank = /^\s*(\d+)\s/.exec(line);
    var cuts = [];
    if (f) {
      header = f;
    } else if (header && rank) {
      header.forEach(function (h) {
        if (h.at >= line.length || line.charAt(h.at) === " ") { return; }
        var a = h.at, b = h.at + 1;
        while (a > 0 && line.charAt(a - 1) !== " ") { a--; }
        while (b < line.length && line.charAt(b) !== " ") { b++; }
        cuts.push([a, b, "square", h.name + rank[1]]);
      });
    } else {
      header = null;
      var t = line.replace(/^\s+/, "");
      var next = t.charAt(player.length);
      if (!fruit && player && t.indexOf(player) === 0 && /[\s:('’]/.test(next) && line.indexOf(":") > 0) {
        // The holding: after the colon, up to a `;` (a dummy's face-down cards follow it).
        var from = line.indexOf(":") + 1;
        var to = line.indexOf(";", from);
        if (to < 0) { to = line.length; }
        var re = /[^\s;,]+/g, m;
        re.lastIndex = from;
        while ((m = re.exec(line)) !== null && m.index < to) {
          var w = m[0];
          // Pieces are codes (BB, 8YK, R13, AEIR?): not counts, not words such as `face up`.
          if (!/^[A-Z0-9?][A-Za-z0-9?]*$/.test(w) || /^\d+$/.test(w)) { continue; }
          if (words) {
            for (var k = 0; k < w.length; k++) {
              cuts.push([m.index + k, m.index + k + 1, "piece", w.charAt(k)]);
            }
          } else {
            cuts.push([m.index, m.index + w.length, "piece", w]);
          }
          mine++;
        }
      }
    }
    parts.push(cuts);
  }
  // Scalafrutta's tiles that may have been drawn: the pile's as the director sees it (the
  // line under the square), else every tile but the square's and the seat's own.
  function drawable() {
    var tile = /\b[MPCUFB][1-6]\b/g;
    var seen = {}, pile = null;
    for (var i = 0; i < lines.length; i++) {
      var l = lines[i];
      var after = l.slice(l.lastIndexOf(":") + 1);
      if (i > 0 && /\bbottom1\b/.test(lines[i - 1])) {
        var p = after.match(tile);
        if (p && l.indexOf(":") >= 0) { pile = p; }
      } else if (/\bleft[1-3]\b/.test(l)) {
        (l.match(tile) || []).forEach(function (t) { seen[t] = true; });
      } else if (player && l.replace(/^\s+/, "").indexOf(player + " (") === 0) {
        (after.match(tile) || []).forEach(function (t) { seen[t] = true; });
      }
    }
    var out = [];
    "MPCUFB".split("").forEach(function (f) {
      for (var n = 1; n <= 6; n++) {
        var t = f + n;
        if (pile ? pile.indexOf(t) >= 0 : !seen[t]) { out.push(t); }
      }
    });
    return out;
  }
  var drawn = fruit ? drawable() : [];
  if (fruit) { mine = drawn.length; }
  // Nothing to tap: the field is where the move goes (on a phone, tapping keeps the
  // keyboard from covering the board).
  if (!mine) { if (!field.value && window.innerWidth > 800) { field.focus(); } return; }

  // The pre rebuilt with the same text, the squares and pieces as buttons.
  pre.textContent = "";
  lines.forEach(function (line, n) {
    var at = 0;
    parts[n].sort(function (x, y) { return x[0] - y[0]; }).forEach(function (c) {
      if (c[0] < at) { return; }
      pre.appendChild(document.createTextNode(line.slice(at, c[0])));
      var s = document.createElement("span");
      s.className = "tap " + c[2];
      s.setAttribute("role", "button");
      s.setAttribute("data-" + c[2], c[3]);
      s.textContent = line.slice(c[0], c[1]);
      pre.appendChild(s);
      at = c[1];
    });
    pre.appendChild(document.createTextNode(line.slice(at) + (n < lines.length - 1 ? "\n" : "")));
  });
  // The squares are tapped in the text, until the picture's are: then it is shown.
  var board = pre.querySelector(".square") !== null;
  // The picture's places (`#sq-c3`, `data-square`), where the game has them: tapped there.
  var picture = document.getElementById("picture");
  var targets = picture ? picture.querySelectorAll(".target") : [];
  var box = document.getElementById("text");
  if (board && box && !targets.length) { box.open = true; }

  // A picture whose places come out smaller than a finger on a phone (Natura's 15 x 15
  // squares, Scalafrutta's flat slots): the places together are one target that brings the
  // part tapped closer (the viewBox narrowed until a place is 46 px at least), then the
  // places are tapped; `whole` goes back.
  var svg = picture ? picture.querySelector("svg") : null;
  var whole = svg ? svg.getAttribute("viewBox") : null;
  var zone = null, far = null, zoom = 1;
  function user(x, y) {
    var pt = svg.createSVGPoint();
    pt.x = x; pt.y = y;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }
  function closer(cx, cy) {
    var vb = whole.split(/[\s,]+/).map(Number);
    var w = vb[2] / zoom, h = vb[3] / zoom;
    var p = user(cx, cy);
    var x = Math.max(vb[0], Math.min(vb[0] + vb[2] - w, p.x - w / 2));
    var y = Math.max(vb[1], Math.min(vb[1] + vb[3] - h, p.y - h / 2));
    svg.setAttribute("viewBox", [x, y, w, h].join(" "));
    svg.setAttribute("class", "near");
    if (far) { far.hidden = false; }
  }
  var phone = window.matchMedia && window.matchMedia("(max-width: 50rem)").matches;
  if (svg && whole && targets.length && phone) {
    var r0 = targets[0].getBoundingClientRect();
    var least = Math.min(r0.width, r0.height);
    if (least > 0 && least < 44) {
      zoom = 46 / least;
      var ns = "http://www.w3.org/2000/svg";
      var num = function (el, k) { return parseFloat(el.getAttribute(k)); };
      var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (var k = 0; k < targets.length; k++) {
        var t = targets[k];
        x0 = Math.min(x0, num(t, "x")); y0 = Math.min(y0, num(t, "y"));
        x1 = Math.max(x1, num(t, "x") + num(t, "width")); y1 = Math.max(y1, num(t, "y") + num(t, "height"));
      }
      zone = document.createElementNS(ns, "rect");
      zone.setAttribute("id", "sq-zoom");
      zone.setAttribute("class", "target zone");
      zone.setAttribute("data-zoom", "1");
      zone.setAttribute("x", x0);
      zone.setAttribute("y", y0);
      zone.setAttribute("width", x1 - x0);
      zone.setAttribute("height", y1 - y0);
      zone.setAttribute("fill", "transparent");
      targets[0].parentNode.appendChild(zone);
      svg.setAttribute("class", "far");
    }
  }

  var move = { piece: "", square: "", dir: "", word: "", exchange: null };
  function show() {
    field.value = move.exchange !== null ? ("exchange " + move.exchange).trim()
      : (words ? [move.square, move.dir, move.word] : [move.piece, move.square])
        .filter(function (x) { return x; }).join(" ");
    var spans = document.querySelectorAll("#position .tap, #tapbar .piece, #picture .target");
    for (var j = 0; j < spans.length; j++) {
      var s = spans[j];
      var on = s.getAttribute("data-square") === move.square ||
        (!words && s.getAttribute("data-piece") === move.piece);
      // An SVG element's class is not a string property: the attribute, for both.
      var c = (s.getAttribute("class") || "").replace(/ ?picked/g, "");
      s.setAttribute("class", c + (on ? " picked" : ""));
    }
    var ex = document.getElementById("tap-exchange");
    if (ex) { ex.setAttribute("class", "second" + (move.exchange !== null ? " picked" : "")); }
  }
  function tapped(e) {
    var s = e.target;
    while (s && s.getAttribute && !s.getAttribute("data-piece") && !s.getAttribute("data-square") &&
           !s.getAttribute("data-zoom") && !s.getAttribute("data-letter")) { s = s.parentNode; }
    if (!s || !s.getAttribute) { return; }
    if (s.getAttribute("data-zoom")) { closer(e.clientX, e.clientY); return; }
    var lt = s.getAttribute("data-letter");
    if (lt) {
      // The jolly's letter, in lower case as the notation writes it.
      move.word += lt.toLowerCase();
      letters.hidden = true;
      show();
      return;
    }
    var sq = s.getAttribute("data-square"), pc = s.getAttribute("data-piece");
    if (sq) { move.square = sq; }
    if (pc) {
      if (move.exchange !== null) {
        move.exchange += pc;
      } else if (words && pc === "?") {
        // The jolly asks its letter: a row of the set's letters.
        letters.hidden = false;
      } else if (words) { move.word += pc; } else { move.piece = pc; }
    }
    if (sq || pc) { show(); }
  }
  pre.addEventListener("click", tapped);
  if (targets.length) { picture.addEventListener("click", tapped); }

  // The bar under the board: what to tap, the pieces as tiles, Natura's directions.
  var bar = document.createElement("div");
  bar.id = "tapbar";
  bar.className = "tapbar";
  var hint = document.createElement("span");
  hint.className = "quiet say";
  hint.textContent = fruit ? say("drawn") : zone ? say("zoom") + " " + say("words") : words ? say("words")
    : (board || targets.length) ? say("pieces") : say("cards");
  function button(id, label, act, where) {
    var b = document.createElement("button");
    b.type = "button";
    b.id = id;
    b.className = "second";
    b.textContent = label;
    b.addEventListener("click", function () { act(); show(); });
    (where || bar).appendChild(b);
    return b;
  }
  // The pieces again as tiles a finger can hit, in the holding's order; Natura's with
  // what each letter scores.
  var hand = document.createElement("div");
  hand.className = "hand";
  hand.setAttribute("aria-label", say("hand"));
  var held = pre.querySelectorAll(".piece");
  var codes = drawn.slice();
  for (var h0 = 0; h0 < held.length; h0++) { codes.push(held[h0].getAttribute("data-piece")); }
  for (var h = 0; h < codes.length; h++) {
    var code = codes[h];
    var p = document.createElement("button");
    p.type = "button";
    p.className = "second piece";
    p.setAttribute("data-piece", code);
    p.textContent = code;
    if (words) {
      var v = document.createElement("sub");
      v.textContent = code === "?" ? "0" : (values[code] || "");
      p.appendChild(v);
    }
    p.addEventListener("click", tapped);
    hand.appendChild(p);
  }
  bar.appendChild(hand);
  // The jolly's letters, shown when it is tapped.
  var letters = document.createElement("div");
  letters.className = "letters";
  letters.id = "jolly-letters";
  letters.hidden = true;
  if (words) {
    var ask = document.createElement("span");
    ask.className = "quiet say";
    ask.textContent = say("jolly-pick");
    letters.appendChild(ask);
    Object.keys(values).sort().forEach(function (l) {
      var lb = document.createElement("button");
      lb.type = "button";
      lb.className = "second";
      lb.setAttribute("data-letter", l);
      lb.textContent = l.toLowerCase();
      lb.addEventListener("click", tapped);
      letters.appendChild(lb);
    });
    bar.appendChild(letters);
  }
  if (zone) {
    far = button("tap-whole", say("whole"), function () {
      svg.setAttribute("viewBox", whole);
      svg.setAttribute("class", "far");
      far.hidden = true;
    });
    far.hidden = true;
  }
  if (words) {
    button("tap-across", say("across"), function () { move.dir = "across"; move.exchange = null; });
    button("tap-down", say("down"), function () { move.dir = "down"; move.exchange = null; });
    button("tap-board", "·", function () { move.word += "."; });
    button("tap-back", "⌫", function () {
      if (move.exchange !== null) { move.exchange = move.exchange.slice(0, -1); } else { move.word = move.word.slice(0, -1); }
    });
  }
  button("tap-clear", say("clear"), function () { move = { piece: "", square: "", dir: "", word: "", exchange: null }; });
  bar.appendChild(hint);
  // Natura's exchange: in the bar of actions, then the rack's tiles.
  var actions = document.getElementById("actions");
  if (words && actions) {
    var ex = button("tap-exchange", say("exchange-label"), function () {
      move = { piece: "", square: "", dir: "", word: "", exchange: move.exchange === null ? "" : null };
      hint.textContent = move.exchange !== null ? say("exchange") : say("words");
    }, actions);
    var pass = document.getElementById("pass");
    if (pass) { actions.insertBefore(ex, pass.nextSibling); }
  }
  // The bar goes under the board: first in the column beside it.
  var side = actions ? actions.parentNode : pre.parentNode;
  side.insertBefore(bar, side.firstChild);
})();

// A phone keeps the bar of actions fixed at the bottom of the screen: the page ends as far
// below its last line as the bar is high, so that nothing (the rack, the hand) stays under it.
(function () {
  var actions = document.getElementById("actions");
  if (!actions) { return; }
  function pad() {
    var fixed = getComputedStyle(actions).position === "fixed";
    document.body.style.paddingBottom = fixed ? (actions.offsetHeight + 12) + "px" : "";
  }
  pad();
  window.addEventListener("resize", pad);
  if (window.ResizeObserver) { new ResizeObserver(pad).observe(actions); }
})();
