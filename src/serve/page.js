// tavolo serve: follow the game from another tablet. Every few seconds the page asks
// state.json how many moves stand; when another page has moved, it loads itself again
// (not while a move is being typed). The page works without this.
(function () {
  var state = document.getElementById("state");
  var field = document.getElementById("move");
  var reload = document.getElementById("reload");
  if (field && !field.value) { field.focus(); }
  if (!state || !reload) { return; }
  var seen = state.getAttribute("data-moves");
  function ask() {
    var r = new XMLHttpRequest();
    r.open("GET", state.getAttribute("data-url"));
    r.onload = function () {
      if (r.status !== 200) { return; }
      try {
        var now = String(JSON.parse(r.responseText).moves);
        if (now !== seen && !(field && field.value)) { window.location.replace(reload.href); }
      } catch (e) { /* a page from an older server: leave it */ }
    };
    r.send();
  }
  window.setInterval(ask, 3000);
})();
