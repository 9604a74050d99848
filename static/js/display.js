/* display.js: the display board (TV). Renders the snapshot embedded in the
 * page at once, then follows the public websocket through live.js. Labels come
 * from the page (json_script), so every text is translated on the server.
 *
 * A message is applied one way whatever its type (README "Screen messages"):
 * Live.applyParts() puts each part it carries into the state, then the
 * renderers of those parts run. Notices that are not state (one minute left)
 * only make a sound. */
(function () {
  "use strict";

  var L = Live.readJson("screen-labels") || {};
  var config = Live.readJson("screen-config") || {};
  var state = Live.readJson("screen-snapshot") || {};
  var lang = config.lang || document.documentElement.lang || "en";
  var numbers = new Intl.NumberFormat(lang);
  var money = new Intl.NumberFormat(lang, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  var soundOn = false;
  var announcedLevel = null;
  var seatPage = 0;
  var connection = null;

  function $(id) { return document.getElementById(id); }
  function fmt(n) { return n === null || n === undefined ? "–" : numbers.format(n); }
  function fmtMoney(s) { return s === null || s === undefined ? "–" : money.format(Number(s)); }
  function setText(id, text) {
    var node = $(id);
    if (node && node.textContent !== text) node.textContent = text;
  }
  function show(id, visible) {
    var node = $(id);
    if (node) node.hidden = !visible;
  }
  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  function now() { return connection ? connection.serverNow() : Date.now(); }

  function levelTitle(level) {
    if (!level) return "";
    if (level.kind === "break") return L.break || "Break";
    return Live.fill(L.level, { number: level.number });
  }
  function blindsText(level) {
    if (!level || level.kind === "break") return "";
    return fmt(level.small_blind) + " / " + fmt(level.big_blind);
  }
  function anteText(level) {
    if (!level || level.kind === "break" || !level.ante) return "";
    return Live.fill(level.big_blind_ante ? L.bb_ante : L.ante, { ante: fmt(level.ante) });
  }
  function nextText(next) {
    if (!next) return "";
    if (next.kind === "break") {
      return Live.fill(L.next_break_minutes, { minutes: Math.round(next.seconds / 60) });
    }
    var ante = next.ante ? " · " + anteText(next) : "";
    return Live.fill(L.next_level, { blinds: blindsText(next) }) + ante;
  }
  function chipList(values) {
    return values.map(fmt).join(", ");
  }

  /* -- the clock, every 200 ms ------------------------------------------- */

  function renderClock() {
    var view = Live.clockAt(state.clock, now());
    if (!view || !view.level) {
      setText("d-time", "–:––");
      setText("d-level", L.not_started || "");
      setText("d-blinds", "");
      setText("d-ante", "");
      setText("d-next", "");
      setText("d-break", "–");
      show("d-chipup", false);
      return;
    }
    setText("d-time", Live.formatDuration(view.remaining_ms));
    var title = levelTitle(view.level);
    if (view.state === "paused") title += " · " + L.paused;
    if (view.state === "stopped") title += " · " + L.not_started;
    if (view.state === "finished") title = L.finished;
    setText("d-level", title);
    setText("d-blinds", blindsText(view.level));
    setText("d-ante", anteText(view.level));
    setText("d-next", nextText(view.next));
    document.body.classList.toggle("on-break", view.level.kind === "break");
    document.body.classList.toggle("clock-paused", view.state === "paused");
    setText("d-break", view.level.kind === "break" ? (L.now || "") :
      (view.break_in_ms === null ? "–" : Live.formatDuration(view.break_in_ms)));
    var chipup = "";
    if (view.level.kind === "break" && view.level.color_up && view.level.color_up.length) {
      chipup = Live.fill(L.color_up_now, { chips: chipList(view.level.color_up) });
    } else if (view.next && view.next.kind === "break" && view.next.color_up && view.next.color_up.length) {
      chipup = Live.fill(L.chip_up_next, { chips: chipList(view.next.color_up) });
    }
    setText("d-chipup", chipup);
    show("d-chipup", !!chipup);
    if (announcedLevel === null) {
      announcedLevel = view.level_index;
    } else if (view.level_index !== announcedLevel && view.state === "running") {
      announcedLevel = view.level_index;
      announceLevel(view.level);
    }
    renderCalls();
  }

  function renderCalls() {
    var calls = (state.clock_calls || []).filter(function (c) { return c.status === "active"; });
    var box = $("d-calls");
    if (!box) return;
    var html = calls.map(function (c) {
      var left = (c.expires_at || 0) - now();
      var text = Live.fill(L.clock_called, { table: c.table, seat: c.seat });
      var time = left > 0 ? Live.formatDuration(left) : (L.time_up || "");
      return '<div class="banner banner-call">' + escapeHtml(text) + ' <b>' + escapeHtml(time) + "</b></div>";
    }).join("");
    if (box.innerHTML !== html) box.innerHTML = html;
  }

  /* -- the other parts, when a message brings them ----------------------- */

  /* Hand for hand: once a table has reported its hand, the tables still playing it. */
  function stillPlaying() {
    var open = (state.tables || []).filter(function (t) {
      return t.status === "open" && t.players && t.players.length;
    });
    var done = open.filter(function (t) { return t.hand_finished; });
    if (!done.length) return [];
    return open.filter(function (t) { return !t.hand_finished; }).map(function (t) { return t.number; });
  }

  function renderHeader() {
    var s = state.summary || {};
    setText("d-name", s.name || "");
    setText("d-players", Live.fill(L.players_of, { remaining: fmt(s.remaining), entries: fmt(s.entries) }));
    setText("d-avg", fmt(s.average_stack));
    var reg = "";
    if (state.clock && state.clock.registration_open) reg = L.registration_open;
    setText("d-registration", reg);
    show("d-registration", !!reg);
    var waiting = s.hand_for_hand ? stillPlaying() : [];
    show("d-h4h", !!s.hand_for_hand);
    setText("d-h4h", s.hand_for_hand ? (L.hand_for_hand + (waiting.length ?
      " · " + Live.fill(L.waiting_for, { tables: waiting.join(", ") }) : "")) : "");
  }

  function renderAnnouncements() {
    var note = (state.announcements || [])[0];
    setText("d-announcement", note ? note.text : "");
    show("d-announcement", !!note);
  }

  /* The winner is known: the results replace the clock on every screen. */
  function renderResults() {
    var results = state.results;
    var over = !!(results && results.winner);
    document.body.classList.toggle("tournament-over", over);
    show("d-finished", over);
    if (!over) return;
    setText("d-winner", Live.fill(L.winner, { name: results.winner.name }));
    var box = $("d-results");
    var html = (results.places || []).map(function (p) {
      var prize = Number(p.prize) > 0 ? fmtMoney(p.prize) : "";
      return "<li><span>" + escapeHtml(Live.fill(L.place, { place: p.place }) + " " + p.name) +
        "</span><b>" + escapeHtml(prize) + "</b></li>";
    }).join("");
    if (box && box.innerHTML !== html) box.innerHTML = html;
  }

  function renderPayouts() {
    var s = state.summary || {};
    var payouts = state.payouts || (s.prize_pool ? { prize_pool: s.prize_pool, places: [] } : null);
    setText("d-pool", payouts ? fmtMoney(payouts.prize_pool) : "–");
    show("d-pool-box", !!payouts);
    var box = $("d-payouts-list");
    if (!box) return;
    var places = payouts && payouts.places ? payouts.places : [];
    var html = places.slice(0, 18).map(function (p) {
      return "<li><span>" + escapeHtml(Live.fill(L.place, { place: p.place })) + "</span><b>" +
        escapeHtml(fmtMoney(p.amount)) + "</b></li>";
    }).join("");
    if (box.innerHTML !== html) box.innerHTML = html;
  }

  function moveText(m) {
    var template = m.from_table ? L.move : L.move_new;
    return Live.fill(template, m);
  }

  function renderMoves() {
    var moves = state.moves || [];
    var box = $("d-moves-list");
    if (!box) return;
    var html = moves.slice(0, 6).map(function (m) {
      return "<li>" + escapeHtml(moveText(m)) + "</li>";
    }).join("");
    if (box.innerHTML !== html) box.innerHTML = html;
    show("d-moves", moves.length > 0);
  }

  function seatRows() {
    var rows = [];
    (state.tables || []).forEach(function (t) {
      if (t.status !== "open") return;
      (t.players || []).forEach(function (p) {
        rows.push({ name: p.name, table: t.number, seat: p.seat });
      });
    });
    rows.sort(function (a, b) { return a.name.localeCompare(b.name, lang); });
    return rows;
  }

  function renderSeats() {
    var box = $("d-seats-list");
    if (!box || config.layout !== "seats") return;
    var rows = seatRows();
    var per = config.seats_per_page || 36;
    var pages = Math.max(1, Math.ceil(rows.length / per));
    if (seatPage >= pages) seatPage = 0;
    var html = rows.slice(seatPage * per, seatPage * per + per).map(function (r) {
      return "<li><span>" + escapeHtml(r.name) + "</span><b>" +
        escapeHtml(Live.fill(L.table_seat, r)) + "</b></li>";
    }).join("");
    if (box.innerHTML !== html) box.innerHTML = html;
    setText("d-seats-page", pages > 1 ? Live.fill(L.page_of, { page: seatPage + 1, pages: pages }) : "");
  }

  /* -- sound and speech -------------------------------------------------- */

  function speak(text) {
    if (!soundOn || !window.speechSynthesis || !text) return;
    var utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang === "de" ? "de-DE" : "en-GB";
    var voices = window.speechSynthesis.getVoices() || [];
    for (var i = 0; i < voices.length; i++) {
      if (voices[i].lang && voices[i].lang.slice(0, 2) === lang) { utterance.voice = voices[i]; break; }
    }
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  }

  function announceLevel(level) {
    if (!soundOn || !level) return;
    Live.beep(3, 880);
    var text;
    if (level.kind === "break") {
      text = Live.fill(L.say_break, { minutes: Math.round(level.seconds / 60) });
      if (level.color_up && level.color_up.length) {
        text += " " + Live.fill(L.say_color_up, { chips: chipList(level.color_up) });
      }
    } else {
      text = Live.fill(L.say_level, {
        number: level.number, small: level.small_blind, big: level.big_blind
      });
      if (level.ante) text += " " + Live.fill(L.say_ante, { ante: level.ante });
    }
    setTimeout(function () { speak(text); }, 1100);
  }

  function enableSound() {
    soundOn = Live.unlockAudio();
    if (window.speechSynthesis) window.speechSynthesis.getVoices();
    show("d-sound", false);
    if (soundOn) Live.beep(1, 660);
  }

  /* -- messages ---------------------------------------------------------- */

  /* What to draw again when a part changes. */
  var RENDERERS = {
    summary: [renderHeader, renderPayouts],
    clock: [renderHeader, renderClock],
    tables: [renderHeader, renderSeats],
    moves: [renderMoves],
    payouts: [renderPayouts],
    results: [renderResults],
    announcements: [renderAnnouncements],
    clock_calls: [renderCalls]
  };

  function render(parts) {
    var done = [];
    (parts || Object.keys(RENDERERS)).forEach(function (part) {
      (RENDERERS[part] || []).forEach(function (renderer) {
        if (done.indexOf(renderer) < 0) { done.push(renderer); renderer(); }
      });
    });
    document.dispatchEvent(new CustomEvent("screen:update", { detail: { state: state, parts: parts || null } }));
  }

  /* Sounds: a notice of the change (not state), or a new clock call in the part. */
  var NOTICES = {
    one_minute_left: function () { Live.beep(2, 660); speak(L.say_one_minute); }
  };

  function activeCallIds() {
    return (state.clock_calls || []).filter(function (c) { return c.status === "active"; })
      .map(function (c) { return c.id; });
  }

  function onSnapshot(snapshot) {
    state = snapshot;
    if (!state.tables) state.tables = [];
    render();
  }

  function onMessage(m) {
    var calling = activeCallIds();
    var parts = Live.applyParts(state, m);
    if (soundOn && NOTICES[m.kind]) NOTICES[m.kind](m);
    if (soundOn && activeCallIds().some(function (id) { return calling.indexOf(id) < 0; })) {
      Live.beep(1, 1200);
    }
    render(parts);
  }

  if (config.sound !== false) {
    document.addEventListener("click", enableSound, { once: true });
    document.addEventListener("keydown", enableSound, { once: true });
  }
  if (!state.tables) state.tables = [];
  render();
  connection = Live.connect({
    path: "/ws/tournaments/" + config.tournament + "/display",
    labels: L,
    onSnapshot: onSnapshot,
    onMessage: onMessage
  });
  window.Screen = { state: function () { return state; }, connection: connection, labels: L };
  setInterval(renderClock, 200);
  setInterval(function () { seatPage += 1; renderSeats(); }, (config.seats_seconds || 12) * 1000);
})();
