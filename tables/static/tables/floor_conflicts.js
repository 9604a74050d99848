// The floor's conflicts on the floor tablet (README "When the network drops"):
// the queued actions of offline tablets that the server refused. floor.js keeps
// the `conflicts` part with the rest of its state and asks this file for two
// drawings: the count beside the floor's counts on every tablet, and the list
// in the side column; a director's list carries a resolve form per conflict
// (applied differently, or discarded with a reason), sent with fetch like the
// tablet's other actions. Each conflict carries its words in every language;
// the page's language picks them.
(function () {
  "use strict";
  window.FloorConflicts = function (tools) {
    var esc = tools.escape;
    var L = tools.labels;
    var lang = L.lang || "en";

    function words(byLanguage) {
      if (!byLanguage) return "";
      if (byLanguage[lang]) return byLanguage[lang];
      for (var code in byLanguage) { if (byLanguage[code]) return byLanguage[code]; }
      return "";
    }

    function when(text) {
      if (!text) return "";
      var at = new Date(text);
      if (isNaN(at.getTime())) return "";
      return at.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    }

    function resolveForm(conflict) {
      return tools.post(tools.link(tools.links.conflict_resolve, conflict.id),
        '<span class="conflict-resolve"><button name="how" value="applied_differently">' +
        esc(L.applied_differently) + '</button> <input name="reason" maxlength="200" aria-label="' +
        esc(L.discard_reason) + '" title="' + esc(L.discard_reason) + '" placeholder="' + esc(L.reason) + '"> ' +
        '<button name="how" value="discarded">' + esc(L.discard) + "</button></span>");
    }

    function itemHtml(conflict) {
      var time = when(conflict.device_time || conflict.received_at);
      var by = conflict.device
        ? Live.fill(L.conflict_by, { by: conflict.by || "?", device: conflict.device, time: time })
        : Live.fill(L.conflict_by_no_device, { by: conflict.by || "?", time: time });
      return '<li data-conflict="' + conflict.id + '"><strong class="conflict-what">' +
        esc(words(conflict.what)) + '</strong><span class="muted">' + esc(by) + "</span>" +
        '<span class="conflict-why">' + esc(L.conflict_refused) + " " +
        esc(words(conflict.refusal && conflict.refusal.message)) + "</span>" +
        (tools.resolve ? resolveForm(conflict) : "") + "</li>";
    }

    return {
      // Every tablet: how many are open (nothing when none).
      badge: function (part) {
        var n = part ? part.open : 0;
        if (!n) return "";
        return '<a class="badge danger" href="#floor-conflicts" data-conflicts="' + n + '">' +
          esc(Live.fill(L.conflicts, { n: n, count: n })) + "</a>";
      },
      // The list in the side column, with the director's resolve forms.
      list: function (part) {
        if (!part || !part.open) return "";
        return '<section class="card moves-alert conflicts-card" role="alert"><h2>' +
          esc(Live.fill(L.conflicts, { n: part.open, count: part.open })) + '</h2><p class="muted">' +
          esc(L.conflicts_note) + '</p><ul class="conflict-list">' +
          (part.list || []).map(itemHtml).join("") + "</ul></section>";
      }
    };
  };
})();
