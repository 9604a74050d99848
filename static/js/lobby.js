/* lobby.js: the seat finder on a player's phone. The public snapshot carries no
 * seat list (it stays small for any field); the finder asks the server, which
 * matches the full name, the nickname and the display name and answers with
 * display names only (GET /api/v1/tournaments/{id}/seats?q=). It asks again
 * when a message brings the "seating" part. */
(function () {
  "use strict";

  var L = Live.readJson("screen-labels") || {};
  var config = Live.readJson("screen-config") || {};
  var input = document.getElementById("seat-query");
  var list = document.getElementById("seat-results");
  if (!input || !list) return;

  function item(tag, text, className) {
    var node = document.createElement(tag);
    node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function show(seats) {
    list.textContent = "";
    if (!seats.length) {
      list.appendChild(item("li", L.no_player_found, "muted"));
      return;
    }
    seats.forEach(function (r) {
      var li = document.createElement("li");
      li.appendChild(item("span", r.name));
      // A player with a move pending finds the seat he goes to; a place never breaks.
      var seat = document.createElement("b");
      seat.appendChild(item("span", Live.fill(L.table_seat, r), "nw"));
      if (r.moving_to) {
        seat.appendChild(document.createTextNode(" → "));
        seat.appendChild(item("span", Live.fill(L.table_seat, r.moving_to), "nw"));
      }
      li.appendChild(seat);
      if (config.me_finder) {
        // His own page: he confirms with the code of his pre-registration.
        var mine = item("a", L.my_page, "l-me");
        mine.href = config.me_finder + "?table=" + r.table + "&seat=" + r.seat + "&lang=" + (config.lang || "");
        li.appendChild(mine);
      }
      list.appendChild(li);
    });
  }

  var asked = 0;
  function search() {
    var query = input.value.trim();
    var ask = ++asked;
    if (!query) { list.textContent = ""; return; }
    var url = "/api/v1/tournaments/" + config.tournament + "/seats?q=" + encodeURIComponent(query.slice(0, 60));
    fetch(url, { credentials: "omit" }).then(function (response) {
      return response.ok ? response.json() : { seats: [] };
    }).then(function (data) {
      if (ask === asked) show(data.seats || []);  // only the answer to the last question
    }).catch(function () {});
  }

  var timer = null;
  function soon() {
    clearTimeout(timer);
    timer = setTimeout(search, 200);
  }

  input.addEventListener("input", soon);
  input.form.addEventListener("submit", function (event) { event.preventDefault(); search(); });
  document.addEventListener("screen:update", function (event) {
    var parts = event.detail && event.detail.parts;
    if (parts && parts.indexOf("seating") >= 0 && input.value.trim()) soon();
  });
})();
