/* desk.js: keyboard flow at the registration desk. Enter in the search field
 * registers the typed name as a new player when no known player matches; when
 * some match, it moves to the first "Register" button, so a second Enter
 * registers that player. The search results come from the server (htmx). */
(function () {
  "use strict";

  var search = document.querySelector("[data-new-player-form]");
  if (!search) return;
  var form = document.getElementById(search.dataset.newPlayerForm);
  var results = document.getElementById("player-results");

  function resultsFor(query) {
    var list = results && results.querySelector("ul.results");
    if (list && list.dataset.query === query) return Promise.resolve(list);
    var url = search.getAttribute("hx-get") + "?q=" + encodeURIComponent(query);
    return fetch(url, { credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        results.innerHTML = html;
        return results.querySelector("ul.results");
      });
  }

  search.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    var query = search.value.trim();
    if (!query || !form) return;
    resultsFor(query).then(function (list) {
      if (list && list.dataset.matches !== "0") {
        var button = list.querySelector("button[type=submit]");
        if (button) button.focus();
        return;
      }
      form.elements.name.value = query;
      form.requestSubmit ? form.requestSubmit() : form.submit();
    });
  });
})();
