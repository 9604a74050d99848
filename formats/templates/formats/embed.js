{% load i18n %}/* Results from the card room on another website (README "Results out: formats").
   <script src=".../embed.js" data-season="3" data-lang="de" async></script>
   puts an iframe where the script stands: the latest results, or a season's table. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script) { return; }
  var base = script.src ? new URL(script.src).origin : "{{ base|escapejs }}";
  var season = script.getAttribute("data-season");
  var lang = script.getAttribute("data-lang");
  var path = season ? "/embed/seasons/" + encodeURIComponent(season) + "/" : "/embed/results/";
  var frame = document.createElement("iframe");
  frame.src = base + path + (lang ? "?lang=" + encodeURIComponent(lang) : "");
  frame.title = season ? "{{ _('League table')|escapejs }}" : "{{ _('Latest results')|escapejs }}";
  frame.style.border = "0";
  frame.style.width = "100%";
  frame.style.height = (parseInt(script.getAttribute("data-height"), 10) || 480) + "px";
  frame.loading = "lazy";
  script.parentNode.insertBefore(frame, script);
})();
