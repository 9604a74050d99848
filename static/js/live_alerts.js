/* live_alerts.js: what a screen sounds and pops up (loaded after
 * live_data.js): a short beep from WebAudio, no sound files; and on the floor
 * tablets a toast and a beep when a table calls the floor. */
(function () {
  "use strict";

  var fill = window.Live.fill;

  var audio = null;
  function unlockAudio() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return false;
    if (!audio) audio = new Ctx();
    if (audio.state === "suspended") audio.resume();
    return true;
  }
  function beep(times, frequency) {
    if (!audio) return;
    var start = audio.currentTime + 0.05;
    for (var i = 0; i < (times || 1); i++) {
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency || 880;
      gain.gain.setValueAtTime(0.0001, start + i * 0.35);
      gain.gain.exponentialRampToValueAtTime(0.4, start + i * 0.35 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.35 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + i * 0.35);
      osc.stop(start + i * 0.35 + 0.3);
    }
  }

  /* Floor tablets: a toast and a beep when a table calls the floor. */
  function floorCallAlerts(labels) {
    return function (message) {
      if (message.type !== "floor_call") return;
      var box = document.getElementById("floor-call-toasts");
      if (!box) {
        box = document.createElement("div");
        box.id = "floor-call-toasts";
        box.setAttribute("role", "alert");
        box.style.cssText = "position:fixed;right:1rem;top:1rem;z-index:1000;display:flex;flex-direction:column;gap:.5rem";
        document.body.appendChild(box);
      }
      var toast = document.createElement("button");
      toast.type = "button";
      toast.className = "floor-call-toast";
      toast.style.cssText = "font-size:1.4rem;padding:1rem 1.5rem;background:#b91c1c;color:#fff;border:0;border-radius:8px;min-height:56px";
      toast.textContent = fill(labels.floor_call || "Floor! Table {table}", message) +
        (message.reason ? " – " + message.reason : "");
      toast.addEventListener("click", function () { toast.remove(); });
      box.appendChild(toast);
      beep(3, 988);
      setTimeout(function () { toast.remove(); }, 60000);
    };
  }

  window.Live.unlockAudio = unlockAudio;
  window.Live.beep = beep;
  window.Live.floorCallAlerts = floorCallAlerts;
})();
