// Shared by tunelab's report pages: every piece of text enters a page through el(), as text.
var tunelab = (function () {
  "use strict";
  window.tunelabErrors = 0;
  window.addEventListener("error", function () { window.tunelabErrors++; document.body.dataset.errors = String(window.tunelabErrors); });
  var charts = [];
  var palette = ["#2f6fdb", "#d9541e", "#2b9348", "#8e44ad", "#c0392b", "#16a085", "#7f8c8d", "#b8860b", "#1f3a93", "#e84393"];

  // Every piece of text enters the page through this: as text, never as markup.
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      if (c === null || c === undefined) return;
      node.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    });
    return node;
  }
  function num(value, digits) {
    return value === null || value === undefined ? "-" : Number(value).toFixed(digits);
  }
  function table(headers, rows, numeric) {
    var head = el("tr", {}, headers.map(function (h) { return el("th", {}, [h]); }));
    var body = rows.map(function (row) {
      return el("tr", {}, row.map(function (cell, i) {
        var cls = (numeric || [])[i] ? "num" : (typeof cell === "object" && cell && cell.sql ? "sql" : "");
        var text = typeof cell === "object" && cell && cell.sql ? cell.sql : cell;
        return el("td", cls ? { "class": cls } : {}, [text === null || text === undefined ? "-" : String(text)]);
      }));
    });
    return el("table", {}, [head].concat(body));
  }
  // A ratio's confidence interval as run.json holds it (RatioInterval): "[low, high]" or "unbounded".
  function interval(ci) {
    if (!ci) return "-";
    return ci.bounded ? "[" + num(ci.low, 3) + ", " + num(ci.high, 3) + "]" : "unbounded";
  }
  function pValue(p) {
    if (p === null || p === undefined) return "-";
    return p < 0.0001 ? "<0.0001" : num(p, 4);
  }
  function keyValues(map) {
    return table(["name", "value"], Object.keys(map || {}).sort().map(function (k) {
      var v = map[k];
      return [k, typeof v === "object" && v !== null ? JSON.stringify(v) : v];
    }));
  }
  function chartBox(config, label) {
    var canvas = el("canvas", { "data-chart": label, "role": "img", "aria-label": label });
    var box = el("div", { "class": "chart" }, [canvas]);
    config.options = Object.assign({ animation: false, responsive: true, maintainAspectRatio: false }, config.options || {});
    box.tunelabChart = config;
    return box;
  }
  function draw(container) {
    container.querySelectorAll(".chart").forEach(function (box) {
      charts.push(new Chart(box.firstChild, box.tunelabChart));
    });
  }

  // Whether each chart drew something: a canvas with no painted pixel is a chart that failed.
  function selfCheck() {
    var painted = 0;
    document.querySelectorAll("canvas").forEach(function (canvas) {
      var data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      for (var i = 3; i < data.length; i += 4) { if (data[i] !== 0) { painted++; canvas.dataset.painted = "true"; return; } }
    });
    document.body.dataset.charts = String(charts.length);
    document.body.dataset.chartsPainted = String(painted);
  }

  return { charts: charts, palette: palette, el: el, num: num, table: table, keyValues: keyValues, interval: interval, pValue: pValue,
    chartBox: chartBox, draw: draw, selfCheck: selfCheck };
}());
