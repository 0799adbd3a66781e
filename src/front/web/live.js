// The live page: one event stream, and the board image of the step on show.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live) return;
  var token = live.dataset.token, lang = live.dataset.lang, version = live.dataset.v;
  var words = JSON.parse(live.dataset.words);
  var steps = +live.dataset.steps, game = +live.dataset.game, moves = +live.dataset.moves;
  var deadline = +live.dataset.deadline, skew = +live.dataset.now - Date.now() / 1000;
  var following = true;
  var $ = function (id) { return document.getElementById(id); };

  function boardUrl(step) {
    return "/t/" + token + "/board/" + game + "/" + step + ".png?lang=" +
      encodeURIComponent(lang) + "&v=" + encodeURIComponent(version);
  }
  function label(step) {
    return words.step.replace("{step}", step).replace("{steps}", steps);
  }
  function show(step) {
    var board = $("board");
    if (board) board.src = boardUrl(step);
    if ($("step-label")) $("step-label").textContent = label(step);
  }
  var slider = $("step");
  if (slider) {
    slider.addEventListener("input", function () {
      following = +slider.value === steps;
      $("follow").hidden = following;
      show(+slider.value);
    });
    $("follow").addEventListener("click", function () {
      following = true;
      slider.value = steps;
      $("follow").hidden = true;
      show(steps);
    });
  }

  function tick() {
    var clock = $("clock");
    if (!clock || !deadline) return;
    var left = Math.max(0, Math.round(deadline - (Date.now() / 1000 + skew)));
    if (left === 0) { clock.textContent = words.over; return; }
    var h = Math.floor(left / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
    clock.textContent = (h ? h + ":" + String(m).padStart(2, "0") : m) + ":" +
      String(s).padStart(2, "0");
  }
  setInterval(tick, 1000);
  tick();

  var source;
  function connect() {
    source = new EventSource("/t/" + token + "/events?lang=" + encodeURIComponent(lang) +
      "&turn=" + live.dataset.turn);
    source.addEventListener("watchers", function (e) {
      $("watchers").textContent = JSON.parse(e.data).watchers;
    });
    source.addEventListener("update", function (e) {
      var u = JSON.parse(e.data);
      var list = $("moves");
      var first = u.moves - u.tail.length;
      if (u.game !== game || first > moves) {
        // Too far behind to append (or a new game of the series): read the page afresh.
        source.close();
        location.reload();
        return;
      }
      while (list.children.length > first) list.removeChild(list.lastChild);
      u.tail.forEach(function (line) {
        var li = document.createElement("li");
        li.textContent = line;
        list.appendChild(li);
      });
      list.scrollTop = list.scrollHeight;
      moves = u.moves;
      $("state").innerHTML = u.state;
      $("seats").innerHTML = u.seats;
      $("result").innerHTML = u.result;
      $("watchers").textContent = u.watchers;
      deadline = u.deadline; skew = u.now - Date.now() / 1000;
      steps = u.steps;
      version = u.v;
      live.dataset.v = u.v;
      live.dataset.turn = u.turn;
      live.dataset.steps = u.steps;
      live.dataset.status = u.status;
      if (slider) {
        slider.max = steps;
        if (following) { slider.value = steps; show(steps); }
        else if ($("step-label")) $("step-label").textContent = label(+slider.value);
      } else if (u.status !== "open" && u.status !== live.dataset.shown) {
        live.dataset.shown = u.status;
        location.reload();
      }
      tick();
      if (play) refreshPanel();
    });
  }
  connect();

  // A seat's page: its member's panel, whose buttons send a press or a pick to the server,
  // which answers with the panel to show next (a refusal, the menu's next step, or whom
  // the table waits for). The channel hears of the action from the server, not from here.
  var play = live.dataset.play, panel = $("play"), busy = false;
  function refreshPanel() {
    fetch(play + "/panel?lang=" + encodeURIComponent(lang), { cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null && !busy) showPanel(html); });
  }
  function showPanel(html) {
    panel.innerHTML = html;
    touched = [];
    drawTouch();
  }
  function send(fields) {
    if (busy) return;
    busy = true;
    panel.classList.add("busy");
    var form = new URLSearchParams();
    Object.keys(fields).forEach(function (k) { form.set(k, fields[k]); });
    fetch(play + "?lang=" + encodeURIComponent(lang), { method: "POST", body: form })
      .then(function (r) { return r.text(); })
      .then(function (html) { busy = false; showPanel(html); })
      .catch(function () { busy = false; refreshPanel(); })
      .then(function () { panel.classList.remove("busy"); });
  }
  if (play && panel) {
    panel.addEventListener("click", function (e) {
      var button = e.target.closest("button[data-verb]");
      if (!button) return;
      var fields = { turn: button.dataset.turn, verb: button.dataset.verb };
      if (button.dataset.value !== undefined) fields.value = button.dataset.value;
      send(fields);
    });
  }

  // The board itself takes moves: the spots that begin a move are lit; touching one
  // lights where it may go, and touching there plays the move (a pick of its notation).
  var touched = [];
  function touchData() {
    var el = $("touch");
    return el && following ? JSON.parse(el.dataset.touch) : null;
  }
  function starts(keys, prefix) {
    for (var i = 0; i < prefix.length; i++) if (keys[i] !== prefix[i]) return false;
    return keys.length >= prefix.length;
  }
  function each(data, prefix, fn) {
    data.moves.forEach(function (m) {
      m[1].forEach(function (way) {
        var keys = way.split(" ");
        if (starts(keys, prefix)) fn(m[0], keys);
      });
    });
  }
  function drawTouch() {
    var frame = $("frame"), old = $("touch-layer");
    if (old) old.parentNode.removeChild(old);
    var data = frame && touchData();
    if (!data) return;
    var ns = "http://www.w3.org/2000/svg", svg = document.createElementNS(ns, "svg");
    svg.id = "touch-layer";
    svg.setAttribute("viewBox", "0 0 " + data.w + " " + data.h);
    var next = {};
    each(data, touched, function (_, keys) {
      if (keys.length > touched.length) next[keys[touched.length]] = true;
    });
    data.spots.forEach(function (spot) {
      var chosen = touched.indexOf(spot.k) >= 0;
      if (!chosen && !next[spot.k]) return;
      var p = document.createElementNS(ns, "path");
      p.setAttribute("d", spot.d);
      p.setAttribute("class", chosen ? "spot chosen" : "spot");
      p.setAttribute("tabindex", "0");
      p.setAttribute("role", "button");
      p.setAttribute("aria-label", spot.k);
      p.dataset.key = spot.k;
      svg.appendChild(p);
    });
    svg.addEventListener("click", function (e) { touch(e.target.dataset.key, data); });
    svg.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); touch(e.target.dataset.key, data); }
      if (e.key === "Escape") { touched = []; drawTouch(); }
    });
    frame.appendChild(svg);
  }
  function touch(key, data) {
    if (!key) {
      touched = [];
      return drawTouch();
    }
    var sel = touched.concat([key]), done = null, more = false;
    each(data, sel, function (action, keys) {
      if (keys.length === sel.length) done = done || action;
      else more = true;
    });
    if (!done && !more) {
      // Not a way on from here: touching the last spot again lets it go; another spot
      // may begin another move.
      var again = touched.length > 0;
      touched = [];
      return again && sel[sel.length - 2] !== key ? touch(key, data) : drawTouch();
    }
    touched = sel;
    if (done && !more) {
      touched = [];
      return send({ turn: data.turn, verb: data.verb, value: done });
    }
    drawTouch();
  }
  if (slider) slider.addEventListener("input", drawTouch);
  if ($("follow")) $("follow").addEventListener("click", drawTouch);
  drawTouch();
})();