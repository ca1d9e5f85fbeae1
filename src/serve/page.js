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
  var words = state.getAttribute("data-game") === "natura";
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
      if (player && t.indexOf(player) === 0 && /[\s:('’]/.test(next) && line.indexOf(":") > 0) {
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
    while (s && s.getAttribute && !s.getAttribute("data-piece") && !s.getAttribute("data-square")) { s = s.parentNode; }
    if (!s || !s.getAttribute) { return; }
    var sq = s.getAttribute("data-square"), pc = s.getAttribute("data-piece");
    if (sq) { move.square = sq; }
    if (pc) {
      if (move.exchange !== null) {
        move.exchange += pc;
      } else if (words && pc === "?") {
        // The jolly: the letter it stands for, in lower case.
        var l = (window.prompt(say("jolly")) || "").trim().toLowerCase();
        if (/^[a-z]$/.test(l)) { move.word += l; }
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
  hint.textContent = words ? say("words") : board ? say("pieces") : say("cards");
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
  for (var h = 0; h < held.length; h++) {
    var code = held[h].getAttribute("data-piece");
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
