// The league table (README "Results out"): a player's results and corrections are
// read when his line is opened, from his line's own page; without scripts the
// line's link opens that page.
(function () {
  "use strict";
  document.querySelectorAll(".r-season details").forEach(function (details) {
    details.addEventListener("toggle", function () {
      var slot = details.querySelector(".r-cells-slot[data-src]");
      if (!details.open || !slot) return;
      var src = slot.getAttribute("data-src");
      slot.removeAttribute("data-src");
      fetch(src, { headers: { Accept: "text/html" } })
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          return response.text();
        })
        .then(function (text) {
          var page = new DOMParser().parseFromString(text, "text/html");
          var cells = page.querySelector(".r-cells");
          if (cells) slot.replaceChildren(document.importNode(cells, true));
        })
        .catch(function () {
          slot.setAttribute("data-src", src); // the link stays; opening again retries
        });
    });
  });
})();
