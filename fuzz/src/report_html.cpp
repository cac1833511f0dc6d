// index.html: one self-contained page (inline CSS, JS and SVG; nothing fetched): a sortable table
// per op x dtype x device, per op a histogram of the ULP distances seen, and per mismatch kind the
// minimal case with its replay command and Python snippet.
#include <algorithm>
#include <cmath>
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
table { border-collapse: collapse; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 7px; }
th { background: #eee; cursor: pointer; user-select: none; position: sticky; top: 0; }
th.asc::after { content: " \25B2"; } th.desc::after { content: " \25BC"; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.fail td { background: #fde8e8; } tr.baselined td { background: #fff6dd; } tr.accepted td { background: #eef6ff; }
tr.not_comparable td { background: #f4f4f4; color: #666; }
td.pair { white-space: nowrap; } details.gate summary { cursor: pointer; font-family: monospace; } th.kind { min-width: 7em; }
table.env th { cursor: default; position: static; text-align: left; }
.filter { margin: 0.5em 0; } .filter label { margin-right: 1em; white-space: nowrap; }
.tablewrap { overflow-x: auto; max-width: 100%; }
@media (max-width: 700px) { body { margin: 0.5em; } table { font-size: 12px; } }
.pass { color: #2a7; font-weight: bold; } .failtxt { color: #c22; font-weight: bold; }
pre { background: #f6f6f6; padding: 6px; overflow-x: auto; font-size: 12px; }
code.replay { background: #eef; padding: 2px 4px; }
.case { border-left: 3px solid #d54; padding-left: 10px; margin: 10px 0; }
.op { margin-top: 1.5em; }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 0 12px; }
.sides pre { margin-top: 0; }
table.matrix { font-size: 11px; } table.matrix th { cursor: default; }
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

// A kind column's head: the engine-vs-NumPy report keeps its names and hints; a library campaign
// shows the kinds' titles, with the kind's name as a hint.
std::string kind_th(const Results& r, Mismatch m) {
  if (library_campaign(r))
    return "<th class=\"kind\" title=\"kind " + std::string(to_string(m)) + "\">" + esc(kind_title(m, true)) + "</th>";
  switch (m) {
    case Mismatch::dtype: return "<th title=\"the result's dtype differs from NumPy's\">dtype mismatch</th>";
    case Mismatch::device:
      return "<th title=\"a GPU result differs from the engine's CPU result\">device mismatch</th>";
    default: return "<th>" + esc(kind_title(m, false)) + "</th>";
  }
}

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
document.querySelectorAll('table.sortable').forEach(function (table) {
  var heads = table.querySelectorAll('th');
  heads.forEach(function (th, col) {
    th.addEventListener('click', function () {
      var asc = !th.classList.contains('asc');
      heads.forEach(function (h) { h.classList.remove('asc', 'desc'); });
      th.classList.add(asc ? 'asc' : 'desc');
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[col].getAttribute('data-v') || a.cells[col].textContent;
        var y = b.cells[col].getAttribute('data-v') || b.cells[col].textContent;
        var nx = parseFloat(x), ny = parseFloat(y);
        var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
        return asc ? c : -c;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
});
)JS";

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
         << " (click for the list)</summary><pre>" << esc(summary) << "</pre></details>\n";
    else
      os << "<pre>" << esc(summary) << "</pre>\n";
  }
  os << "<p>" << t.cases << " cases, " << t.matches << " matches, " << t.accepted
     << " accepted (declared in the op's OpInfo entry), " << t.mismatches << " mismatches";
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

  // The table: failures first, filtered by status.
  const std::vector<Row> rows = rows_failures_first(r, baseline);
  std::map<std::string, size_t> per_status;
  for (const Row& row : rows) ++per_status[row.status];
  os << "<h2>Per op x dtype x device</h2>\n<p>Failures first; click a column to sort. <b>accepted</b>: cases the op's "
     << "OpInfo entry declares (hover for the declaration); ";
  if (library)
    os << (several_pairs(r) ? "<b>pair</b>: who was checked against whom; " : "")
       << "<b>not comparable</b>: cases a library could not run (hover for the reasons); <b>result dtype "
       << "(promotion)</b>: the result dtypes differ; ";
  else
    os << "<b>dtype mismatch</b>: the result's dtype differs from NumPy's; ";
  os << "status <b>baselined</b>: every mismatch kind is listed in the baseline.</p>\n";
  os << "<div class=\"filter\">Show:";
  for (const char* st : kRowStatuses)
    if (std::string(st) != "not comparable" || show_not_comparable(r))  // an engine-vs-NumPy run has none
      os << " <label><input type=\"checkbox\" value=\"" << st << "\" checked> " << st << " (" << per_status[st]
         << ")</label>";
  os << "</div>\n";
  const bool pairs = several_pairs(r), show_nc = show_not_comparable(r);
  const std::vector<Mismatch> kinds = kind_columns(r);
  os << "<div class=\"tablewrap\"><table id=\"stats\" class=\"sortable\"><thead><tr><th>op</th>"
     << (pairs ? "<th title=\"subject vs reference\">pair</th>" : "") << "<th>input dtype</th>"
     << "<th>device</th><th>cases</th><th>matches</th><th title=\"declared in the op's OpInfo entry\">accepted</th>"
     << (show_nc ? "<th title=\"cases a library could not run (hover a cell for the reasons)\">not comparable</th>" : "");
  for (Mismatch m : kinds) os << kind_th(r, m);
  os << "<th>max ULP</th>"
     << "<th title=\"the case with the largest ULP distance, whatever its verdict: parity replay ID\">max-ULP case</th><th>max abs</th><th>max rel</th>"
     << "<th title=\"gradient checks: failed/checked\">grad</th><th>status</th><th>case</th></tr></thead><tbody>\n";
  for (const Row& row : rows) {
    const StatsKey& k = *row.key;
    const Stats& s = *row.stats;
    std::string decls;
    for (const auto& [decl, a] : s.accepted_by) decls += (decls.empty() ? "" : "\n") + decl + " (" + std::to_string(a.cases) + ")";
    os << "<tr class=\"" << anchor(row.status) << "\" data-status=\"" << row.status << "\"><td><a href=\"#op-" << anchor(k.op)
       << "\">" << esc(k.op) << "</a></td>" << (pairs ? "<td class=\"pair\">" + esc(pair_cell(k)) + "</td>" : "") << "<td>"
       << name(k.dtype) << "</td><td>" << to_string(k.device)
       << "</td><td class=\"n\">" << s.cases << "</td><td class=\"n\">" << s.matches << "</td>"
       << "<td class=\"n\"" << (decls.empty() ? "" : " title=\"" + esc(decls) + "\"") << ">" << s.accepted << "</td>";
    if (show_nc) {
      const std::string why = not_comparable_reasons(s);
      os << "<td class=\"n\"" << (why.empty() ? "" : " title=\"" + esc(why) + "\"") << ">" << s.not_comparable << "</td>";
    }
    for (Mismatch m : kinds) os << "<td class=\"n\">" << count(s, m) << "</td>";
    os << "<td class=\"n\" data-v=\"" << (s.worst ? sort_value(s.max_ulp) : "-1") << "\">" << ulp_cell(s) << "</td>"
       << "<td>" << (s.worst ? "<code class=\"replay\" title=\"parity replay " + esc(s.worst->id.str()) + "\">" : "")
       << esc(worst_case_cell(s)) << (s.worst ? "</code>" : "") << "</td>"
       << "<td class=\"n\" data-v=\"" << sort_value(s.max_abs) << "\">" << format_number(s.max_abs) << "</td>"
       << "<td class=\"n\" data-v=\"" << sort_value(s.max_rel) << "\">" << format_number(s.max_rel) << "</td>"
       << "<td class=\"n\" data-v=\"" << count(s, Mismatch::grad) << "\">" << grad_cell(r, s) << "</td>"
       << "<td>" << row.status << "</td><td>";
    // The row's case: its first minimal mismatching case, else an accepted example.
    auto cases = cases_failures_first(k, s, baseline);
    if (!cases.empty())
      os << "<a href=\"#" << case_anchor(k, cases.front().first) << "\">" << esc(cases.front().second->id.str()) << "</a>";
    else if (!s.accepted_by.empty())
      os << "<a href=\"#accepted\" title=\"parity replay " << esc(s.accepted_by.begin()->second.example) << "\">"
         << esc(s.accepted_by.begin()->second.example) << "</a>";
    else
      os << "-";
    os << "</td></tr>\n";
  }
  os << "</tbody></table></div>\n";

  // Accepted cases, by declaration.
  bool any_accepted = false;
  for (const Row& row : rows)
    for (const auto& [decl, a] : row.stats->accepted_by) {
      if (!any_accepted)
        os << "<h2 id=\"accepted\">Accepted cases</h2>\n<p>Cases whose difference from NumPy the op's OpInfo entry "
           << "declares (reports/DISCREPANCIES.md); they count as neither matches nor mismatches.</p>\n"
           << "<table class=\"env\"><thead><tr><th>op</th><th>input dtype</th><th>device</th><th>cases</th>"
           << "<th>declaration</th><th>example</th></tr></thead><tbody>\n";
      any_accepted = true;
      os << "<tr><td>" << esc(row.key->op) << "</td><td>" << name(row.key->dtype) << "</td><td>"
         << to_string(row.key->device) << "</td><td class=\"n\">" << a.cases << "</td><td>" << esc(decl)
         << "</td><td><code class=\"replay\">parity replay " << esc(a.example) << "</code></td></tr>\n";
    }
  if (any_accepted) os << "</tbody></table>\n";

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
