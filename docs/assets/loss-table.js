// Filters and sorting for the loss table (docs/losses/index.md) and any table in a `.loss-table` container
// that names its own filters (`data-filters`: a JSON list like FILTERS below; `data-noun`: what a row is),
// such as the upgrade pages' list of every difference. Served locally; no dependencies.
(function () {
  "use strict";

  var FILTERS = [
    { cls: "lt-action", label: "Action", options: [["", "any"], ["discrete", "discrete"], ["continuous", "continuous"]] },
    {
      cls: "lt-setting", label: "Setting",
      options: [["", "any"], ["on-policy", "on-policy"], ["off-policy", "off-policy"], ["offline", "offline"],
                ["model-based", "model-based"], ["imitation", "imitation"], ["LLM", "LLM"]],
    },
    { cls: "lt-agents", label: "Agents", options: [["", "any"], ["single", "single"], ["multi", "multi"], ["nested", "runs with nested keys (measured)"]] },
  ];

  function cellValue(row, cls) {
    var span = row.querySelector("." + cls);
    return span ? span.getAttribute("data-value").split(" ") : [];
  }

  function setUp(container) {
    var table = container.querySelector("table");
    if (!table || table.getAttribute("data-ready")) return;
    table.setAttribute("data-ready", "1");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var chosen = {};
    var filters = container.getAttribute("data-filters") ? JSON.parse(container.getAttribute("data-filters")) : FILTERS;
    var noun = container.getAttribute("data-noun") || "losses";

    var bar = document.createElement("div");
    bar.className = "loss-filters";
    var count = document.createElement("span");
    count.className = "loss-count";

    function apply() {
      var shown = 0;
      rows.forEach(function (row) {
        var visible = filters.every(function (f) {
          return !chosen[f.cls] || cellValue(row, f.cls).indexOf(chosen[f.cls]) !== -1;
        });
        row.hidden = !visible;
        if (visible) shown += 1;
      });
      count.textContent = shown + " of " + rows.length + " " + noun;
    }

    filters.forEach(function (f) {
      var label = document.createElement("label");
      label.textContent = f.label + " ";
      var select = document.createElement("select");
      select.setAttribute("data-filter", f.cls);
      f.options.forEach(function (o) {
        var option = document.createElement("option");
        option.value = o[0];
        option.textContent = o[1];
        select.appendChild(option);
      });
      select.addEventListener("change", function () {
        chosen[f.cls] = select.value;
        apply();
      });
      label.appendChild(select);
      bar.appendChild(label);
    });
    bar.appendChild(count);
    container.insertBefore(bar, container.firstChild);

    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      th.setAttribute("role", "button");
      th.setAttribute("tabindex", "0");
      th.title = "Sort by this column";
      var ascending = true;
      function sort() {
        var sorted = rows.slice().sort(function (a, b) {
          var x = a.cells[index].textContent.trim().toLowerCase();
          var y = b.cells[index].textContent.trim().toLowerCase();
          return ascending ? x.localeCompare(y) : y.localeCompare(x);
        });
        sorted.forEach(function (row) { body.appendChild(row); });
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) { cell.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        ascending = !ascending;
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (event) { if (event.key === "Enter") sort(); });
    });
    apply();
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll(".loss-table"), setUp);
  }

  // Material's instant navigation swaps pages without a reload; document$ tells us when.
  if (window.document$ && window.document$.subscribe) {
    window.document$.subscribe(init);
  } else {
    document.addEventListener("DOMContentLoaded", init);
  }
})();
