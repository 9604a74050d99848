/* me.js: the player's own page on his phone (README "The player's page").
 *
 * tiles.js draws the clock and the field from the tournament's PUBLIC
 * socket (live.js reconnects and catches up by itself). This file draws the
 * player's own small payload (GET /api/v1/me/{token}) and asks for it again
 * when a message may concern him: at once when the public moves name his
 * entry or no longer do, a moment later (spread over the room's phones) when
 * the seating, the results or the counts changed, and after every reconnect.
 * The server decides what he is and where he sits; this file only draws it.
 * A move of his flashes, vibrates and beeps (a tone made here, no sound file).
 * No outside requests. */
(function () {
  "use strict";

  var config = Live.readJson("screen-config") || {};
  var L = Live.readJson("me-labels") || {};
  var SL = Live.readJson("screen-labels") || {};
  var me = Live.readJson("me-data") || {};
  var lang = config.lang || document.documentElement.lang || "en";
  var numbers = new Intl.NumberFormat(lang);
  var clockTime = new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit" });
  // The parts after which his own payload may differ (README "Screen messages").
  var WATCHED = ["seating", "summary", "results", "payouts", "chip_counts"];
  var SPREAD_MS = 1500;
  var freshAt = Date.now();  // when the data shown was last known current
  var soundOn = false;
  var loading = false;
  var again = false;
  var timer = null;
  var timerAt = 0;

  function $(id) { return document.getElementById(id); }
  function setText(id, text) {
    var node = $(id);
    if (node && node.textContent !== text) node.textContent = text;
  }
  function showBox(id, visible) {
    var node = $(id);
    if (node) node.hidden = !visible;
  }
  var words = window.BoardWords(SL, lang);  // numbers and money as every public screen writes them
  function fmt(n) { return words.fmt(n); }
  function seatText(place) { return Live.fill(SL.table_seat, place); }
  /* "Table 3 · Seat 4" as two lines of large type (the dot is there for the text). */
  function drawSeat(id, place) {
    var node = $(id);
    if (!node || node.getAttribute("data-seat") === seatText(place)) return;
    node.setAttribute("data-seat", seatText(place));
    node.textContent = "";
    [[L.table, "nw"], [" · ", "me-dot"], [SL.seat, "nw"]].forEach(function (part) {
      var span = document.createElement("span");
      span.className = part[1];
      span.textContent = Live.fill(part[0], place);
      node.appendChild(span);
    });
  }
  function money(amount) { return words.money(amount, me.tournament.currency); }
  function moveKey(move) { return move ? move.table + "/" + move.seat : ""; }

  /* -- drawing -------------------------------------------------------------- */

  function renderWhere() {
    setText("me-name", me.name);
    setText("me-status", Live.fill((L.status || {})[me.status] || "", me));
    // The link back to his pre-registration only while it still holds his code.
    var prereg = document.getElementById("me-prereg");
    if (prereg) prereg.hidden = ["pre_registered", "waiting"].indexOf(me.status) < 0;
    var seated = me.table !== null && me.table !== undefined;
    showBox("me-seat", seated);
    if (seated) drawSeat("me-seat", me);
    var move = me.moving_to;
    document.body.classList.toggle("me-moving", !!move);
    showBox("me-move", !!move);
    if (move) {
      drawSeat("me-move-seat", move);
      var notes = [(L.reasons || {})[move.reason] || ""];
      if (move.wait_for_button) notes.push(L.wait_for_button);
      setText("me-move-note", notes.join(" "));
    }
    var notes = [];
    if (me.moved_up) notes.push(L.moved_up);
    if (me.code) notes.push(Live.fill(L.code, me));
    if (!move && me.status === "seated" && me.wait_for_button) notes.push(L.wait_for_button);
    showBox("me-status-note", notes.length > 0);
    setText("me-status-note", notes.join(" "));
  }

  function renderMine() {
    var chips = me.chips;
    showBox("me-chips-box", !!chips);
    setText("me-chips", chips ? fmt(chips.chips) : "–");
    setText("me-chips-note", chips ? Live.fill(L.counted_at, { time: clockTime.format(new Date(chips.counted_at)) }) : "");
    showBox("me-bag-box", !!me.bag);
    if (me.bag) setText("me-bag", Live.fill(L.bag, { number: me.bag.number, chips: fmt(me.bag.chips) }));
    var day2 = me.day2;
    showBox("me-day2-box", !!day2);
    if (day2) {
      setText("me-day2-label", day2.name);
      setText("me-day2", day2.table === null ? L.day2_not_drawn : Live.fill(L.day2_seat, day2));
    }
    var placed = me.place !== null && me.place !== undefined;
    showBox("me-prize-box", placed);
    if (placed) setText("me-prize", Live.fill(L.prize_place, { place: me.place, prize: money(me.prize || 0) }));
    var league = me.league;
    showBox("me-league-box", !!league);
    if (league) {
      setText("me-league-label", league.season);
      setText("me-league", Live.fill(L.league, { rank: league.rank, players: league.players,
        points: numbers.format(Number(league.points)) }));
    }
  }

  function renderAge() {
    var connection = window.Screen && window.Screen.connection;
    var online = !connection || connection.online;
    var time = clockTime.format(new Date(freshAt));
    if (online) {
      setText("me-age", Live.fill(L.live_since, { time: time }));
    } else {
      var minutes = Math.floor((Date.now() - freshAt) / 60000);
      setText("me-age", Live.fill(minutes ? L.offline_since : L.offline_now, { time: time, count: minutes }));
    }
  }

  /* A move of his, the moment it is planned: flash, vibrate, beep. */
  function alertMove(before) {
    var move = me.moving_to;
    if (!move || moveKey(move) === moveKey(before && before.moving_to)) return;
    var box = $("me-move");
    box.classList.remove("fresh");
    void box.offsetWidth;  // restart the flash
    box.classList.add("fresh");
    if (navigator.vibrate) {
      try { navigator.vibrate([300, 120, 300, 120, 300]); } catch (e) { /* not allowed here */ }
    }
    if (soundOn) Live.beep(3, 988);
  }

  function draw(before) {
    renderWhere();
    renderMine();
    renderAge();
    if (before) alertMove(before);
  }

  /* -- his payload ---------------------------------------------------------- */

  function load() {
    timer = null;
    if (loading) { again = true; return; }
    loading = true;
    fetch(config.me_url, {
      credentials: "omit", cache: "no-store",
      headers: { Accept: "application/json", "Accept-Language": lang }
    }).then(function (response) {
      if (response.status === 404) { window.location.reload(); return null; }  // revoked
      return response.ok ? response.json() : null;
    }).then(function (data) {
      loading = false;
      if (data) {
        var before = me;
        me = data;
        freshAt = Date.now();
        draw(before);
      }
      if (again) { again = false; soon(0); }
    }).catch(function () { loading = false; /* the next message or the reconnect asks again */ });
  }

  function soon(delay) {
    var at = Date.now() + delay;
    if (timer !== null && timerAt <= at) return;  // an earlier ask is planned
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(load, delay);
  }

  /* Whether the public moves say something new about him. */
  function movesConcernMe(moves) {
    if (me.entry === null || me.entry === undefined) return false;
    var mine = (moves || []).filter(function (m) { return m.entry === me.entry; })[0];
    var planned = mine && !(mine.to_table === me.table && mine.to_seat === me.seat)
      ? { table: mine.to_table, seat: mine.to_seat } : null;
    return moveKey(planned) !== moveKey(me.moving_to);
  }

  document.addEventListener("screen:update", function (event) {
    var detail = event.detail || {};
    var state = detail.state || {};
    freshAt = Date.now();
    if (!detail.parts) {
      // A snapshot on (re)connect: catch up with what went by meanwhile.
      if (state.version !== me.version) soon(0);
      renderAge();
      return;
    }
    if (detail.parts.indexOf("moves") >= 0 && movesConcernMe(state.moves)) {
      soon(0);
    } else if (detail.parts.some(function (part) { return WATCHED.indexOf(part) >= 0; })) {
      soon(Math.floor(Math.random() * SPREAD_MS));
    }
    renderAge();
  });

  var sound = $("me-sound");
  if (sound) {
    sound.addEventListener("click", function () {
      soundOn = Live.unlockAudio();
      if (soundOn) Live.beep(1, 660);
      if (navigator.vibrate) {
        try { navigator.vibrate(80); } catch (e) { /* not allowed here */ }
      }
      sound.textContent = L.sound_on;
      sound.disabled = true;
    });
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) soon(0);
  });
  // Before check-in nothing on the public socket names him: ask now and then.
  setInterval(function () {
    var waiting = ["pre_registered", "waiting", "registered"].indexOf(me.status) >= 0;
    if (waiting || Date.now() - freshAt > 300000) soon(Math.floor(Math.random() * 5000));
  }, 60000);
  setInterval(renderAge, 1000);
  draw(null);
})();
