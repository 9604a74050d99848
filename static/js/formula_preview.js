/* The season form's preview (README "Switching from TD3", "The points formula"):
   posts the form's formula to POST /api/v1/seasons/formula-preview as the director
   types and draws the places the server returns. The server decides; this draws.
   Words come from the template's data attributes. */
(function () {
  "use strict";
  var box = document.querySelector("[data-formula-preview]");
  if (!box) return;
  var form = box.closest("form");
  var table = box.querySelector("[data-preview-table]");
  var problem = box.querySelector("[data-preview-problem]");
  var lang = document.documentElement.lang || "en";
  var timer = null;
  var asked = 0;

  function value(name) {
    var element = form.elements[name];
    return element ? element.value : "";
  }

  /* 2.500,50 (German) or 2,500.50 (English) as 2500.50 */
  function plain(text) {
    var t = String(text).trim().replace(/\s/g, "");
    var comma = t.lastIndexOf(","), dot = t.lastIndexOf(".");
    if (comma > dot) return t.replace(/\./g, "").replace(",", ".");
    return t.replace(/,/g, "");
  }

  function body() {
    var table = value("table").split(/[\s;]+/).map(function (t) { return plain(t.replace(/,$/, "")); })
      .filter(function (t) { return t !== ""; });
    var request = {
      formula: value("formula"),
      formula_text: value("formula_text"),
      field: parseInt(box.querySelector("[data-preview-field]").value, 10) || 0,
      participation: plain(value("participation")) || "0",
      buy_in: plain(box.querySelector("[data-preview-buy-in]").value) || "0"
    };
    if (table.length) request.table = table;
    return request;
  }

  function shown(points) {
    return Number(points).toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }

  function cell(tag, text) {
    var element = document.createElement(tag);
    element.textContent = text;
    return element;
  }

  function draw(rows) {
    var head = document.createElement("tr");
    [box.dataset.wordPlace, box.dataset.wordPoints, box.dataset.wordWithHit].forEach(function (word) {
      head.appendChild(cell("th", word));
    });
    table.tHead.replaceChildren(head);
    var lines = rows.map(function (row) {
      var line = document.createElement("tr");
      line.appendChild(cell("td", String(row.place)));
      line.appendChild(cell("td", shown(row.points)));
      line.appendChild(cell("td", shown(row.points_with_hit)));
      return line;
    });
    table.tBodies[0].replaceChildren.apply(table.tBodies[0], lines);
    problem.textContent = "";
    table.hidden = false;
  }

  function refuse(answer) {
    var detail = answer.detail || box.dataset.wordFailed;
    if (answer.field && detail.indexOf(answer.field + ": ") === 0) {
      detail = detail.slice(answer.field.length + 2);
    }
    problem.textContent = detail;
    table.hidden = true;
  }

  function ask() {
    var mine = ++asked;
    fetch(box.dataset.url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": box.dataset.csrf },
      body: JSON.stringify(body())
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (mine !== asked) return;
        if (response.ok) draw(answer.rows || []);
        else refuse(answer);
      });
    }).catch(function () {
      if (mine === asked) refuse({});
    });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(ask, 250);
  }

  form.addEventListener("input", later);
  form.addEventListener("change", later);
  ask();
})();
