// index.html: one self-contained page (inline CSS, JS and SVG; nothing fetched): a sortable table
// per op x dtype x device, per op a histogram of the ULP distances seen, and per mismatch kind the
// minimal case with its replay command and Python snippet.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "parity/report.h"
#include "report_common.h"

namespace parity::fuzz {

namespace {

std::string esc(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

// Sort key for a numeric cell: non-finite values sort above every number.
std::string sort_value(double v) {
  if (std::isnan(v) || std::isinf(v)) return "1e308";
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}

std::string svg_histogram(const std::string& op, const std::vector<uint64_t>& h) {
  const auto& labels = ulp_bucket_labels();
  const int bar = 40, gap = 6, height = 120, top = 18, bottom = 34, left = 8;
  const int n = static_cast<int>(labels.size());
  const int width = left * 2 + n * (bar + gap);
  uint64_t peak = 0, total = 0;
  for (uint64_t v : h) peak = std::max(peak, v), total += v;
  std::ostringstream os;
  os << "<svg class=\"hist\" width=\"" << width << "\" height=\"" << height + top + bottom << "\" viewBox=\"0 0 "
     << width << " " << height + top + bottom << "\" role=\"img\" aria-label=\"ULP distances seen for " << esc(op)
     << "\"><title>ULP distances seen for " << esc(op) << " (" << total << " float results)</title>";
  os << "<line x1=\"" << left << "\" y1=\"" << top + height << "\" x2=\"" << width - left << "\" y2=\""
     << top + height << "\" stroke=\"#888\"/>";
  for (int i = 0; i < n; ++i) {
    uint64_t v = i < static_cast<int>(h.size()) ? h[i] : 0;
    // Log scale, so a handful of large-ULP cases stays visible next to thousands of exact ones.
    double frac = peak ? std::log1p(static_cast<double>(v)) / std::log1p(static_cast<double>(peak)) : 0;
    int bh = static_cast<int>(std::lround(frac * height));
    int x = left + i * (bar + gap);
    const char* color = i <= 2 ? "#4a8" : (i <= 5 ? "#db4" : "#d54");
    os << "<rect x=\"" << x << "\" y=\"" << top + height - bh << "\" width=\"" << bar << "\" height=\"" << bh
       << "\" fill=\"" << color << "\"><title>" << esc(labels[i]) << " ULP: " << v << "</title></rect>";
    os << "<text x=\"" << x + bar / 2 << "\" y=\"" << top + height - bh - 4 << "\" text-anchor=\"middle\" "
       << "font-size=\"10\">" << v << "</text>";
    os << "<text x=\"" << x + bar / 2 << "\" y=\"" << top + height + 14 << "\" text-anchor=\"middle\" "
       << "font-size=\"10\">" << esc(labels[i]) << "</text>";
  }
  os << "<text x=\"" << width / 2 << "\" y=\"" << top + height + 30
     << "\" text-anchor=\"middle\" font-size=\"10\" fill=\"#555\">ULP distance (log-scaled counts)</text>";
  os << "</svg>";
  return os.str();
}

const char* kStyle = R"CSS(
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; }
/* The main table scrolls inside its own box (both ways), so that the page stays as wide as the
   screen and the sticky header sticks to the box's top while its rows scroll. */
.tablewrap { overflow: auto; max-width: 100%; max-height: 85vh; }
table { border-collapse: collapse; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 7px; }
th { background: #eee; position: sticky; top: 0; z-index: 1; }
th button { font: inherit; font-weight: bold; background: none; border: 0; padding: 0; cursor: pointer; color: inherit; text-align: inherit; }
th[aria-sort="ascending"] button::after { content: " \25B2"; } th[aria-sort="descending"] button::after { content: " \25BC"; }
td.case { min-width: 12em; max-width: 30em; } td.case .what { font-size: 12px; color: #444; overflow-wrap: anywhere; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.fail td { background: #fde8e8; } tr.baselined td { background: #fff6dd; } tr.accepted td { background: #eef6ff; }
tr.not_comparable td { background: #f4f4f4; color: #666; }
td.pair { white-space: nowrap; } details.gate summary { cursor: pointer; font-family: monospace; } th.kind { min-width: 7em; }
table.env th { position: static; text-align: left; }
.filter { margin: 0.5em 0; } .filter label { margin-right: 1em; white-space: nowrap; }
@media (max-width: 700px) { body { margin: 0.5em; } table { font-size: 12px; } td.case { min-width: 9em; } }
.pass { color: #186a3b; font-weight: bold; } .failtxt { color: #c22; font-weight: bold; }
pre { background: #f6f6f6; padding: 6px; overflow-x: auto; font-size: 12px; }
pre.gate { white-space: pre-wrap; overflow-wrap: anywhere; }
svg.hist { max-width: 100%; height: auto; }
table.env td { overflow-wrap: anywhere; } p, li { overflow-wrap: anywhere; }
.decl ul { margin: 0.2em 0 0.8em; padding-left: 1.4em; }
code.replay { background: #eef; padding: 2px 4px; }
.case { border-left: 3px solid #d54; padding-left: 10px; margin: 10px 0; }
.op { margin-top: 1.5em; }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 0 12px; }
.sides pre { margin-top: 0; }
table.matrix { font-size: 11px; }
table.matrix td { text-align: center; white-space: nowrap; min-width: 3.2em; }
table.matrix th.opname { text-align: left; position: static; }
.legend { margin: 0.5em 0; font-size: 13px; } .legend span.item { margin-right: 1.2em; white-space: nowrap; }
.legend span.sw { display: inline-block; width: 1.1em; height: 1.1em; vertical-align: -0.2em; margin-right: 0.3em;
  border: 1px solid #999; }
.p-agree { background: #cdebd3; } .p-other { background: #d7ccc8; }
[class^="p-only-"] { background: #e6d690; } .p-only-engine { background: #f28b82; }
.p-only-torch { background: #fbbc6a; } .p-only-jax { background: #8ab4f8; }
.p-several { background: #c58af9; } .p-none { background: #f4f4f4; color: #999; }
)CSS";

// The three-way matrix: op (rows) by dtype (columns), each cell coloured by its dominant
// disagreement (Results::agreement); the title lists the counts per pattern.
std::string agreement_matrix(const Results& r) {
  std::set<std::string> ops;
  std::set<DType> dtypes;
  for (const auto& [key, counts] : r.agreement) ops.insert(key.first), dtypes.insert(key.second);
  for (const auto& [k, s] : r.stats) ops.insert(k.op), dtypes.insert(k.dtype);
  std::vector<std::string> others;  // the participants checked against NumPy, in the campaign's order
  for (const std::string& p : r.participants)
    if (p != "numpy") others.push_back(p);
  std::set<std::string> seen;  // classes present, for the legend
  std::ostringstream body;
  for (const std::string& op : ops) {
    body << "<tr><th class=\"opname\"><a href=\"#op-" << anchor(op) << "\">" << esc(op) << "</a></th>";
    for (DType d : dtypes) {
      auto it = r.agreement.find({op, d});
      std::map<std::string, uint64_t> counts;
      if (it != r.agreement.end()) counts = it->second;
      uint64_t total = 0;
      for (const auto& [pattern, n] : counts) total += n;
      const std::string dom = dominant_pattern(counts);
      const std::string cls = dom.empty() ? "none" : pattern_class(dom);
      seen.insert(cls);
      std::string title = op + " " + name(d) + ": ";
      if (!total) title += "no cases";
      for (const auto& [pattern, n] : counts)
        if (n) title += (title.back() == ' ' ? "" : ", ") + pattern + " " + std::to_string(n);
      std::string text;
      if (dom.empty()) text = "-";
      else if (cls == "agree") text = "&#10003; " + std::to_string(total);
      else {
        bool ok = false;
        std::string who;
        for (const std::string& p : pattern_participants(dom, &ok)) who += (who.empty() ? "" : "+") + p;
        text = esc(who) + " " + std::to_string(counts.at(dom)) + "/" + std::to_string(total);
      }
      body << "<td class=\"p-" << cls << "\" data-pattern=\"" << esc(dom.empty() ? "no cases" : dom) << "\" title=\""
           << esc(title) << "\">" << text << "</td>";
    }
    body << "</tr>\n";
  }
  std::ostringstream os;
  os << "<h2 id=\"agreement\">Agreement (three-way)</h2>\n<p>Per op and dtype, which participants' outcomes differ "
     << "from NumPy's (" << esc(pair_line(r)) << "). A cell with cases in several patterns shows its dominant "
     << "disagreement, with its cases out of the cell's; hover a cell for the counts per pattern. Participants that "
     << "could not run a case are left out of its pattern.</p>\n<div class=\"legend\">";
  auto item = [&](const std::string& cls, const std::string& label) {
    os << "<span class=\"item\"><span class=\"sw p-" << cls << "\"></span>" << esc(label) << "</span>";
  };
  item("agree", "all agree");
  for (const std::string& p : others)
    item("only-" + anchor(p), p == "engine" ? "only the engine differs" : "only " + display_name(p) + " differs");
  item("several", "several differ");
  if (seen.count("other")) item("other", "another pattern");
  item("none", "no cases");
  os << "</div>\n<div class=\"tablewrap\"><table class=\"matrix\"><thead><tr><th class=\"opname\">op</th>";
  for (DType d : dtypes) os << "<th>" << name(d) << "</th>";
  os << "</tr></thead><tbody>\n" << body.str() << "</tbody></table></div>\n";
  return os.str();
}

const char* kScript = R"JS(
// The status filter: show only the rows whose status box is ticked.
document.querySelectorAll('.filter input').forEach(function (box) {
  box.addEventListener('change', function () {
    var show = {};
    document.querySelectorAll('.filter input').forEach(function (b) { show[b.value] = b.checked; });
    document.querySelectorAll('#stats tbody tr').forEach(function (tr) {
      tr.style.display = show[tr.getAttribute('data-status')] ? '' : 'none';
    });
  });
});
// Sorting: a column head's button sorts ascending, again descending, a third time back to the
// first order (failures first); aria-sort says which. Buttons, so the keyboard sorts too.
document.querySelectorAll('table.sortable').forEach(function (table) {
  var body = table.tBodies[0];
  var first = Array.prototype.slice.call(body.rows);
  var heads = table.querySelectorAll('th');
  heads.forEach(function (th, col) {
    var button = th.querySelector('button');
    if (!button) return;
    button.addEventListener('click', function () {
      var state = th.getAttribute('aria-sort');
      var next = state === 'ascending' ? 'descending' : state === 'descending' ? 'none' : 'ascending';
      heads.forEach(function (h) { h.setAttribute('aria-sort', 'none'); });
      th.setAttribute('aria-sort', next);
      var rows = first.slice();
      if (next !== 'none') {
        rows.sort(function (a, b) {
          var x = a.cells[col].getAttribute('data-v') || a.cells[col].textContent;
          var y = b.cells[col].getAttribute('data-v') || b.cells[col].textContent;
          var nx = parseFloat(x), ny = parseFloat(y);
          var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
          return next === 'ascending' ? c : -c;
        });
      }
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
});
)JS";

// The gate's lines, wrapped on a narrow screen, each replay command marked so that it can be
// found (and stays on screen: the browser test checks it at 390 px).
std::string gate_block(const std::string& summary) {
  std::string out = "<pre class=\"gate\">";
  size_t start = 0;
  while (start < summary.size()) {
    size_t end = summary.find('\n', start);
    if (end == std::string::npos) end = summary.size();
    const std::string line = summary.substr(start, end - start);
    const size_t arrow = line.find("  -> ");
    if (arrow == std::string::npos) out += esc(line);
    else
      out += esc(line.substr(0, arrow + 5)) + "<code class=\"replay\">" + esc(line.substr(arrow + 5)) + "</code>";
    out += "\n";
    start = end + 1;
  }
  return out + "</pre>";
}

// One cell of the main table: its HTML, its plain text (to tell a column that never varies), and
// its sort key and class when it has them.
struct Cell {
  std::string html, text, sort, cls, title;
};
struct Column {
  std::string name, title, cls;
  bool keep = false;  // shown even when every row has the same value (the op names the row)
  std::function<Cell(const Row&)> cell;
};
Cell text_cell(const std::string& t, const std::string& cls = "") { return Cell{esc(t), t, "", cls, ""}; }
Cell number_cell(uint64_t v) { return Cell{std::to_string(v), std::to_string(v), "", "n", ""}; }

// A row's case: its first minimal mismatching case with what differs ("value: element 3: got 1,
// NumPy 2"), else a link to its line among the accepted cases, else none.
Cell case_cell(const Row& row, const Baseline* baseline, const std::vector<AcceptedGroup>& groups, bool library) {
  const StatsKey& k = *row.key;
  const Stats& s = *row.stats;
  auto cases = cases_failures_first(k, s, baseline);
  if (!cases.empty()) {
    const auto& [m, rec] = cases.front();
    const std::string what =
        (library ? kind_title(m, true) : std::string(to_string(m))) + (rec->detail.empty() ? "" : ": " + rec->detail);
    return Cell{"<a href=\"#" + case_anchor(k, m) + "\">" + esc(rec->id.str()) + "</a><div class=\"what\">" + esc(what) +
                    "</div>",
                rec->id.str() + " " + what, "", "case", ""};
  }
  if (!s.accepted_by.empty()) {
    const auto& [decl, a] = *s.accepted_by.begin();
    // The declaration's head ("a bfloat16 operand with a Python float keeps bfloat16"), the whole
    // of it under "Accepted cases" and on hover.
    std::string head = decl.substr(0, decl.find(": "));
    if (head.size() > 90) {
      size_t cut = 87;
      while (cut > 0 && (static_cast<unsigned char>(head[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
      head = head.substr(0, cut) + "...";
    }
    return Cell{"<a href=\"#" + accepted_anchor(k, group_index(groups, decl)) + "\">" + esc(a.example) +
                    "</a><div class=\"what\">accepted: " + esc(head) + "</div>",
                a.example, "", "case", decl};
  }
  return Cell{"-", "none", "", "case", ""};
}

// The max-ULP cell. Sorting by it puts failing rows first (their distance can be 0-2 ULP: an inf
// against the largest float counts as one), then baselined ones, then the distances; a row whose
// largest distance is an accepted case's says so instead of showing it.
Cell ulp_html_cell(const Row& row) {
  const Stats& s = *row.stats;
  Cell c = text_cell(ulp_cell(s), "n");
  if (!s.worst) c.sort = "-1";
  else if (row.status == "fail") c.sort = "1e308";
  else if (row.status == "baselined") c.sort = "1e307";
  else if (s.worst->accepted) c.sort = "-0.5";
  else c.sort = sort_value(s.max_ulp);
  if (s.worst && s.worst->accepted)
    c.title = "the largest distance, " + format_number(s.max_ulp) + " ULP, is an accepted case's";
  return c;
}

std::vector<Column> stats_columns(const Results& r, const Baseline* baseline, const std::vector<AcceptedGroup>& groups) {
  const bool library = library_campaign(r);
  std::vector<Column> cols;
  cols.push_back({"op", "", "", true, [](const Row& row) {
                    Cell c = text_cell(row.key->op);
                    c.html = "<a href=\"#op-" + anchor(row.key->op) + "\">" + esc(row.key->op) + "</a>";
                    return c;
                  }});
  if (several_pairs(r))
    cols.push_back({"pair", "subject vs reference", "", false,
                    [](const Row& row) { return text_cell(pair_cell(*row.key), "pair"); }});
  cols.push_back({"input dtype", "", "", false, [](const Row& row) { return text_cell(name(row.key->dtype)); }});
  cols.push_back({"device", "", "", false, [](const Row& row) { return text_cell(to_string(row.key->device)); }});
  cols.push_back({"status", "", "", false, [](const Row& row) {
                    Cell c = text_cell(row.status);
                    c.sort = std::to_string(status_rank(row.status));
                    return c;
                  }});
  cols.push_back({"case", "the row's minimal failing case (parity replay ID) and what differs, else an accepted example", "", false,
                  [=, &groups](const Row& row) { return case_cell(row, baseline, groups, library); }});
  cols.push_back({"cases", "", "", false, [](const Row& row) { return number_cell(row.stats->cases); }});
  cols.push_back({"matches", "", "", false, [](const Row& row) { return number_cell(row.stats->matches); }});
  cols.push_back({"accepted", "declared in the op's OpInfo entry", "", false, [](const Row& row) {
                    Cell c = number_cell(row.stats->accepted);
                    for (const auto& [decl, a] : row.stats->accepted_by)
                      c.title += (c.title.empty() ? "" : "\n") + decl + " (" + std::to_string(a.cases) + ")";
                    return c;
                  }});
  if (show_not_comparable(r))
    cols.push_back({"not comparable", "cases a library could not run (hover a cell for the reasons)", "", false,
                    [](const Row& row) {
                      Cell c = number_cell(row.stats->not_comparable);
                      c.title = not_comparable_reasons(*row.stats);
                      return c;
                    }});
  for (Mismatch m : kind_columns(r)) {
    std::string title = library ? "kind " + std::string(to_string(m))
                        : m == Mismatch::dtype ? "the result's dtype differs from NumPy's"
                        : m == Mismatch::device ? "a GPU result differs from the engine's CPU result"
                                                : "";
    cols.push_back({kind_column_title(r, m), title, "kind", false, [&r, m](const Row& row) {
                      return measured(r, m) ? number_cell(count(*row.stats, m)) : text_cell(kNotCompared, "n");
                    }});
  }
  cols.push_back({"max ULP", "the largest ULP distance of the row's float results", "", false, ulp_html_cell});
  cols.push_back({"max-ULP case", "the case with the largest ULP distance, whatever its verdict: parity replay ID", "",
                  false, [](const Row& row) {
                    const Stats& s = *row.stats;
                    Cell c = text_cell(worst_case_cell(s));
                    if (s.worst)
                      c.html = "<code class=\"replay\" title=\"parity replay " + esc(s.worst->id.str()) + "\">" +
                               esc(worst_case_cell(s)) + "</code>";
                    return c;
                  }});
  cols.push_back({"max abs", "", "", false, [](const Row& row) {
                    Cell c = text_cell(format_number(row.stats->max_abs), "n");
                    c.sort = sort_value(row.stats->max_abs);
                    return c;
                  }});
  cols.push_back({"max rel", "", "", false, [](const Row& row) {
                    Cell c = text_cell(format_number(row.stats->max_rel), "n");
                    c.sort = sort_value(row.stats->max_rel);
                    return c;
                  }});
  cols.push_back({"grad", "gradient checks: failed/checked", "", false, [&r](const Row& row) {
                    Cell c = text_cell(grad_cell(r, *row.stats), "n");
                    c.sort = std::to_string(count(*row.stats, Mismatch::grad));
                    return c;
                  }});
  return cols;
}

}  // namespace

std::string render_html(const Results& r, const Baseline* baseline) {
  std::ostringstream os;
  const Totals t = totals(r);
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
     << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
     << "<title>Parity fuzz report</title><style>" << kStyle << "</style></head><body>\n";
  os << "<h1>Parity fuzz report</h1>\n";
  if (!r.complete) os << "<p class=\"failtxt\">Partial report: the run had not finished (complete=false).</p>\n";
  const GateResult g = verdict(r, baseline);
  os << "<h2 id=\"verdict\">Verdict: <span class=\"" << (g.passed ? "pass\">PASS" : "failtxt\">FAIL") << "</span></h2>\n";
  if (!baseline) os << "<p>No baseline given: every mismatch that no OpInfo entry declares fails.</p>\n";
  const bool library = library_campaign(r);
  if (!g.passed || baseline) {
    const std::string summary = g.summary();
    // A library campaign's findings run to hundreds of lines: folded under the gate's first line,
    // so the matrix and the table stay near the top.
    if (library)
      os << "<details class=\"gate\"><summary>" << esc(summary.substr(0, summary.find('\n')))
         << " (click for the list)</summary>" << gate_block(summary) << "</details>\n";
    else
      os << gate_block(summary) << "\n";
  }
  os << "<p>" << t.cases << " cases, " << t.matches << " matches, " << t.accepted
     << " accepted (declared in the op's OpInfo entry), " << t.mismatches
     << (t.mismatches == 1 ? " mismatching case" : " mismatching cases");
  if (baseline) os << " (" << g.baselined_mismatches << " baselined)";
  os << "; seed " << r.seed << (r.shard.empty() ? "" : ", shard " + esc(r.shard)) << ", " << format_number(r.seconds) << " s";
  if (r.grad) {
    uint64_t checked = 0, failed = 0;
    for (const auto& [k, s] : r.stats) checked += s.grad_checked, failed += count(s, Mismatch::grad);
    os << "; gradient campaign: " << checked << " cases checked, " << failed << " failed";
  }
  os << "</p>\n";
  if (library) os << "<p id=\"pair\">Checked: <b>" << esc(pair_line(r)) << "</b></p>\n";
  if (show_not_comparable(r))
    os << "<p>" << t.not_comparable << " cases not comparable (a library lacks the op, variant or dtype; "
       << "neither matches nor mismatches: see <a href=\"#not-comparable\">Not comparable</a>).</p>\n";
  // A three-way campaign's main result comes first: who agrees with NumPy, per op and dtype.
  if (!r.participants.empty()) os << agreement_matrix(r);

  // Where it ran.
  const Environment& e = r.environment;
  os << "<h2 id=\"environment\">Environment</h2>\n<table class=\"env\"><tbody>\n";
  auto env_row = [&](const char* k, const std::string& v) {
    os << "<tr><th>" << k << "</th><td>" << (v.empty() ? "(unknown)" : esc(v)) << "</td></tr>\n";
  };
  env_row("date", e.date);
  env_row("commit", e.commit);
  env_row("CPU", e.cpu);
  env_row("SIMD target", e.simd_target);
  env_row("threads", e.threads ? std::to_string(e.threads) : "");
  env_row("command line", e.command_line);
  env_row("NumPy", r.numpy_version);
  if (!library || !r.engine_version.empty()) env_row("engine", r.engine_version);  // a library campaign may not run it
  for (const auto& [p, v] : r.versions)
    if (p != "numpy" && p != "engine") env_row(display_name(p).c_str(), v);
  if (library) env_row("checked", pair_line(r));
  os << "</tbody></table>\n";

  // The table: failures first, filtered by status; columns whose value is the same in every row
  // are said once above it instead.
  const std::vector<Row> rows = rows_failures_first(r, baseline);
  const std::vector<AcceptedGroup> groups = accepted_groups(rows);
  std::map<std::string, size_t> per_status;
  for (const Row& row : rows) ++per_status[row.status];
  os << "<h2>Per op x dtype x device</h2>\n<p>Failures first, each with its case and what differs; click a column's "
     << "head to sort (again to reverse, a third time for the first order). <b>accepted</b>: cases the op's OpInfo "
     << "entry declares (hover for the declaration); ";
  if (library)
    os << (several_pairs(r) ? "<b>pair</b>: who was checked against whom; " : "")
       << "<b>not comparable</b>: cases a library could not run (hover for the reasons); <b>result dtype "
       << "(promotion)</b>: the result dtypes differ; ";
  else
    os << "<b>dtype mismatch</b>: the result's dtype differs from NumPy's; ";
  os << "status <b>baselined</b>: every mismatch kind is listed in the baseline; <b>not compared</b>: this run did not "
     << "measure it.</p>\n";
  os << "<div class=\"filter\">Show:";
  for (const char* st : kRowStatuses)
    if (std::string(st) != "not comparable" || show_not_comparable(r))  // an engine-vs-NumPy run has none
      os << " <label><input type=\"checkbox\" value=\"" << st << "\" checked> " << st << " (" << per_status[st]
         << ")</label>";
  os << "</div>\n";
  const bool pairs = several_pairs(r);
  const std::vector<Column> cols = stats_columns(r, baseline, groups);
  std::vector<std::vector<Cell>> cells(rows.size());
  for (size_t i = 0; i < rows.size(); ++i)
    for (const Column& c : cols) cells[i].push_back(c.cell(rows[i]));
  std::vector<bool> shown(cols.size(), true);
  std::string same;
  for (size_t c = 0; c < cols.size(); ++c) {
    if (cols[c].keep || rows.size() < 2) continue;
    bool constant = true;
    for (size_t i = 1; i < rows.size() && constant; ++i) constant = cells[i][c].text == cells[0][c].text;
    if (!constant) continue;
    shown[c] = false;
    same += std::string(same.empty() ? "" : "; ") + "<b>" + esc(cols[c].name) + "</b> " + esc(cells[0][c].text);
  }
  if (!same.empty()) os << "<p id=\"same\">The same in every row (columns left out): " << same << ".</p>\n";
  os << "<div class=\"tablewrap\"><table id=\"stats\" class=\"sortable\"><thead><tr>";
  for (size_t c = 0; c < cols.size(); ++c)
    if (shown[c])
      os << "<th aria-sort=\"none\"" << (cols[c].title.empty() ? "" : " title=\"" + esc(cols[c].title) + "\"")
         << (cols[c].cls.empty() ? "" : " class=\"" + cols[c].cls + "\"") << "><button type=\"button\">"
         << esc(cols[c].name) << "</button></th>";
  os << "</tr></thead><tbody>\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    os << "<tr class=\"" << anchor(rows[i].status) << "\" data-status=\"" << rows[i].status << "\">";
    for (size_t c = 0; c < cols.size(); ++c) {
      if (!shown[c]) continue;
      const Cell& x = cells[i][c];
      os << "<td" << (x.cls.empty() ? "" : " class=\"" + x.cls + "\"") << (x.sort.empty() ? "" : " data-v=\"" + x.sort + "\"")
         << (x.title.empty() ? "" : " title=\"" + esc(x.title) + "\"") << ">" << x.html << "</td>";
    }
    os << "</tr>\n";
  }
  os << "</tbody></table></div>\n";

  // Accepted cases, by declaration: each declaration once, then the rows it covers (the table's
  // links land on the row's line).
  if (!groups.empty()) {
    os << "<h2 id=\"accepted\">Accepted cases</h2>\n<p>Cases whose difference from NumPy the op's OpInfo entry "
       << "declares (reports/DISCREPANCIES.md); they count as neither matches nor mismatches. "
       << groups.size() << " declarations.</p>\n";
    for (size_t gi = 0; gi < groups.size(); ++gi) {
      const AcceptedGroup& grp = groups[gi];
      uint64_t n = 0;
      for (const auto& [row, a] : grp.rows) n += a->cases;
      os << "<div class=\"decl\" id=\"decl-" << gi << "\"><p><b>" << esc(grp.declaration) << "</b> (" << n
         << " cases)</p><ul>\n";
      for (const auto& [row, a] : grp.rows)
        os << "<li id=\"" << accepted_anchor(*row->key, gi) << "\">" << esc(row->key->op) << " " << name(row->key->dtype)
           << " " << to_string(row->key->device) << (default_pair(*row->key) ? "" : " (" + esc(pair_cell(*row->key)) + ")")
           << ": " << a->cases << (a->cases == 1 ? " case" : " cases") << ", e.g. <code class=\"replay\">parity replay " << esc(a->example)
           << "</code></li>\n";
      os << "</ul></div>\n";
    }
  }

  // Not-comparable cases, with their reasons.
  bool any_nc = false;
  for (const Row& row : rows) {
    const Stats& s = *row.stats;
    if (!s.not_comparable) continue;
    if (!any_nc)
      os << "<h2 id=\"not-comparable\">Not comparable</h2>\n<p>Cases a library could not run (it lacks the op, the "
         << "variant or the dtype); they count as neither matches nor mismatches.</p>\n<table class=\"env\"><thead><tr>"
         << "<th>op</th>" << (pairs ? "<th>pair</th>" : "") << "<th>input dtype</th><th>device</th><th>cases</th>"
         << "<th>reason</th></tr></thead><tbody>\n";
    any_nc = true;
    const StatsKey& k = *row.key;
    for (const auto& [why, n] : s.not_comparable_by)
      os << "<tr><td>" << esc(k.op) << "</td>" << (pairs ? "<td class=\"pair\">" + esc(pair_cell(k)) + "</td>" : "") << "<td>"
         << name(k.dtype) << "</td><td>" << to_string(k.device) << "</td><td class=\"n\">" << n << "</td><td>"
         << esc(why) << "</td></tr>\n";
    if (s.not_comparable_by.empty())
      os << "<tr><td>" << esc(k.op) << "</td>" << (pairs ? "<td class=\"pair\">" + esc(pair_cell(k)) + "</td>" : "") << "<td>"
         << name(k.dtype) << "</td><td>" << to_string(k.device) << "</td><td class=\"n\">" << s.not_comparable
         << "</td><td>(no reason recorded)</td></tr>\n";
  }
  if (any_nc) os << "</tbody></table>\n";

  // Per op: the histogram over its dtypes and devices, then the minimal cases.
  std::map<std::string, std::vector<uint64_t>> hist;
  for (const auto& [k, s] : r.stats) {
    auto& h = hist[k.op];
    if (h.size() < s.ulp_histogram.size()) h.resize(s.ulp_histogram.size(), 0);
    for (size_t i = 0; i < s.ulp_histogram.size(); ++i) h[i] += s.ulp_histogram[i];
  }
  os << "<h2>Per op</h2>\n";
  for (const auto& [op, h] : hist) {
    os << "<section class=\"op\" id=\"op-" << anchor(op) << "\"><h3>" << esc(op) << "</h3>\n"
       << svg_histogram(op, h) << "\n";
    std::string worst;  // each row's max-ULP case, so that the histogram's highest bar can be replayed
    for (const auto& [k, s] : r.stats)
      if (k.op == op && s.worst)
        worst += std::string(worst.empty() ? "" : "; ") + name(k.dtype) + " " + to_string(k.device) + ": " +
                 format_number(s.worst->ulp) + " ULP, <code class=\"replay\">" + esc("parity replay " + s.worst->id.str()) + "</code>";
    if (!worst.empty()) os << "<p class=\"worst\">Max-ULP cases: " << worst << "</p>\n";
    for (const auto& [k, s] : r.stats) {
      if (k.op != op) continue;
      for (const auto& [m, recp] : cases_failures_first(k, s, baseline)) {
        const CaseRecord& rec = *recp;
        os << "<div class=\"case\" id=\"" << case_anchor(k, m) << "\"><h4>" << esc(op) << " " << name(k.dtype) << " "
           << to_string(k.device) << (default_pair(k) && !pairs ? "" : " (" + esc(pair_cell(k)) + ")") << ": "
           << (library ? esc(kind_title(m, true)) : std::string(to_string(m)) + " mismatch") << " (" << count(s, m)
           << " of " << s.cases << " cases)</h4>\n";
        if (baseline)
          if (const BaselineEntry* e = find_accepting(*baseline, k, m))
            os << "<p>Baselined: " << esc(e->reason) << "</p>\n";
        os << "<p>Replay: <code class=\"replay\">" << esc(rec.replay()) << "</code> (variant "
           << to_string(rec.variant) << ")</p>\n";
        if (!rec.detail.empty()) os << "<p>Difference: " << esc(rec.detail) << "</p>\n";
        os << "<p>Inputs:</p><pre>" << esc(rec.inputs) << "</pre>\n";
        // The participants' outcomes side by side, then the snippets side by side.
        os << "<div class=\"sides\">";
        for (const auto& [who, outcome] : labelled_outcomes(rec))
          os << "<div><p>" << esc(who) << ":</p><pre>" << esc(outcome) << "</pre></div>";
        os << "</div>\n<div class=\"sides\">";
        if (!rec.python.empty())
          os << "<div><p>" << esc(reference_snippet_owner(rec)) << "'s side (Python):</p><pre class=\"python\">"
             << esc(rec.python) << "</pre></div>";
        if (!rec.subject_python.empty())
          os << "<div><p>" << esc(display_name(rec.subject)) << "'s side (Python):</p><pre class=\"python\">"
             << esc(rec.subject_python) << "</pre></div>";
        os << "</div>\n";
        if (!rec.pattern.empty()) os << "<p>Agreement pattern: " << esc(rec.pattern) << "</p>\n";
        os << "</div>\n";
      }
    }
    os << "</section>\n";
  }
  os << "<script>" << kScript << "</script>\n</body></html>\n";
  return os.str();
}

}  // namespace parity::fuzz
