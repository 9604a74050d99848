/* board_fit.js: type that fits its box on the public screens (README "Screen
 * layouts and the room's look"): a text, a line or a list gets smaller type,
 * step by step, while it overflows; tiles.js pages what still does not fit. */
(function () {
  "use strict";

  /* Smaller type, step by step down to `least` of its size, while the node overflows
     (a text tile's words). */
  function fit(node, least) {
    if (!node) return;
    node.style.fontSize = "";
    var size = parseFloat(getComputedStyle(node).fontSize);
    var floor = size * (least || 0.5);
    while ((node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1) && size > floor) {
      size *= 0.92;
      node.style.fontSize = size + "px";
    }
  }

  /* One line of words: smaller type until it is as wide as its box. */
  function fitLine(node, least) {
    if (!node) return;
    node.style.fontSize = "";
    var size = parseFloat(getComputedStyle(node).fontSize);
    var floor = size * (least || 0.4);
    while (node.scrollWidth > node.clientWidth + 1 && size > floor) {
      size *= 0.92;
      node.style.fontSize = size + "px";
    }
  }

  /* A list: smaller type while it is higher than its box or a name in it is cut. */
  function cut(list) {
    if (list.scrollHeight > list.clientHeight + 1) return true;
    var spans = list.querySelectorAll("li > span");
    for (var i = 0; i < spans.length; i++) {
      if (spans[i].scrollWidth > spans[i].clientWidth + 1) return true;
    }
    return false;
  }
  function fitList(list, least) {
    if (!list) return;
    list.style.fontSize = "";
    var size = parseFloat(getComputedStyle(list).fontSize);
    var floor = size * (least || 0.6);
    while (cut(list) && size > floor) {
      size *= 0.96;  // fine steps: a list gets the largest type that fits
      list.style.fontSize = size + "px";
    }
  }

  window.BoardFit = { fit: fit, fitLine: fitLine, fitList: fitList, cut: cut };
})();
