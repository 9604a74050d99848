/* live_data.js: a screen's copy of its snapshot (README "Screen messages"),
 * loaded before live.js, which adds the socket (Live.connect):
 * - Live.clockAt() counts a clock payload down locally, through an outage and
 *   over one level boundary;
 * - Live.applyParts() is the one way a screen applies a message: every part of
 *   the catalogue replaces the screen's copy of it, table rows replace the rows
 *   of the same id. No screen branches on the message's type to change its state.
 * - the words and numbers every screen draws with: Live.fill, Live.escape,
 *   Live.formatDuration, and Live.readJson for what the page carries.
 * No dependencies, no outside requests.
 */
(function () {
  "use strict";

  /* The clock payload of GET .../clock (and snapshot.clock) at server time `now`.
   * Running clocks count down from ends_at; past the end the next entry of the
   * structure is assumed to run at its full length (one step), so a screen keeps
   * counting through an outage. */
  function clockAt(clock, now) {
    if (!clock) return null;
    var view = {
      state: clock.state,
      level: clock.level,
      next: clock.next,
      level_index: clock.level_index,
      remaining_ms: clock.remaining_ms || 0,
      break_in_ms: null,
      rolled: false
    };
    var elapsed = 0;
    if (clock.state === "running" && typeof clock.ends_at === "number") {
      view.remaining_ms = clock.ends_at - now;
      elapsed = now - (clock.server_time || now);
      if (view.remaining_ms <= 0 && clock.next && clock.next.seconds) {
        view.remaining_ms += clock.next.seconds * 1000;
        view.level = clock.next;
        view.next = null;
        view.level_index = clock.level_index + 1;
        view.rolled = true;
      }
      if (view.remaining_ms < 0) view.remaining_ms = 0;
    }
    if (typeof clock.time_to_next_break_ms === "number") {
      view.break_in_ms = Math.max(0, clock.time_to_next_break_ms - Math.max(0, elapsed));
    }
    return view;
  }

  /* The parts of a screen (README "Screen messages"): the page renders the
   * server's list (tournament/changes.py and the seating) as #live-parts, so
   * this file keeps no copy. "tables" carries only the rows a change touched;
   * every other part is whole. */
  var parts = null;
  function screenParts() {
    if (parts === null) parts = readJson("live-parts") || [];
    return parts;
  }

  function mergeRows(rows, changed) {
    var at = {};
    rows.forEach(function (row, i) { at[row.id] = i; });
    changed.forEach(function (row) {
      if (at[row.id] === undefined) rows.push(row);
      else rows[at[row.id]] = row;
    });
    rows.sort(function (a, b) { return a.number - b.number; });
  }

  /* Apply a message to a screen's copy of the snapshot; returns the parts it changed. */
  function applyParts(state, message) {
    var applied = [];
    screenParts().forEach(function (part) {
      if (!(part in message)) return;
      if (part === "tables") mergeRows(state.tables || (state.tables = []), message.tables || []);
      else state[part] = message[part];
      applied.push(part);
    });
    return applied;
  }

  function pad(n) { return n < 10 ? "0" + n : String(n); }

  /* 12:34 or 1:02:03; counts whole seconds up (a countdown shows 0:00 only at the end). */
  function formatDuration(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600);
    var m = Math.floor((total % 3600) / 60);
    var s = total % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  /* A label with a count comes as {one, other} (tournament/web/labels.py):
     "one" for a count of 1, as German and English say it. */
  function fill(template, values) {
    if (template && typeof template === "object") {
      template = String(values.count).replace(/\D/g, "") === "1" ? template.one : template.other;
    }
    return String(template || "").replace(/\{(\w+)\}/g, function (all, key) {
      return values[key] === undefined || values[key] === null ? "" : values[key];
    });
  }

  /* Text for innerHTML: every screen that draws from a part escapes with this. */
  function escape(value) {
    return String(value === null || value === undefined ? "" : value).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  function readJson(id) {
    var node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }

  var Live = window.Live || (window.Live = {});
  Live.clockAt = clockAt;
  Live.parts = screenParts;
  Live.applyParts = applyParts;
  Live.formatDuration = formatDuration;
  Live.fill = fill;
  Live.escape = escape;
  Live.readJson = readJson;
})();
