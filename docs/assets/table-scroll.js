// The scroll cue of wide tables: each table sits in a box that scrolls sideways (Material's wrapper,
// or a table's own, such as the estimator matrix's), with no sign that columns lie beyond its right
// edge. While they do, the box carries the class "scrolls-on", which site.css draws as a fade over
// that edge; scrolled to the end, or wide enough, the class goes and so does the fade. A
// ResizeObserver follows the box and the table (a window resized, a folded block opened). Served
// locally; no dependencies.
(function () {
  "use strict";

  // The scroll box is looked up again on each resize: a media query may turn it on or off (the loss
  // table's box scrolls only on narrow screens).
  var observer = "ResizeObserver" in window ? new ResizeObserver(function (entries) {
    // A box resized with its table unchanged (a narrower window) is updated itself; a table resized
    // may have moved into another box.
    entries.forEach(function (entry) {
      if (entry.target.tagName === "TABLE") follow(entry.target); else update(entry.target);
    });
  }) : null;

  function update(box) {
    box.classList.toggle("scrolls-on", box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
  }

  function scrollBox(table) {
    for (var box = table.parentElement; box && box !== document.body; box = box.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(box).overflowX)) return box;
    }
    return null;
  }

  function follow(table) {
    var box = scrollBox(table);
    if (!box) return;
    if (!box.getAttribute("data-scroll-cue")) {
      box.setAttribute("data-scroll-cue", "1");
      box.addEventListener("scroll", function () { update(box); }, { passive: true });
      if (observer) observer.observe(box);
    }
    update(box);
  }

  function watch(table) {
    if (table.getAttribute("data-scroll-cue")) return;
    table.setAttribute("data-scroll-cue", "1");
    if (observer) observer.observe(table);
    follow(table);
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll(".md-typeset table"), watch);
  }

  // A resize observation can be missed: a fold opened and closed again within one frame, or a table
  // whose size came back to the one last reported while its box changed. A window resized and a fold
  // opened look the boxes up again as well.
  function again(root) {
    Array.prototype.forEach.call(root.querySelectorAll(".md-typeset table, table"), follow);
  }
  window.addEventListener("resize", function () { again(document); });
  document.addEventListener("toggle", function (event) {
    if (event.target.open) again(event.target);
  }, true);

  // Material wraps the tables when a page is shown (document$, also under instant navigation).
  if (window.document$ && window.document$.subscribe) {
    window.document$.subscribe(init);
  } else {
    document.addEventListener("DOMContentLoaded", init);
  }
})();
