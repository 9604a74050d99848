/* board_sound.js: the display board's sound (README "Screens"): a chime and the
 * level spoken at each new level, a beep and "one minute left" at its notice, a
 * beep for a new clock call. Off until someone clicks or presses a key on the
 * board (browsers allow sound only then); the page's #d-sound says so. Speech
 * uses the browser's local voices only; the tones are made with WebAudio. A
 * named screen sounds through its own socket instead (static/js/signage.js). */
(function () {
  "use strict";

  /* The sound of one board; `words` from board_words.js. */
  window.BoardSound = function (L, lang, words) {
    var on = false;
    var level = null;  // the level index last heard
    var prompt = document.getElementById("d-sound");

    function speak(text) {
      if (!on || !window.speechSynthesis || !text) return;
      var utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = lang === "de" ? "de-DE" : "en-GB";
      var voices = window.speechSynthesis.getVoices() || [];
      for (var i = 0; i < voices.length; i++) {
        if (voices[i].lang && voices[i].lang.slice(0, 2) === lang) { utterance.voice = voices[i]; break; }
      }
      window.speechSynthesis.cancel();
      window.speechSynthesis.speak(utterance);
    }

    function announce(next) {
      if (!on || !next) return;
      Live.beep(3, 880);
      var text;
      if (next.kind === "break") {
        text = Live.fill(L.say_break, { count: Math.round(next.seconds / 60) });
        if (next.color_up && next.color_up.length) {
          text += " " + Live.fill(L.say_color_up, { chips: words.chips(next.color_up) });
        }
      } else {
        text = Live.fill(L.say_level, { number: next.number, small: next.small_blind, big: next.big_blind });
        if (next.ante) text += " " + Live.fill(L.say_ante, { ante: next.ante });
      }
      setTimeout(function () { speak(text); }, 1100);
    }

    function enable() {
      on = Live.unlockAudio();
      if (window.speechSynthesis) window.speechSynthesis.getVoices();
      if (prompt) prompt.hidden = true;
      if (on) Live.beep(1, 660);
    }
    document.addEventListener("click", enable, { once: true });
    document.addEventListener("keydown", enable, { once: true });

    function activeCalls(state) {
      return (state.clock_calls || []).filter(function (c) { return c.status === "active"; })
        .map(function (c) { return c.id; });
    }

    return {
      /* The clock as counted now: a new level running is announced. */
      clock: function (view) {
        if (!view || !view.level) return;
        if (level === null) level = view.level_index;
        else if (view.level_index !== level && view.state === "running") {
          level = view.level_index;
          announce(view.level);
        }
      },
      /* Before a message is applied: what it says that is not state (a notice). */
      before: function (state, message) {
        var calling = activeCalls(state);
        if (on && message.kind === "one_minute_left") {
          Live.beep(2, 660);
          speak(L.say_one_minute);
        }
        return function after(applied) {
          if (on && activeCalls(applied).some(function (id) { return calling.indexOf(id) < 0; })) {
            Live.beep(1, 1200);
          }
        };
      },
      stop: function () {
        document.removeEventListener("click", enable);
        document.removeEventListener("keydown", enable);
      }
    };
  };
})();
