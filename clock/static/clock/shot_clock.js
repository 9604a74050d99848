// Shot clock countdowns: count locally from the server's deadline, corrected
// for clock offset; reload the page every 10 seconds to see other tablets' actions.
(function () {
  "use strict";
  var box = document.getElementById("shot-turns");
  if (!box) return;
  var offset = Number(box.getAttribute("data-server")) - Date.now(); // server minus local, ms

  function format(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(total / 60) + ":" + String(total % 60).padStart(2, "0");
  }

  function tick() {
    var now = Date.now() + offset;
    box.querySelectorAll("li[data-ends]").forEach(function (li) {
      var left = Number(li.getAttribute("data-ends")) - now;
      var out = li.querySelector('[data-role="shot-time"]');
      out.textContent = format(left);
      out.classList.toggle("countdown", left > 0 && left <= 10000);
      out.classList.toggle("expired", left <= 0);
    });
  }

  tick();
  setInterval(tick, 200);
  setInterval(function () {
    if (!document.hidden && !document.activeElement.matches("input, select")) window.location.reload();
  }, 10000);
})();
