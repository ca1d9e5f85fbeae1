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
// and the pieces of the player to move become buttons; a piece tapped, then a square, fill
// the move field in the notation (`RV c4`, `3MW c3`, `B11`; Natura: a square, across or
// down, then the rack's letters one by one: `H8 across CASA`). Nothing is sent until Play
// is pressed, and the field can still be typed in. The text itself is left as it was.
(function () {
  var form = document.getElementById("play");
  var field = document.getElementById("move");
  var pre = document.getElementById("position");
  var turn = document.getElementById("turn");
  var state = document.getElementById("state");
  if (!form || !field || !pre || !turn || !state) { return; }
  var player = turn.getAttribute("data-player") || "";
  // Natura's rack makes words: its letters are tapped one by one, after a direction.
  var words = state.getAttribute("data-game") === "natura";
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
              // A jolly is typed: the letter it stands for, in lower case.
              if (w.charAt(k) !== "?") { cuts.push([m.index + k, m.index + k + 1, "piece", w.charAt(k)]); }
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
  if (!mine) { if (!field.value) { field.focus(); } return; }

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

  var move = { piece: "", square: "", dir: "", word: "" };
  function show() {
    field.value = (words ? [move.square, move.dir, move.word] : [move.piece, move.square])
      .filter(function (x) { return x; }).join(" ");
    var spans = document.querySelectorAll("#position .tap, #tapbar .piece");
    for (var j = 0; j < spans.length; j++) {
      var s = spans[j];
      var on = s.getAttribute("data-square") === move.square ||
        (!words && s.getAttribute("data-piece") === move.piece);
      s.className = s.className.replace(/ picked/g, "") + (on ? " picked" : "");
    }
  }
  function tapped(e) {
    var s = e.target;
    if (!s || !s.getAttribute) { return; }
    var sq = s.getAttribute("data-square"), pc = s.getAttribute("data-piece");
    if (sq) { move.square = sq; }
    if (pc) {
      if (words) { move.word += pc; } else { move.piece = pc; }
    }
    if (sq || pc) { show(); }
  }
  pre.addEventListener("click", tapped);

  // The bar over the form: what to tap, Natura's directions, and a clear.
  var bar = document.createElement("div");
  bar.id = "tapbar";
  bar.className = "tapbar";
  var say = document.createElement("span");
  say.className = "quiet";
  var board = pre.querySelector(".square") !== null;
  say.textContent = words
    ? "Tap a square, across or down, then your letters (· a letter on the board):"
    : board ? "Tap a piece, then a square, or type:" : "Tap a card or tile of yours, or type:";
  bar.appendChild(say);
  function button(id, label, act) {
    var b = document.createElement("button");
    b.type = "button";
    b.id = id;
    b.className = "second";
    b.textContent = label;
    b.addEventListener("click", function () { act(); show(); });
    bar.appendChild(b);
  }
  // The pieces again as buttons a finger can hit, in the holding's order.
  var hand = document.createElement("div");
  hand.className = "hand";
  var held = pre.querySelectorAll(".piece");
  for (var h = 0; h < held.length; h++) {
    var p = document.createElement("button");
    p.type = "button";
    p.className = "second piece";
    p.setAttribute("data-piece", held[h].getAttribute("data-piece"));
    p.textContent = held[h].getAttribute("data-piece");
    p.addEventListener("click", tapped);
    hand.appendChild(p);
  }
  bar.appendChild(hand);
  if (words) {
    button("tap-across", "across", function () { move.dir = "across"; });
    button("tap-down", "down", function () { move.dir = "down"; });
    button("tap-board", "·", function () { move.word += "."; });
    button("tap-back", "⌫", function () { move.word = move.word.slice(0, -1); });
  }
  button("tap-clear", "clear", function () { move = { piece: "", square: "", dir: "", word: "" }; });
  // The bar and the form go under the position, where the taps are.
  pre.parentNode.insertBefore(bar, pre.nextSibling);
  pre.parentNode.insertBefore(form, bar.nextSibling);
})();
