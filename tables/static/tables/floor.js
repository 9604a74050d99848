// Floor tablet: open the seat dialog after htmx loads it, and refresh the
// table map whenever the floor channel reports a change (with reconnects).
(function () {
  "use strict";
  const dialog = document.getElementById("seat-dialog");
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id === "seat-panel" && dialog && !dialog.open) dialog.showModal();
  });
  document.body.addEventListener("click", function (event) {
    if (event.target.closest(".close-dialog") && dialog) dialog.close();
  });
  const root = document.getElementById("floor-live");
  if (!root || !window.WebSocket) return;
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host +
    "/ws/tournaments/" + root.dataset.tournament + "/floor";
  let delay = 1000;
  let first = true;
  function connect() {
    const socket = new WebSocket(url);
    socket.onopen = function () { delay = 1000; document.body.classList.remove("offline"); };
    socket.onmessage = function (event) {
      const message = JSON.parse(event.data);
      if (message.type === "snapshot" && first) { first = false; return; }
      if (!(dialog && dialog.open)) document.body.dispatchEvent(new Event("live-update"));
    };
    socket.onclose = function () {
      document.body.classList.add("offline");
      setTimeout(connect, delay + Math.random() * 500);
      delay = Math.min(delay * 2, 30000);
    };
  }
  connect();
})();
