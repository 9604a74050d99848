/* signage.js: a named screen's TV page (README "Named screens").
 *
 * Opened once and never touched: the screen's socket (/ws/screens/<code>)
 * says what to show ({type: "screen", views: [{layout, tournament, seconds,
 * url}], lang, sound}); each view's board comes from the server (url) and is
 * swapped in place, then drawn by tiles.js (TileBoard.mount) or today.js.
 * A change of the settings swaps the board without a reload. The page reports
 * what it shows over the socket. While the socket is down it keeps showing and
 * counting down, shows that it is reconnecting, and retries with backoff (at
 * most 4 s apart), at once when the board reaches the server again.
 *
 * Sounds: the server words each event ({type: "announce", items: [{id, kind,
 * text, chime}]}); an id heard once is remembered in localStorage and never
 * sounded again (reload, reconnect, undo). Speech uses the browser's local
 * voices only (speechSynthesis); the chime is made with WebAudio.
 */
(function () {
  "use strict";

  var REPORT_EVERY = 30000;
  // A room has a handful of TVs: they retry within seconds, never half a minute.
  var RETRY_MAX = 4000;
  var HEARD_KEEP = 400;
  var config = Live.readJson("signage-config") || {};
  var labels = Live.readJson("signage-labels") || {};
  var stage = document.getElementById("s-stage");
  var settings = null;
  var board = null;
  var current = null;
  var viewIndex = 0;
  var viewTimer = null;
  var loadToken = 0;
  var socket = null;
  var attempt = 0;
  var retryTimer = null;
  var heardKey = "signage-heard-" + config.code;
  var audio = null;
  var queue = [];
  var speaking = false;
  var received = 0;  // announcements heard, sounded or not

  function wsUrl(path) {
    return (window.location.protocol === "https:" ? "wss://" : "ws://") + window.location.host + path;
  }

  /* -- the views ----------------------------------------------------------- */

  function showing() {
    if (!current) return "";
    var name = stage.querySelector(".t-name");
    var title = name && name.textContent ? " · " + name.textContent : "";
    return current.layout + title;
  }

  function report() {
    send({ type: "report", showing: showing() });
  }

  function mountBoard(view) {
    if (view.layout === "today") {
      return TodayBoard.mount(stage, view.url);
    }
    // A preset or a room's own layout: its tiles (README "Screen layouts and the room's look").
    return TileBoard.mount(stage);
  }

  function showView(index) {
    clearTimeout(viewTimer);
    var views = (settings && settings.views) || [];
    if (!views.length) {
      if (board) board.stop();
      board = null;
      current = null;
      stage.innerHTML = '<p class="s-nothing"></p>';
      stage.firstChild.textContent = labels.nothing || "";
      report();
      return;
    }
    viewIndex = index % views.length;
    var view = views[viewIndex];
    var token = ++loadToken;
    fetch(view.url, { credentials: "omit", cache: "no-store" }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }).then(function (html) {
      if (token !== loadToken) return;  // a newer view was asked for meanwhile
      if (board) board.stop();
      stage.innerHTML = html;
      document.body.className = "display named-screen layout-" + view.layout;
      document.documentElement.lang = settings.lang;
      current = view;
      board = mountBoard(view);
      document.body.setAttribute("data-showing", view.layout + ":" + view.tournament);
      report();
    }).catch(function () {
      if (token === loadToken) viewTimer = setTimeout(function () { showView(viewIndex); }, 3000);
    }).then(function () {
      if (token === loadToken && view.seconds && views.length > 1) {
        clearTimeout(viewTimer);
        viewTimer = setTimeout(function () { showView(viewIndex + 1); }, view.seconds * 1000);
      }
    });
  }

  function onSettings(message) {
    var before = settings ? JSON.stringify(settings.views) + settings.lang : null;
    settings = message;
    if (JSON.stringify(settings.views) + settings.lang !== before) showView(0);
    var sound = settings.sound || {};
    var hint = document.getElementById("s-sound");
    if (hint) hint.hidden = !(sound.on && audioLocked());
  }

  /* -- sound and speech ---------------------------------------------------- */

  function heard() {
    try { return JSON.parse(window.localStorage.getItem(heardKey)) || {}; } catch (e) { return {}; }
  }

  function remember(id) {
    var all = heard();
    all[id] = Date.now();
    var ids = Object.keys(all).sort(function (a, b) { return all[a] - all[b]; });
    ids.slice(0, Math.max(0, ids.length - HEARD_KEEP)).forEach(function (old) { delete all[old]; });
    try { window.localStorage.setItem(heardKey, JSON.stringify(all)); } catch (e) { /* full: keep going */ }
  }

  function audioLocked() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return false;
    if (!audio) audio = new Ctx();
    return audio.state === "suspended";
  }

  function unlock() {
    if (audio && audio.state === "suspended") audio.resume();
    var hint = document.getElementById("s-sound");
    if (hint) hint.hidden = true;
  }

  function volume() {
    var sound = (settings && settings.sound) || {};
    return Math.max(0, Math.min(100, typeof sound.volume === "number" ? sound.volume : 80)) / 100;
  }

  /* Two soft tones, made here (no sound file). */
  function chime() {
    if (!audio || audio.state !== "running") return 0;
    var start = audio.currentTime + 0.05;
    [660, 880].forEach(function (frequency, i) {
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      var at = start + i * 0.3;
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.5 * volume()), at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.4);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.45);
    });
    return 800;
  }

  /* A voice of the language that runs on this machine; none found: the language alone. */
  function localVoice(lang) {
    var voices = (window.speechSynthesis && window.speechSynthesis.getVoices()) || [];
    for (var i = 0; i < voices.length; i++) {
      if (voices[i].localService && voices[i].lang && voices[i].lang.slice(0, 2) === lang) return voices[i];
    }
    return null;
  }

  function speak(text, done) {
    var synth = window.speechSynthesis;
    if (!synth || !window.SpeechSynthesisUtterance || !text) { done(); return; }
    var lang = (settings.sound && settings.sound.voice) || settings.lang || "en";
    var utterance = new window.SpeechSynthesisUtterance(text);
    utterance.lang = lang === "de" ? "de-DE" : "en-GB";
    var voice = localVoice(lang);
    // Only voices of this machine: a browser that offers only voices on the
    // internet for the language says nothing rather than send the words out.
    if (!voice && (synth.getVoices() || []).length) { done(); return; }
    if (voice) utterance.voice = voice;
    utterance.volume = volume();
    utterance.onend = done;
    utterance.onerror = done;
    synth.speak(utterance);
  }

  function playNext() {
    if (speaking || !queue.length) return;
    speaking = true;
    var item = queue.shift();
    var wait = item.chime ? chime() : 0;
    var finished = false;
    function done() {
      if (finished) return;
      finished = true;
      speaking = false;
      playNext();
    }
    setTimeout(function () { speak(item.text, done); }, wait);
    setTimeout(done, 20000);  // an engine that never says it ended does not stop the queue
  }

  function announce(items) {
    var sound = (settings && settings.sound) || {};
    (items || []).forEach(function (item) {
      received += 1;
      if (!sound.on || heard()[item.id]) return;
      remember(item.id);
      queue.push(item);
    });
    playNext();
  }

  /* -- the socket ---------------------------------------------------------- */

  function send(message) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
  }

  function status(online) {
    document.getElementById("s-status").hidden = online;
    document.documentElement.classList.toggle("screen-offline", !online);
  }

  function receive(message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "screen") onSettings(message);
    else if (message.type === "announce") announce(message.items);
    else if (message.type === "screen_gone") { settings = { views: [], sound: {} }; showView(0); }
  }

  function connect() {
    var ws;
    try { ws = new WebSocket(wsUrl("/ws/screens/" + config.code)); } catch (e) { retry(); return; }
    socket = ws;
    ws.onopen = function () {
      attempt = 0;
      status(true);
      if (current) report();  // back after an outage: the screens page sees it at once
    };
    ws.onmessage = function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      receive(message);
    };
    ws.onclose = function () {
      if (socket !== ws) return;
      socket = null;
      status(false);
      retry();
    };
  }

  function retry() {
    var delay = Math.max(500, Math.random() * Math.min(RETRY_MAX, 500 * Math.pow(2, attempt)));
    attempt += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, delay);
  }

  /* The board on this page reached the server (live.js): the screen's own
   * socket follows at once, so the red frame goes with the outage. */
  function reconnectNow() {
    if (socket) return;  // open or connecting
    clearTimeout(retryTimer);
    connect();
  }

  document.addEventListener("live:reachable", reconnectNow);
  document.addEventListener("click", unlock);
  document.addEventListener("keydown", unlock);
  setInterval(report, REPORT_EVERY);
  connect();
  window.Signage = {
    settings: function () { return settings; },
    heard: heard,
    received: function () { return received; },
    online: function () { return !!socket && socket.readyState === 1; }
  };
})();
