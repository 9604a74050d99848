// Small page actions, wired by data attributes so that no page needs inline
// script (the Content-Security-Policy allows scripts from this server only):
//   data-print                  a button that prints the page
//   <form data-confirm="...">   asks before submitting
//   data-autosubmit             a select or radio that submits its form on change
//   data-add-rule="ID"          adds a rule id to the ruling form's rules field
//   data-add-row="ID"           adds an empty row to the table body ID: a copy of
//                               its last row with the field number in each name
//                               ("value-3") counted on and the form's "rows"
//                               field raised; data-max-rows caps the rows
//   <form data-enter-next>       Enter in a field goes to the next one (a chip count
//                               per seat); in the last field it submits
//   form.lang (the language switch) keeps what was typed in the page's forms
//   <details data-nav-group>     a menu group: opening one closes the others,
//                               a tap elsewhere closes it
//   <form method="post">         the page keeps its scroll position when the post
//                               comes back to it (one marked data-fetch is sent by
//                               the page's script, tables/floor.js: no page comes back)
(function () {
  "use strict";
  var placeKey = "page-place";
  try {
    var place = JSON.parse(window.sessionStorage.getItem(placeKey) || "null");
    window.sessionStorage.removeItem(placeKey);
    if (place && place.path === window.location.pathname && !window.location.hash) {
      window.addEventListener("DOMContentLoaded", function () { window.scrollTo(0, place.y); });
    }
  } catch (e) { /* private mode: the page starts at the top */ }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || (form.method || "").toLowerCase() !== "post") return;
    if (form.hasAttribute("data-fetch")) return; // sent by the page's script: no page comes back
    try {
      window.sessionStorage.setItem(placeKey, JSON.stringify({ path: window.location.pathname, y: window.scrollY }));
    } catch (e) { /* private mode */ }
  });
  document.addEventListener("toggle", function (event) {
    var group = event.target;
    if (!group.matches || !group.matches("[data-nav-group]") || !group.open) return;
    document.querySelectorAll("[data-nav-group][open]").forEach(function (other) {
      if (other !== group) other.open = false;
    });
  }, true);
  document.addEventListener("click", function (event) {
    if (!event.target.closest("[data-nav-group]")) {
      document.querySelectorAll("[data-nav-group][open]").forEach(function (group) { group.open = false; });
    }
    if (event.target.closest("[data-print]")) {
      window.print();
      return;
    }
    var adder = event.target.closest("[data-add-row]");
    if (adder) {
      addRow(adder);
      return;
    }
    var rule = event.target.closest("[data-add-rule]");
    var field = document.getElementById("id_rules");
    if (rule && field) {
      var ids = field.value.split(",").map(function (s) { return s.trim(); }).filter(Boolean);
      if (ids.indexOf(rule.dataset.addRule) < 0) ids.push(rule.dataset.addRule);
      field.value = ids.join(", ");
    }
  });
  function addRow(button) {
    var body = document.getElementById(button.dataset.addRow);
    var last = body && body.lastElementChild;
    if (!last) return;
    var count = body.children.length;
    var max = parseInt(button.dataset.maxRows || "0", 10);
    if (max && count >= max) return;
    var row = last.cloneNode(true);
    row.querySelectorAll("[name]").forEach(function (field) {
      field.name = field.name.replace(/-\d+$/, "-" + count);
      if (field.type !== "hidden") field.value = "";
    });
    body.appendChild(row);
    var form = button.form || body.closest("form");
    var rows = form && form.querySelector("input[name=rows]");
    if (rows) rows.value = String(count + 1);
    var first = row.querySelector("input, select");
    if (first) first.focus();
    if (max && count + 1 >= max) button.disabled = true;
  }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    var form = event.target.closest && event.target.closest("form[data-enter-next]");
    if (!form || event.target.tagName !== "INPUT") return;
    var fields = Array.prototype.slice.call(form.querySelectorAll("input:not([type=hidden])"));
    var next = fields[fields.indexOf(event.target) + 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });
  document.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.dataset.confirm)) event.preventDefault();
  });
  document.addEventListener("change", function (event) {
    var input = event.target.closest("[data-autosubmit]");
    if (input && input.form) input.form.requestSubmit ? input.form.requestSubmit() : input.form.submit();
  });
  // The language switch posts and reloads the page: what was typed in its forms
  // (no passwords) is kept in sessionStorage for this page and put back after
  // the reload (README "Languages").
  var TYPED = "typed-before-language-switch";
  function typedFields() {
    var typed = [];
    document.querySelectorAll("main form").forEach(function (form, f) {
      Array.prototype.forEach.call(form.elements, function (el, i) {
        if (!el.name || /^(hidden|password|file|submit|button|reset)$/.test(el.type)) return;
        if (el.type === "checkbox" || el.type === "radio") {
          if (el.checked !== el.defaultChecked) typed.push([f, i, el.name, el.checked]);
        } else if (el.tagName === "SELECT") {
          var changed = Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; });
          if (changed) typed.push([f, i, el.name, el.value]);
        } else if (el.value !== el.defaultValue) {
          typed.push([f, i, el.name, el.value]);
        }
      });
    });
    return typed;
  }
  document.addEventListener("submit", function (event) {
    if (!event.target.matches("form.lang")) return;
    var typed = typedFields();
    if (!typed.length) return;
    try {
      sessionStorage.setItem(TYPED, JSON.stringify({ page: location.pathname + location.search, typed: typed }));
    } catch (e) { /* storage full or off: switch without keeping */ }
  });
  (function restoreTyped() {
    var saved;
    try {
      saved = JSON.parse(sessionStorage.getItem(TYPED) || "null");
      sessionStorage.removeItem(TYPED);
    } catch (e) { return; }
    if (!saved || saved.page !== location.pathname + location.search) return;
    var forms = document.querySelectorAll("main form");
    saved.typed.forEach(function (item) {
      var form = forms[item[0]];
      var el = form && form.elements[item[1]];
      if (!el || el.name !== item[2]) return;
      if (el.type === "checkbox" || el.type === "radio") el.checked = item[3];
      else el.value = item[3];
      el.dispatchEvent(new Event("input", { bubbles: true })); // previews follow; no autosubmit
    });
  })();
})();
