/* lobby.js: the seat finder on a player's phone. Filters the public seat list
 * of the live snapshot (display names only) as the player types. display.js
 * applies the messages (one code path per part); the finder follows the
 * "tables" part: it searches again when a message brought table rows. */
(function () {
  "use strict";

  var L = Live.readJson("screen-labels") || {};
  var input = document.getElementById("seat-query");
  var list = document.getElementById("seat-results");
  if (!input || !list || !window.Screen) return;

  function plain(text) {
    return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .toLowerCase().replace(/ß/g, "ss");
  }

  function rows(state) {
    var found = [];
    (state.tables || []).forEach(function (t) {
      if (t.status !== "open") return;
      (t.players || []).forEach(function (p) {
        found.push({ name: p.name, table: t.number, seat: p.seat, key: plain(p.name) });
      });
    });
    found.sort(function (a, b) { return a.key < b.key ? -1 : a.key > b.key ? 1 : a.table - b.table; });
    return found;
  }

  function item(tag, text, className) {
    var node = document.createElement(tag);
    node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function update() {
    var needle = plain(input.value.trim());
    list.textContent = "";
    if (!needle) return;
    var matches = rows(window.Screen.state()).filter(function (r) {
      return r.key.indexOf(needle) >= 0;
    }).slice(0, 50);
    if (!matches.length) {
      list.appendChild(item("li", L.no_player_found, "muted"));
      return;
    }
    matches.forEach(function (r) {
      var li = document.createElement("li");
      li.appendChild(item("span", r.name));
      li.appendChild(item("b", Live.fill(L.table_seat, r)));
      list.appendChild(li);
    });
  }

  input.addEventListener("input", update);
  input.form.addEventListener("submit", function (event) { event.preventDefault(); update(); });
  document.addEventListener("screen:update", function (event) {
    var parts = event.detail && event.detail.parts;
    if (!parts || parts.indexOf("tables") >= 0) update();
  });
  if (input.value) update();
})();
