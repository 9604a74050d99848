/* board_words.js: how the public screens word the parts (README "Screen layouts
 * and the room's look"): numbers and money in the reader's notation, the level,
 * the blinds, the windows the server worked out, the state of the chip counts.
 * The words themselves come from the server (#screen-labels); tiles.js draws
 * with these, and nothing else words a part. No dependencies but live.js. */
(function () {
  "use strict";

  /* The words of one page, in `lang`; `L` the page's labels. */
  window.BoardWords = function (L, lang) {
    var numbers = new Intl.NumberFormat(lang);
    var moneyFormats = {};

    function fmt(n) { return n === null || n === undefined ? "–" : numbers.format(n); }

    /* Money as the reader writes it (2.600 € in German, €2,600 in English): whole
       amounts without cents, others with both digits (37,50 €). */
    function money(value, currency) {
      if (value === null || value === undefined) return "–";
      var n = Number(value);
      var digits = Number.isInteger(n) ? 0 : 2;
      var key = (currency || "EUR") + ":" + digits;
      if (!moneyFormats[key]) {
        var options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
        try {
          moneyFormats[key] = new Intl.NumberFormat(lang, Object.assign({
            style: "currency", currency: currency || "EUR", currencyDisplay: "narrowSymbol" }, options));
        } catch (e) {  // an unknown currency code: the amount alone
          moneyFormats[key] = new Intl.NumberFormat(lang, options);
        }
      }
      return moneyFormats[key].format(n);
    }

    function levelTitle(level) {
      if (!level) return "";
      return level.kind === "break" ? L.break : Live.fill(L.level, { number: level.number });
    }
    function blinds(level) {
      return !level || level.kind === "break" ? "" : fmt(level.small_blind) + " / " + fmt(level.big_blind);
    }
    function ante(level) {
      if (!level || level.kind === "break" || !level.ante) return "";
      return Live.fill(level.big_blind_ante ? L.bb_ante : L.ante, { ante: fmt(level.ante) });
    }
    function nextText(next) {
      if (!next) return "";
      if (next.kind === "break") return Live.fill(L.next_break_minutes, { minutes: Math.round(next.seconds / 60) });
      return Live.fill(L.next_level, { blinds: blinds(next) }) + (next.ante ? " · " + ante(next) : "");
    }
    function chips(values) { return values.map(fmt).join(", "); }

    /* A colour-up now (on a break) or at the next break. */
    function colourUp(view) {
      if (view.level.kind === "break" && view.level.color_up && view.level.color_up.length) {
        return Live.fill(L.color_up_now, { chips: chips(view.level.color_up) });
      }
      if (view.next && view.next.kind === "break" && view.next.color_up && view.next.color_up.length) {
        return Live.fill(L.chip_up_next, { chips: chips(view.next.color_up) });
      }
      return "";
    }

    /* Late registration counting down to its close, then "closed". */
    function registration(clock, summary, now) {
      if (!clock || clock.state === "finished") return "";
      if (!clock.registration_open) return summary && summary.entries ? L.registration_closed : "";
      var left = clock.registration_remaining_ms;
      if (typeof left !== "number") return L.registration_open;
      if (clock.state === "running") left -= now - (clock.server_time || now);
      if (left <= 0) return L.registration_closed;
      return Live.fill(L.registration_closes_in, { time: Live.formatDuration(left) });
    }

    /* The rebuy and add-on windows as the server worked them out (the purchases part). */
    var PURCHASE_WORDS = {
      rebuys: { open: "rebuys_open", until: "rebuys_until" },
      addon: { open: "addon_open", now: "addon_now", next_break: "addon_next_break" }
    };
    function purchases(windows) {
      var said = [];
      ["rebuys", "addon"].forEach(function (kind) {
        var window = (windows || {})[kind];
        var label = window && L[PURCHASE_WORDS[kind][window.state]];
        if (label) said.push(Live.fill(label, { level: window.level }));
      });
      return said.join(" · ");
    }

    /* Counts older than a bust miss the chips it moved: the screens say so. */
    function countsNote(counts) {
      if (!counts || !counts.counted) return L.no_counts || "";
      if (counts.stale) return L.counted_before_busts || "";
      return counts.complete ? "" : Live.fill(L.counted_of, { counted: fmt(counts.counted), players: fmt(counts.players) });
    }

    function place(row) {
      return Live.fill(L.place, { place: row.place }) +
        (row.to && row.to !== row.place ? "–" + Live.fill(L.place, { place: row.to }) : "");
    }

    /* The forecast end (README "Finish on time: where it shows"): the server
       gives the room's clock times, the reader's language puts them in words. */
    function clockTime(t) {
      var h = t.hour;
      return Live.fill(L.clock_time, {
        hour: h, hour12: h % 12 || 12, minute: (t.minute < 10 ? "0" : "") + t.minute, ampm: h < 12 ? "am" : "pm"
      });
    }
    function forecast(f) {
      if (!f || !f.clock || !L.forecast) return "";
      return Live.fill(L.forecast, {
        predicted: clockTime(f.clock.predicted), earliest: clockTime(f.clock.earliest), latest: clockTime(f.clock.latest)
      });
    }

    return {
      forecast: forecast,
      fmt: fmt, money: money, levelTitle: levelTitle, blinds: blinds, ante: ante, nextText: nextText,
      chips: chips, colourUp: colourUp, registration: registration, purchases: purchases,
      countsNote: countsNote, place: place
    };
  };
})();
