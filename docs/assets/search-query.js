// Pasted error lines find their entry (issue 22). Served locally; no dependencies.
//
// Python prints a message with quotes around it (KeyError: "value key 'x' not found ...") and
// Material's search turns text between double quotes into required terms: one name the site
// does not have, and "No matching documents". Material 9 has no hook for its query transform
// (custom transforms were removed in 9.0), so this rewrites the query on its way to the search
// worker: double quotes (straight and curly) become spaces, and a term's leading + or - (which
// would require or exclude it: a pasted "-1" or "--flag") is dropped. Without the quotes every
// word is optional, and a page that says "value key ... not found" in prose outranked the entry
// that shows the error; so a line that starts with an exception's name (KeyError:, or
// hydra.errors.ConfigCompositionException:) requires that name: the sections that show such an
// error come first. The reader's text in the box is left as typed; the index is built with the
// separator of mkdocs.yml, which already splits words at quotes and brackets.
(function () {
  "use strict";
  var QUERY = 2; // Material's SearchMessageType.QUERY (its worker's message protocol, 9.x)
  var post = Worker.prototype.postMessage;

  var ERROR_LINE = /^(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*(?:Error|Exception|Warning))\s*:\s*/;

  function tolerant(query) {
    var text = query
      .replace(/["\u201c\u201d]/g, " ")
      .replace(/(^|\s)[+\-~^]+(?=\S)/g, "$1")
      .replace(/\s+/g, " ")
      .trim();
    var error = ERROR_LINE.exec(text);
    return error ? "+" + error[1] + " " + text.slice(error[0].length) : text;
  }

  Worker.prototype.postMessage = function (message) {
    if (message && message.type === QUERY && typeof message.data === "string") {
      arguments[0] = { type: message.type, data: tolerant(message.data) };
    }
    return post.apply(this, arguments);
  };
})();
