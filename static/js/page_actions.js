// Small page actions, wired by data attributes so that no page needs inline
// script (the Content-Security-Policy allows scripts from this server only):
//   data-print                  a button that prints the page
//   <form data-confirm="...">   asks before submitting
//   data-autosubmit             a select or radio that submits its form on change
//   data-add-rule="ID"          adds a rule id to the ruling form's rules field
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) {
      window.print();
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
  document.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.dataset.confirm)) event.preventDefault();
  });
  document.addEventListener("change", function (event) {
    var input = event.target.closest("[data-autosubmit]");
    if (input && input.form) input.form.requestSubmit ? input.form.requestSubmit() : input.form.submit();
  });
})();
