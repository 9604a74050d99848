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

  /* Draw the board whose data the page carries; {stop} ends its timers and socket
     (a named screen swaps one board for the next in place, README "Named screens"). */
  function mount() {
    var stopped = false;
    var L = Live.readJson("screen-labels") || {};
    var config = Live.readJson("screen-config") || {};
    var state = Live.readJson("screen-snapshot") || {};
    var lang = config.lang || document.documentElement.lang || "en";
    var numbers = new Intl.NumberFormat(lang);
    // Money with the tournament's currency, as the reader writes it (2.600 € in German,
    // €2,600 in English): whole amounts without cents, others with both digits (37,50 €).
    var moneyFormats = {};
    function moneyFormat(whole) {
      var currency = (state.summary && state.summary.currency) || config.currency || "EUR";
      var key = currency + (whole ? ":0" : ":2");
      if (!moneyFormats[key]) {
        var digits = whole ? 0 : 2;
        var options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
        try {
          moneyFormats[key] = new Intl.NumberFormat(lang, Object.assign({
            style: "currency", currency: currency, currencyDisplay: "narrowSymbol" }, options));
        } catch (e) {  // an unknown currency code: the amount alone
          moneyFormats[key] = new Intl.NumberFormat(lang, options);
        }
      }
      return moneyFormats[key];
    }
    var soundOn = false;
    var announcedLevel = null;
    var connection = null;

    function $(id) { return document.getElementById(id); }
    function fmt(n) { return n === null || n === undefined ? "–" : numbers.format(n); }
    function fmtMoney(s) {
      if (s === null || s === undefined) return "–";
      var n = Number(s);
      return moneyFormat(Number.isInteger(n)).format(n);
    }
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
      var onBreak = view.level.kind === "break";
      // During a break the tile says "Break" and how long it still runs.
      setText("d-break-label", onBreak ? L.break : L.next_break_in);
      setText("d-break", onBreak ? Live.formatDuration(view.remaining_ms) :
        (view.break_in_ms === null ? "–" : Live.formatDuration(view.break_in_ms)));
      fitLine("d-break");
      renderWindows(view);
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

    /* Late registration counting down to its close, then "closed"; rebuys and add-on. */
    function registrationText(clock) {
      if (!clock || clock.state === "finished") return "";
      if (!clock.registration_open) {
        return (state.summary && state.summary.entries) ? L.registration_closed : "";
      }
      var left = clock.registration_remaining_ms;
      if (typeof left !== "number") return L.registration_open;
      if (clock.state === "running") left -= now() - (clock.server_time || now());
      if (left <= 0) return L.registration_closed;
      return Live.fill(L.registration_closes_in, { time: Live.formatDuration(left) });
    }

    /* The rebuy and add-on windows as the server worked them out (the purchases
       part); the board only words them. */
    var PURCHASE_WORDS = {
      rebuys: { open: "rebuys_open", until: "rebuys_until" },
      addon: { open: "addon_open", now: "addon_now", next_break: "addon_next_break" }
    };

    function purchaseText() {
      var windows = state.purchases || {};
      var said = [];
      ["rebuys", "addon"].forEach(function (kind) {
        var window = windows[kind];
        var label = window && L[PURCHASE_WORDS[kind][window.state]];
        if (label) said.push(Live.fill(label, { level: window.level }));
      });
      return said.join(" · ");
    }

    function renderWindows(view) {
      var reg = registrationText(state.clock);
      setText("d-registration", reg);
      show("d-registration", !!reg);
      var purchase = purchaseText();
      setText("d-purchase", purchase);
      show("d-purchase", !!purchase);
    }

    /* A call counts down, shows "Time!" once run out, and goes at the server's hide_at. */
    function renderCalls() {
      var at = now();
      var calls = (state.clock_calls || []).filter(function (c) {
        return c.status === "active" && !(c.hide_at && at >= c.hide_at);
      });
      var box = $("d-calls");
      if (!box) return;
      var html = calls.map(function (c) {
        var left = (c.expires_at || 0) - at;
        var text = Live.fill(L.clock_called, { table: c.table, seat: c.seat });
        var time = left > 0 ? Live.formatDuration(left) : (L.time_up || "");
        return '<div class="banner banner-call' + (left > 0 ? "" : " expired") + '"><span class="call-text">' +
          escapeHtml(text) + "</span> <b>" + escapeHtml(time) + "</b></div>";
      }).join("");
      if (box.innerHTML !== html) box.innerHTML = html;
    }

    /* -- the other parts, when a message brings them ----------------------- */

    /* Hand for hand: once a table has reported its hand, the tables still playing it. */
    function stillPlaying() {
      return (state.seating && state.seating.playing) || [];
    }

    /* Shrink a tile's value until it fits on one line ("1 von 25" never wraps). */
    function fitLine(id) {
      var node = $(id);
      if (node) shrinkWhile(node, function () { return node.scrollWidth > node.clientWidth + 1; }, 0.45);
    }

    /* Smaller type, step by step down to `least` of the page's size, while `overflowing()`. */
    function shrinkWhile(node, overflowing, least) {
      node.style.fontSize = "";
      var size = parseFloat(getComputedStyle(node).fontSize);
      var floor = size * least;
      while (overflowing() && size > floor) {
        size *= 0.92;
        node.style.fontSize = size + "px";
      }
    }

    function renderHeader() {
      var s = state.summary || {};
      setText("d-name", s.name || "");
      setText("d-players", Live.fill(L.players_of, { remaining: fmt(s.remaining), entries: fmt(s.entries) }));
      // Once every player in play is counted, the average is the counted one
      // (a colour-up takes chips out of play that the arithmetic still counts).
      var counts = state.chip_counts;
      setText("d-avg", fmt(counts && counts.complete ? counts.average : s.average_stack));
      fitLine("d-players");
      fitLine("d-avg");
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
        // Places paying the same are one row: "10.–12.".
        var place = Live.fill(L.place, { place: p.place }) +
          (p.to && p.to !== p.place ? "–" + Live.fill(L.place, { place: p.to }) : "");
        return "<li><span>" + escapeHtml(place) + "</span><b>" +
          escapeHtml(fmtMoney(p.amount)) + "</b></li>";
      }).join("");
      if (box.innerHTML !== html) box.innerHTML = html;
    }

    function nowrap(text) { return '<span class="nw">' + escapeHtml(text) + "</span>"; }

    /* "Anna K. – Table 3 · Seat 2 → Table 5 · Seat 7": never broken inside a place. */
    /* One move, one line on the board: the places stay whole ("– Table 3 · Seat 2 →
       Table 5 · Seat 7"), a long name is shortened with an ellipsis, whole in its title. */
    function moveHtml(m) {
      var to = "→ " + Live.fill(L.table_seat, { table: m.to_table, seat: m.to_seat });
      var name = '<span class="d-move-name" title="' + escapeHtml(m.name) + '">' + escapeHtml(m.name) + "</span>";
      if (!m.from_table) return name + " " + nowrap(to);
      // Two unbreakable places, "– Table 3 · Seat 2" and "→ Table 5 · Seat 7": a
      // narrow screen may put the second on its own line, never split one.
      return name + " " +
        nowrap("– " + Live.fill(L.table_seat, { table: m.from_table, seat: m.from_seat })) + " " + nowrap(to);
    }

    /* A name the places squeeze to less than two fifths of its line, cut short: smaller type first. */
    function namesCut(box) {
      return Array.prototype.some.call(box.querySelectorAll(".d-move-name"), function (name) {
        return name.scrollWidth > name.clientWidth + 1 && name.clientWidth < name.parentNode.clientWidth * 0.4;
      });
    }

    /* Every pending move is shown: the banner shrinks its text first, then pages. */
    var movePage = 0;
    /* The final table layout shows the players walking over in the seats they go to. */
    function finalTableMoves() {
      var final = config.layout === "final" && state.chip_counts && state.chip_counts.final_table;
      if (!final) return [];
      return (state.moves || []).filter(function (m) { return m.to_table === final.table; });
    }

    function renderMoves() {
      var inList = finalTableMoves();
      var moves = (state.moves || []).filter(function (m) { return inList.indexOf(m) < 0; });
      var box = $("d-moves-list");
      if (!box) return;
      show("d-moves", moves.length > 0);
      document.body.classList.toggle("has-moves", moves.length > 0);
      if (!moves.length) { box.innerHTML = ""; setText("d-moves-page", ""); return; }
      // The board keeps the banner to a third of the screen; a phone scrolls.
      var limit = config.layout === "lobby" ? Infinity : window.innerHeight * 0.3;
      var sizes = config.layout === "lobby" ? [null] : [3.6, 3.2, 2.8, 2.5];
      var per = moves.length;
      for (var i = 0; i < sizes.length; i++) {
        if (sizes[i]) box.style.fontSize = sizes[i] + "vh";
        box.innerHTML = moves.map(function (m) { return "<li>" + moveHtml(m) + "</li>"; }).join("");
        if (box.scrollHeight <= limit && !namesCut(box)) break;
      }
      // Still too many at the smallest size: as many as fit, page after page.
      while (per > 1 && box.scrollHeight > limit) {
        per -= 1;
        box.innerHTML = moves.slice(0, per).map(function (m) { return "<li>" + moveHtml(m) + "</li>"; }).join("");
      }
      var pages = Math.ceil(moves.length / per);
      if (movePage >= pages) movePage = 0;
      box.innerHTML = moves.slice(movePage * per, movePage * per + per).map(function (m) {
        return "<li>" + moveHtml(m) + "</li>";
      }).join("");
      setText("d-moves-page", pages > 1 ? Live.fill(L.page_of, { page: movePage + 1, pages: pages }) : "");
      return pages;
    }

    /* -- chip counts: the leaders (paged to fit) and the final table ------- */

    var countsPage = 0;
    var countsShownAt = 0;

    function leaderHtml(row, rank) {
      var where = row.table ? nowrap(Live.fill(L.table_seat, row)) : "";
      return '<li><span class="rank">' + escapeHtml(Live.fill(L.place, { place: rank })) +
        '</span><span class="who">' + escapeHtml(row.name) + '</span><span class="where">' + where +
        "</span><b>" + escapeHtml(fmt(row.chips)) + "</b></li>";
    }

    function countsNote(counts) {
      if (!counts || !counts.counted) return L.no_counts || "";
      // Counts older than a bust miss the chips it moved: the board says so.
      if (counts.stale) return L.counted_before_busts || "";
      return counts.complete ? "" : Live.fill(L.counted_of, { counted: fmt(counts.counted), players: fmt(counts.players) });
    }

    /* As many leaders as the box holds; the rest on the next page (turned by turnPages). */
    function drawLeaders(listId, pageId, leaders) {
      var box = $(listId);
      if (!box) return 1;
      var all = leaders.map(function (row, i) { return leaderHtml(row, i + 1); });
      box.innerHTML = all.join("");
      var per = all.length;
      var room = config.layout === "lobby" ? Infinity : box.getBoundingClientRect().height;
      while (per > 1 && box.scrollHeight > room + 1) {
        per -= 1;
        box.innerHTML = all.slice(0, per).join("");
      }
      var pages = Math.max(1, Math.ceil(all.length / Math.max(per, 1)));
      if (countsPage >= pages) countsPage = 0;
      box.innerHTML = all.slice(countsPage * per, countsPage * per + per).join("");
      setText(pageId, pages > 1 ? Live.fill(L.page_of, { page: countsPage + 1, pages: pages }) : "");
      return pages;
    }

    function renderCounts() {
      var counts = state.chip_counts;
      var leaders = (counts && counts.leaders) || [];
      show("l-counts", leaders.length > 0);
      if (!$("d-counts-list")) return;
      setText("d-counts-note", countsNote(counts));
      renderCounts.pages = drawLeaders("d-counts-list", "d-counts-page", leaders);
    }

    function renderFinal() {
      var box = $("d-final-list");
      if (!box) return;
      var counts = state.chip_counts || {};
      var final = counts.final_table;
      if (!final) {
        // Before the final table the layout shows the leaders, and says so.
        setText("d-final-title", L.final_table_not_yet || "");
        setText("d-final-note", countsNote(counts));
        renderFinal.pages = drawLeaders("d-final-list", "d-final-note-page", counts.leaders || []);
        return;
      }
      renderFinal.pages = 1;
      setText("d-final-title", Live.fill(L.final_table, { table: final.table }));
      setText("d-final-note", countsNote(counts));
      var walking = finalTableMoves();
      var html = final.seats.map(function (row) {
        var move = walking.filter(function (m) { return m.to_seat === row.seat; })[0];
        var from = move && move.from_table ?
          nowrap(Live.fill(L.from_table_seat, { table: move.from_table, seat: move.from_seat })) : "";
        return '<li><span class="rank">' + escapeHtml(Live.fill(L.seat, { seat: row.seat })) +
          '</span><span class="who">' + escapeHtml(row.name) + '</span><span class="where">' + from +
          "</span><b>" + escapeHtml(fmt(row.chips)) + "</b></li>";
      }).join("");
      if (box.innerHTML !== html) box.innerHTML = html;
      fitBox(box);
    }

    /* Shrink a list's type until every row fits its box (ten seats, never cut). */
    function fitBox(box) {
      shrinkWhile(box, function () { return box.scrollHeight > box.clientHeight + 1; }, 0.5);
    }

    /* -- bounties: the biggest in play (progressive), the mystery ones left -- */

    function renderBounties() {
      var b = state.bounties;
      show("d-bounties", !!b);
      if (!b) return;
      var note = "";
      var rows = [];
      if (b.kind === "knockout") {
        note = Live.fill(L.bounty_each, { amount: fmtMoney(b.amount) });
      } else if (b.kind === "progressive") {
        note = Live.fill(L.bounty_progressive, { share: b.progressive_share });
        rows = (b.heads || []).map(function (h, i) {
          return '<li><span class="rank">' + escapeHtml(Live.fill(L.place, { place: i + 1 })) +
            '</span><span class="who">' + escapeHtml(h.name) + "</span><b>" + escapeHtml(fmtMoney(h.bounty)) + "</b></li>";
        });
      } else if (b.kind === "mystery" && b.mystery_left) {
        note = Live.fill(L.mystery_left, { count: fmt(b.mystery_left.count), total: fmtMoney(b.mystery_left.total) });
        if (b.mystery_left.biggest.length) {
          note += " · " + Live.fill(L.mystery_biggest, { amounts: b.mystery_left.biggest.map(fmtMoney).join(", ") });
        }
      }
      setText("d-bounties-note", note);
      var box = $("d-bounties-list");
      var html = rows.join("");
      if (box && box.innerHTML !== html) box.innerHTML = html;
    }

    /* -- the seat list: paged through the API, sized to the screen --------- */

    var seats = { page: 1, pages: 1, rows: [], shownAt: 0, loading: false, stale: false };

    /* As many rows as fit the list's box (two columns on the board). Measured
       with one probe row in the emptied box, and the rows shown are put back
       at once: the screen keeps its page while the next one loads, and the
       probe is never painted. */
    function seatsPerPage() {
      var box = $("d-seats-list");
      if (!box) return 20;
      var shown = box.innerHTML;
      var probe = document.createElement("li");
      probe.innerHTML = "<span>Xy</span><b>1</b>";
      box.innerHTML = "";
      box.appendChild(probe);
      var row = probe.getBoundingClientRect().height || 30;
      var room = box.getBoundingClientRect().height;
      var columns = getComputedStyle(box).columnCount;
      columns = parseInt(columns, 10) || 1;
      box.innerHTML = shown;
      return Math.max(columns, Math.floor(room / row) * columns);
    }

    function drawSeats() {
      var box = $("d-seats-list");
      if (!box) return;
      box.innerHTML = seats.rows.map(function (r) {
        // A player with a move pending is shown where he goes.
        var seat = r.moving_to ? "→ " + Live.fill(L.table_seat, r.moving_to) : Live.fill(L.table_seat, r);
        return "<li><span>" + escapeHtml(r.name) + "</span><b>" + nowrap(seat) + "</b></li>";
      }).join("");
      setText("d-seats-page", seats.pages > 1 ? Live.fill(L.page_of, { page: seats.page, pages: seats.pages }) : "");
      // A name is never cut ("Małgorz…"): a long one gets smaller type, and wraps if still too long.
      var names = box.querySelectorAll("li > span");
      for (var i = 0; i < names.length; i++) fitName(names[i]);
      // Measured before the page had its layout (a slow start), the page can
      // hold more rows than fit: measure once more, then no further.
      var fits = box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1;
      if (fits) {
        seats.refitting = false;
      } else if (seats.rows.length > 1 && !seats.refitting) {
        seats.refitting = true;
        setTimeout(function () { loadSeats(seats.page); }, 300);
      }
    }

    function fitName(node) {
      node.classList.remove("wrap");
      shrinkWhile(node, function () { return node.scrollWidth > node.clientWidth + 1; }, 0.7);
      if (node.scrollWidth > node.clientWidth + 1) node.classList.add("wrap");
    }

    function loadSeats(page) {
      if (stopped || !$("d-seats-list") || config.layout !== "seats") return;
      if (seats.loading) { seats.stale = true; return; }
      seats.loading = true;
      var per = seatsPerPage();
      var url = "/api/v1/tournaments/" + config.tournament + "/seats?per_page=" + per + "&page=" + page;
      fetch(url, { credentials: "omit" }).then(function (response) {
        return response.ok ? response.json() : null;
      }).then(function (data) {
        if (data) {
          seats.page = data.page;
          seats.pages = data.pages;
          seats.rows = data.seats;
          seats.shownAt = Date.now();
        }
        drawSeats();
      }).catch(drawSeats).then(function () {
        seats.loading = false;
        if (seats.stale) { seats.stale = false; loadSeats(seats.page); }
      });
    }

    /* Long enough to find one's name: ten seconds and a little more per row. */
    function seatSeconds() {
      return config.seats_seconds || Math.min(25, 10 + seats.rows.length * 0.25);
    }

    function turnPages() {
      if (config.layout === "seats" && seats.pages > 1 &&
          Date.now() - seats.shownAt >= seatSeconds() * 1000) {
        loadSeats(seats.page >= seats.pages ? 1 : seats.page + 1);
      }
      var countPages = Math.max(renderCounts.pages || 1, renderFinal.pages || 1);
      if (countPages > 1 && Date.now() - countsShownAt >= 12000) {
        countsShownAt = Date.now();
        countsPage += 1;
        renderCounts();
        renderFinal();
      }
      var moves = state.moves || [];
      if (moves.length && Date.now() - (turnPages.movesAt || 0) >= 8000) {
        turnPages.movesAt = Date.now();
        movePage += 1;
        renderMoves();
      }
    }

    /* The seating changed: show the same page again, as it now reads. */
    var seatsTimer = null;
    function renderSeats() {
      clearTimeout(seatsTimer);
      seatsTimer = setTimeout(function () { loadSeats(seats.page); }, 300);
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
        text = Live.fill(L.say_break, { count: Math.round(level.seconds / 60) });
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
      seating: [renderHeader, renderSeats],
      moves: [renderMoves, renderFinal],
      payouts: [renderPayouts],
      results: [renderResults],
      announcements: [renderAnnouncements],
      clock_calls: [renderCalls],
      chip_counts: [renderHeader, renderCounts, renderFinal, renderMoves],
      bounties: [renderBounties],
      purchases: [renderClock]
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

    function onLoad() { renderSeats(); }
    function onResize() { renderMoves(); renderSeats(); renderCounts(); renderFinal(); }
    if (config.sound !== false) {
      document.addEventListener("click", enableSound, { once: true });
      document.addEventListener("keydown", enableSound, { once: true });
    }
    render();
    connection = Live.connect({
      path: "/ws/tournaments/" + config.tournament + "/display",
      labels: L,
      onSnapshot: function (snapshot) { if (!stopped) onSnapshot(snapshot); },
      onMessage: function (m) { if (!stopped) onMessage(m); }
    });
    window.Screen = { state: function () { return state; }, connection: connection, labels: L };
    var timers = [setInterval(renderClock, 200), setInterval(turnPages, 1000)];
    // Fonts and layout are settled at "load": the seat pages are sized again.
    window.addEventListener("load", onLoad);
    window.addEventListener("resize", onResize);
    return {
      stop: function () {
        stopped = true;
        timers.forEach(clearInterval);
        clearTimeout(seatsTimer);
        connection.close();
        document.removeEventListener("click", enableSound);
        document.removeEventListener("keydown", enableSound);
        window.removeEventListener("load", onLoad);
        window.removeEventListener("resize", onResize);
      }
    };
  }

  window.DisplayBoard = { mount: mount };
  if (document.body.getAttribute("data-board") !== "manual") mount();
})();
