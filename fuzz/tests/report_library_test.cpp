// Issue 14's renderings: a campaign of a library against NumPy (--subject torch) and a three-way one
// name who was checked against whom, use the library kinds' titles, show not-comparable cases with
// their reasons (never as passes), label both sides of a finding and show both snippets; index.html
// draws the three-way agreement matrix; the catalogue (reports/NUMPY_VS_PYTORCH.md) groups the
// differences by kind, in a stable order, with replay ids.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "parity/errors.h"
#include "parity/report.h"

namespace parity::fuzz {
namespace {

CaseRecord lib_case(const std::string& op, DType d, Mismatch kind, uint64_t index, const std::string& subject) {
  CaseRecord c;
  c.id = CaseId{op, 7, index, {}};
  c.op = op;
  c.dtype = d;
  c.kind = kind;
  c.subject = subject;
  c.reference = "numpy";
  c.inputs = "  arg0: " + std::string(name(d)) + "(3,) strides=(8,) [1, 2, 3]\n";
  if (kind != Mismatch::none) {
    c.detail = "result differs <here>";
    c.engine = subject + "-outcome-" + op;
    c.numpy = "numpy-outcome-" + op;
    c.python = "import numpy as np\nprint(np." + op + "(np.array([1, 2, 3])))\n";
    c.subject_python = "import torch\nprint(torch." + op + "(torch.tensor([1, 2, 3])))\n";
  }
  return c;
}

// torch 2.15.0 checked against NumPy 2.2.6: reciprocal int64 differs (integer), add int8 promotes
// differently (dtype), sort complex128 raises in torch (ordering), sin float32 agrees, and
// uint32 remainder cannot run in torch (not comparable).
Results torch_vs_numpy() {
  Results r;
  r.seed = 7;
  r.complete = true;
  r.subject = "torch";
  r.against = "numpy";
  r.numpy_version = "2.2.6";
  r.versions = {{"numpy", "2.2.6"}, {"torch", "2.15.0"}};
  r.environment = Environment{"2026-12-02T10:00:00Z", "abc123", "Test CPU", "AVX2", 1,
                              "build/parity fuzz --subject torch --against numpy --all --time 120"};
  auto add = [&](const CaseRecord& c) { r.stats[StatsKey{c.op, c.dtype, c.device, "torch", "numpy"}].add(c); };
  for (int i = 0; i < 4; ++i) add(lib_case("sin", DType::Float32, Mismatch::none, i, "torch"));
  add(lib_case("reciprocal", DType::Int64, Mismatch::integer, 11, "torch"));
  add(lib_case("reciprocal", DType::Int64, Mismatch::integer, 12, "torch"));
  add(lib_case("reciprocal", DType::Int64, Mismatch::none, 13, "torch"));
  add(lib_case("add", DType::Int8, Mismatch::dtype, 21, "torch"));
  add(lib_case("sort", DType::Complex128, Mismatch::ordering, 31, "torch"));
  add(lib_case("sort", DType::Complex128, Mismatch::error, 32, "torch"));
  Stats& nc = r.stats[StatsKey{"remainder", DType::UInt32, Device::cpu, "torch", "numpy"}];
  nc.not_comparable = 5;  // not in `cases`: neither matches nor mismatches
  nc.not_comparable_by = {{"torch lacks uint32 remainder", 5}};
  return r;
}

// Three-way (engine, numpy, torch, jax): a row per participant against NumPy, and the agreement
// patterns per op x dtype.
Results three_way() {
  Results r;
  r.seed = 9;
  r.complete = true;
  r.numpy_version = "2.2.6";
  r.engine_version = "parity 0.1.0";
  r.participants = {"engine", "numpy", "torch", "jax"};
  r.versions = {{"numpy", "2.2.6"}, {"torch", "2.15.0"}, {"jax", "0.4.38"}};
  for (const char* p : {"engine", "torch", "jax"})
    for (int i = 0; i < 3; ++i) {
      CaseRecord c = lib_case("sin", DType::Float32, Mismatch::none, i, p);
      r.stats[StatsKey{"sin", DType::Float32, Device::cpu, p, "numpy"}].add(c);
    }
  CaseRecord rc = lib_case("reciprocal", DType::Int64, Mismatch::integer, 40, "torch");
  rc.outcomes = {{"engine", "engine-says-1-0-0"}, {"numpy", "numpy-says-1-0-0"}, {"torch", "torch-says-1-.5-.33"},
                 {"jax", "jax-says-1-0-0"}};
  rc.pattern = "torch differs";
  r.stats[StatsKey{"reciprocal", DType::Int64, Device::cpu, "torch", "numpy"}].add(rc);
  r.stats[StatsKey{"reciprocal", DType::Int64, Device::cpu, "engine", "numpy"}].add(
      lib_case("reciprocal", DType::Int64, Mismatch::none, 40, "engine"));
  r.stats[StatsKey{"abs", DType::Float16, Device::cpu, "engine", "numpy"}].add(
      lib_case("abs", DType::Float16, Mismatch::value, 50, "engine"));
  Stats& nc = r.stats[StatsKey{"abs", DType::UInt16, Device::cpu, "torch", "numpy"}];
  nc.not_comparable = 2;
  nc.not_comparable_by = {{"torch has no uint16 abs", 2}};
  r.agreement[{"sin", DType::Float32}] = {{"all agree", 3}};
  r.agreement[{"reciprocal", DType::Int64}] = {{"all agree", 10}, {"torch differs", 1}};
  r.agreement[{"abs", DType::Float16}] = {{"engine differs", 2}, {"all agree", 5}};
  r.agreement[{"sort", DType::Complex128}] = {{"torch, jax differ", 3}, {"jax differs", 1}, {"all agree", 1}};
  r.agreement[{"max", DType::Complex64}] = {{"jax differs", 4}, {"torch differs", 2}};
  return r;
}

// The matrix cell of op x dtype: its class and title.
std::pair<std::string, std::string> matrix_cell(const std::string& html, const std::string& op, const std::string& dtype) {
  std::smatch m;
  std::regex cell("<td class=\"(p-[a-z-]+)\" data-pattern=\"[^\"]*\" title=\"(" + op + " " + dtype + ": [^\"]*)\">");
  if (!std::regex_search(html, m, cell)) return {"", ""};
  return {m[1], m[2]};
}

// Tags outside <script> and <style> open and close in order (void elements aside).
void expect_well_formed(const std::string& html) {
  static const std::set<std::string> kVoid = {"meta", "input", "br", "hr", "img", "link", "line", "path"};
  std::string body = std::regex_replace(html, std::regex("<script>[\\s\\S]*?</script>|<style>[\\s\\S]*?</style>"), "");
  std::vector<std::string> stack;
  std::regex tag("<(/?)([a-zA-Z][a-zA-Z0-9]*)\\b[^>]*?(/?)>");
  for (std::sregex_iterator it(body.begin(), body.end(), tag), e; it != e; ++it) {
    const std::string t = (*it)[2];
    if ((*it)[3] == "/" || kVoid.count(t)) continue;
    if ((*it)[1] == "/") {
      ASSERT_FALSE(stack.empty()) << "</" << t << "> closes nothing";
      ASSERT_EQ(stack.back(), t) << "</" << t << "> closes <" << stack.back() << ">";
      stack.pop_back();
    } else {
      stack.push_back(t);
    }
  }
  EXPECT_TRUE(stack.empty()) << stack.size() << " tags left open, the last <" << (stack.empty() ? "" : stack.back()) << ">";
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
}

TEST(LibraryReports, NameThePairInEveryRendering) {
  const Results r = torch_vs_numpy();
  for (const std::string& out : {render_markdown(r), render_markdown_table(r), render_html(r), render_junit(r)})
    EXPECT_NE(out.find("torch 2.15.0 against numpy 2.2.6"), std::string::npos) << out.substr(0, 600);
}

TEST(LibraryReports, KindTitlesAsColumns) {
  const Results r = torch_vs_numpy();
  const std::string table = render_markdown_table(r), html = render_html(r);
  for (const char* title : {"result dtype (promotion)", "NaN and infinity handling", "integer overflow and division",
                            "complex ordering", "error in one library, a result in the other", "shape (keepdims, 0-d)",
                            "not comparable"}) {
    EXPECT_NE(table.find("| " + std::string(title) + " |"), std::string::npos) << title;
    // A column head, or said once above the table when every row has the same value.
    EXPECT_TRUE(html.find(">" + std::string(title) + "</button></th>") != std::string::npos ||
                html.find("<b>" + std::string(title) + "</b> ") != std::string::npos)
        << title;
  }
  EXPECT_EQ(table.find("dtype mismatch |"), std::string::npos);  // the engine-vs-NumPy name
  // reciprocal int64: 2 integer mismatches under the integer column.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(table, m, std::regex("\\| (op \\|[^\n]*)\n")));
  std::vector<std::string> heads;
  std::string head = m[1];
  const std::regex cell_re(" ?([^|]*?) \\|");
  for (std::sregex_iterator it(head.begin(), head.end(), cell_re), e; it != e; ++it)
    heads.push_back((*it)[1]);
  size_t col = std::find(heads.begin(), heads.end(), "integer overflow and division") - heads.begin();
  ASSERT_LT(col, heads.size());
  ASSERT_TRUE(std::regex_search(table, m, std::regex("\\| (reciprocal \\|[^\n]*)\n")));
  std::vector<std::string> cells;
  std::string row = m[1];
  for (std::sregex_iterator it(row.begin(), row.end(), cell_re), e; it != e; ++it)
    cells.push_back((*it)[1]);
  ASSERT_EQ(cells.size(), heads.size()) << row;
  EXPECT_EQ(cells[col], "2");
}

TEST(LibraryReports, NotComparableWithReasonsNeverAsPasses) {
  const Results r = torch_vs_numpy();
  const std::string md = render_markdown(r), html = render_html(r), junit = render_junit(r);
  EXPECT_NE(md.find("not comparable: 5"), std::string::npos);
  EXPECT_NE(md.find("## Not comparable"), std::string::npos);
  EXPECT_NE(md.find("| remainder | uint32 | cpu | 5 | torch lacks uint32 remainder (5) |"), std::string::npos) << md;
  EXPECT_NE(md.find("- cases: 10, matches: 5, accepted (declared in OpInfo): 0, mismatches: 5, not comparable: 5"),
            std::string::npos);
  EXPECT_NE(html.find("<h2 id=\"not-comparable\">"), std::string::npos);
  // A row with no comparable case has a status of its own, never "ok".
  EXPECT_NE(render_markdown_table(r).find("| remainder | uint32 | cpu | 0 | 0 | 0 | 5 |"), std::string::npos);
  EXPECT_NE(render_markdown_table(r).find(" | not comparable |\n"), std::string::npos);
  EXPECT_NE(html.find("<tr class=\"not_comparable\" data-status=\"not comparable\"><td><a href=\"#op-remainder\">"),
            std::string::npos);
  EXPECT_NE(html.find("<input type=\"checkbox\" value=\"not comparable\" checked> not comparable (1)"), std::string::npos);
  EXPECT_NE(html.find("title=\"torch lacks uint32 remainder (5)\">5</td>"), std::string::npos);
  // junit: the row is skipped (not a pass), with its reason.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(junit, m, std::regex("<testcase[^>]*name=\"remainder\\.cpu\\.uint32[^\"]*\"[^>]*>\\s*"
                                                     "<skipped message=\"not comparable: torch lacks uint32 remainder")))
      << junit;
  EXPECT_NE(junit.find("skipped=\"1\""), std::string::npos);
}

TEST(LibraryReports, FindingsLabelBothSidesAndShowBothSnippets) {
  const Results r = torch_vs_numpy();
  const std::string md = render_markdown(r), html = render_html(r), junit = render_junit(r);
  EXPECT_NE(md.find("\nPyTorch:\n\n```\ntorch-outcome-reciprocal\n```"), std::string::npos) << md;
  EXPECT_NE(md.find("\nNumPy:\n\n```\nnumpy-outcome-reciprocal\n```"), std::string::npos);
  EXPECT_NE(md.find("NumPy's side:\n\n```python\nimport numpy as np\nprint(np.reciprocal"), std::string::npos);
  EXPECT_NE(md.find("PyTorch's side:\n\n```python\nimport torch\nprint(torch.reciprocal"), std::string::npos);
  EXPECT_NE(md.find("### reciprocal int64 cpu (torch vs numpy): integer overflow and division (2 of 3 cases)"),
            std::string::npos);
  EXPECT_EQ(md.find("\nEngine:\n"), std::string::npos);  // the engine took no part
  EXPECT_NE(html.find("<p>PyTorch:</p><pre>torch-outcome-reciprocal</pre>"), std::string::npos);
  EXPECT_NE(html.find("<details class=\"gate\"><summary>gate: FAIL: 4 unaccepted groups"), std::string::npos);
  EXPECT_NE(html.find("<p>PyTorch's side (Python):</p><pre class=\"python\">import torch"), std::string::npos);
  EXPECT_NE(html.find(": complex ordering (1 of 2 cases)</h4>"), std::string::npos);
  EXPECT_NE(junit.find("  torch: torch-outcome-reciprocal\n  numpy: numpy-outcome-reciprocal\n"), std::string::npos)
      << junit;
  EXPECT_NE(junit.find("cases differ between torch and numpy (integer)"), std::string::npos);
  EXPECT_NE(junit.find("PyTorch&apos;s side:\nimport torch"), std::string::npos);
  expect_well_formed(html);
}

TEST(LibraryReports, EngineVsNumpyKeepsItsLabels) {
  Results r;
  r.complete = true;
  CaseRecord c = lib_case("sin", DType::Float32, Mismatch::value, 1, "engine");
  c.subject_python.clear();
  r.stats[StatsKey{"sin", DType::Float32, Device::cpu}].add(c);
  const std::string md = render_markdown(r), table = render_markdown_table(r), junit = render_junit(r);
  EXPECT_NE(md.find("\nEngine:\n\n"), std::string::npos);
  EXPECT_NE(md.find("\nNumPy:\n\n"), std::string::npos);
  EXPECT_NE(md.find("### sin float32 cpu: value (1 of 1 cases)"), std::string::npos);
  EXPECT_EQ(md.find("against"), std::string::npos);
  EXPECT_EQ(md.find("not comparable"), std::string::npos);
  EXPECT_EQ(render_html(r).find("not comparable"), std::string::npos);
  EXPECT_NE(table.find("| value | dtype mismatch | shape | error | crash | device mismatch | max ULP |"), std::string::npos);
  EXPECT_NE(junit.find("  engine: engine-outcome-sin\n  numpy:  numpy-outcome-sin\n"), std::string::npos) << junit;
  EXPECT_NE(junit.find("name=\"sin.cpu.float32\""), std::string::npos);
  // A library kind in an engine-vs-NumPy run gets a column of its own.
  r.stats[StatsKey{"sin", DType::Float32, Device::cpu}].add(lib_case("sin", DType::Float32, Mismatch::nonfinite, 2, "engine"));
  EXPECT_NE(render_markdown_table(r).find("| device mismatch | NaN and infinity handling | max ULP |"), std::string::npos);
}

// A GPU run against the engine's CPU result (rows keyed "engine" against "cpu") is not a library
// campaign: no pair column, the old anchors and test names.
TEST(LibraryReports, AgainstCpuRowsKeepTheEnginesReport) {
  Results r;
  r.complete = true;
  r.against = "cpu";
  CaseRecord c = lib_case("exp", DType::Float32, Mismatch::device, 1, "engine");
  c.device = Device::cuda;
  c.reference = "cpu";
  c.subject_python.clear();
  r.stats[StatsKey{"exp", DType::Float32, Device::cuda, "engine", "cpu"}].add(c);
  const std::string html = render_html(r), table = render_markdown_table(r), junit = render_junit(r);
  EXPECT_EQ(html.find("<th title=\"subject vs reference\">pair</th>"), std::string::npos);
  EXPECT_EQ(html.find("Checked:"), std::string::npos);
  EXPECT_NE(html.find("id=\"case-exp-float32-cuda:0-device\""), std::string::npos) << html;
  EXPECT_NE(table.find("| dtype mismatch |"), std::string::npos);
  EXPECT_NE(junit.find("name=\"exp.cuda:0.float32\""), std::string::npos) << junit;
}

// The engine checked against PyTorch: the reference's snippet is PyTorch's.
TEST(LibraryReports, EngineAgainstTorchLabelsTheReferenceSnippet) {
  Results r;
  r.complete = true;
  r.against = "torch";
  r.versions = {{"torch", "2.15.0"}};
  r.engine_version = "parity 0.1.0";
  CaseRecord c = lib_case("reciprocal", DType::Int64, Mismatch::integer, 1, "engine");
  c.reference = "torch";
  c.python = "import torch\nprint(torch.reciprocal(torch.tensor([1, 2, 3])))\n";
  c.subject_python.clear();
  r.stats[StatsKey{"reciprocal", DType::Int64, Device::cpu, "engine", "torch"}].add(c);
  const std::string md = render_markdown(r);
  EXPECT_NE(md.find("- checked: engine (parity 0.1.0) against torch 2.15.0"), std::string::npos) << md;
  EXPECT_NE(md.find("\nEngine:\n"), std::string::npos);
  EXPECT_NE(md.find("\nPyTorch:\n"), std::string::npos);
  EXPECT_NE(md.find("PyTorch's side:\n\n```python\nimport torch"), std::string::npos);
  EXPECT_EQ(md.find("NumPy's side"), std::string::npos);
  // Not a NumPy-vs-PyTorch difference: the catalogue lists none.
  EXPECT_NE(render_catalogue(r, "torch").find("0 differing cases in 0 kinds"), std::string::npos);
}

TEST(ThreeWayReports, RowsPerPairAndParticipants) {
  const Results r = three_way();
  const std::string table = render_markdown_table(r), md = render_markdown(r), html = render_html(r),
                    junit = render_junit(r);
  EXPECT_NE(table.find("| op | pair | input dtype |"), std::string::npos);
  for (const char* p : {"engine vs numpy", "torch vs numpy", "jax vs numpy"})
    EXPECT_NE(table.find("| sin | " + std::string(p) + " | float32 |"), std::string::npos) << p;
  const std::string who = "three-way: engine (parity 0.1.0), numpy 2.2.6, torch 2.15.0, jax 0.4.38";
  EXPECT_NE(md.find(who), std::string::npos);
  EXPECT_NE(html.find(who), std::string::npos);
  EXPECT_NE(md.find("## Agreement (three-way)"), std::string::npos);
  // Cases per pattern, and the cells it dominates: max complex64 is jax's (4 against torch's 2).
  EXPECT_NE(md.find("| torch differs | 3 | 1 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| jax differs | 5 | 1 |"), std::string::npos);
  EXPECT_NE(md.find("### abs float16 cpu (engine vs numpy): value (1 of 1 cases)"), std::string::npos);
  // The three-way record shows every participant's outcome.
  for (const char* o : {"<p>Engine:</p><pre>engine-says-1-0-0</pre>", "<p>NumPy:</p><pre>numpy-says-1-0-0</pre>",
                        "<p>PyTorch:</p><pre>torch-says-1-.5-.33</pre>", "<p>JAX:</p><pre>jax-says-1-0-0</pre>",
                        "<p>Agreement pattern: torch differs</p>"})
    EXPECT_NE(html.find(o), std::string::npos) << o;
  EXPECT_NE(html.find("id=\"case-reciprocal-int64-cpu-integer-torch-vs-numpy\""), std::string::npos);
  for (const char* t : {"sin.cpu.float32.engine-vs-numpy", "sin.cpu.float32.torch-vs-numpy", "sin.cpu.float32.jax-vs-numpy"})
    EXPECT_NE(junit.find("name=\"" + std::string(t) + "\""), std::string::npos) << t;
  // junit: the failing rows follow the gate's rule per row.
  EXPECT_NE(junit.find("failures=\"2\""), std::string::npos);
  EXPECT_NE(junit.find("<property name=\"jax\" value=\"0.4.38\"/>"), std::string::npos);
  expect_well_formed(html);
  expect_well_formed(render_html(torch_vs_numpy()));
}

TEST(ThreeWayReports, MatrixCellsColouredByPattern) {
  const std::string html = render_html(three_way());
  ASSERT_NE(html.find("<h2 id=\"agreement\">Agreement (three-way)</h2>"), std::string::npos);
  EXPECT_NE(html.find("<table class=\"matrix\">"), std::string::npos);
  // The legend: one colour per pattern.
  for (const char* item : {"p-agree\"></span>all agree", "p-only-engine\"></span>only the engine differs",
                           "p-only-torch\"></span>only PyTorch differs", "p-only-jax\"></span>only JAX differs",
                           "p-several\"></span>several differ", "p-none\"></span>no cases"})
    EXPECT_NE(html.find(item), std::string::npos) << item;
  for (const char* css : {".p-agree {", ".p-only-engine {", ".p-only-torch {", ".p-only-jax {", ".p-several {", ".p-none {"})
    EXPECT_NE(html.find(css), std::string::npos) << css;
  EXPECT_EQ(matrix_cell(html, "sin", "float32").first, "p-agree");
  EXPECT_EQ(matrix_cell(html, "reciprocal", "int64").first, "p-only-torch");  // the disagreement dominates
  EXPECT_EQ(matrix_cell(html, "abs", "float16").first, "p-only-engine");
  EXPECT_EQ(matrix_cell(html, "sort", "complex128").first, "p-several");
  EXPECT_EQ(matrix_cell(html, "max", "complex64").first, "p-only-jax");  // 4 jax against 2 torch
  EXPECT_EQ(matrix_cell(html, "sin", "int64").first, "p-none");
  EXPECT_EQ(matrix_cell(html, "sort", "complex128").second,
            "sort complex128: all agree 1, jax differs 1, torch, jax differ 3");
  EXPECT_NE(html.find(">torch 1/11</td>"), std::string::npos);
  EXPECT_NE(html.find(">torch+jax 3/5</td>"), std::string::npos);
  // An engine-vs-NumPy report has no matrix.
  Results plain = torch_vs_numpy();
  EXPECT_EQ(render_html(plain).find("class=\"matrix\""), std::string::npos);
}

TEST(ReportCatalogue, GroupsByKindInTheIssuesOrderWithReplayIds) {
  const Results r = torch_vs_numpy();
  const std::string md = render_catalogue(r, "torch", "reports/campaigns/torch/results.json", "reports/NUMPY_VS_PYTORCH.md");
  EXPECT_EQ(md.rfind("# NumPy vs PyTorch\n", 0), 0u);
  EXPECT_NE(md.find("`build/parity report reports/campaigns/torch/results.json --catalogue reports/NUMPY_VS_PYTORCH.md "
                    "--library torch`"),
            std::string::npos);
  for (const char* h : {"| command | `build/parity fuzz --subject torch --against numpy --all --time 120` |",
                        "| seed | 7 |", "| date | 2026-12-02T10:00:00Z |", "| versions | numpy 2.2.6, torch 2.15.0 |",
                        "| checked | torch 2.15.0 against numpy 2.2.6 |",
                        "| cases | 10 compared (5 agree, 0 accepted as declared, 5 differ) and 5 not comparable, in 5 op x dtype rows |"})
    EXPECT_NE(md.find(h), std::string::npos) << h;
  EXPECT_NE(md.find("5 differing cases in 4 kinds over 3 distinct ops (3 op x dtype rows)."), std::string::npos) << md;
  // Sections in the issue's order: result dtype, value, error, NaN/inf, integer, ordering, shape.
  size_t dtype = md.find("\n## result dtype (promotion)\n"), error = md.find("\n## error in one library, a result in the other\n"),
         integer = md.find("\n## integer overflow and division\n"), ordering = md.find("\n## complex ordering\n");
  ASSERT_NE(dtype, std::string::npos);
  ASSERT_NE(error, std::string::npos);
  ASSERT_NE(integer, std::string::npos);
  ASSERT_NE(ordering, std::string::npos);
  EXPECT_LT(dtype, error);
  EXPECT_LT(error, integer);
  EXPECT_LT(integer, ordering);
  EXPECT_EQ(md.find("\n## value\n"), std::string::npos);  // no value differences
  EXPECT_NE(md.find("| integer overflow and division (`integer`) |"), std::string::npos);
  // An entry: op, dtype, minimal inputs, both results, both snippets, the replay id.
  size_t rec = md.find("\n### reciprocal\n", integer);
  ASSERT_NE(rec, std::string::npos);
  EXPECT_LT(rec, ordering);
  const std::string entry = md.substr(rec, ordering - rec);
  for (const char* part : {"2 of 3 cases, in 1 dtype: int64 (2/3).", "Example (int64, variant function): `parity replay reciprocal:7:11`", "Inputs:\n\n```\n  arg0: int64(3,)",
                           "NumPy 2.2.6:\n\n```\nnumpy-outcome-reciprocal\n```", "PyTorch 2.15.0:\n\n```\ntorch-outcome-reciprocal\n```",
                           "In NumPy:\n\n```python\nimport numpy as np", "In PyTorch:\n\n```python\nimport torch"})
    EXPECT_NE(entry.find(part), std::string::npos) << part << "\n" << entry;
  EXPECT_NE(md.find("| torch lacks uint32 remainder | 5 | remainder (uint32) |"), std::string::npos);
  // Deterministic, and independent of the rows of other pairs.
  Results more = r;
  more.stats[StatsKey{"exp", DType::Float32, Device::cpu}].add(lib_case("exp", DType::Float32, Mismatch::value, 1, "engine"));
  EXPECT_EQ(render_catalogue(more, "torch", "reports/campaigns/torch/results.json", "reports/NUMPY_VS_PYTORCH.md"), md);
  EXPECT_THROW(render_catalogue(r, "tensorflow"), ValueError);
}

TEST(ReportCatalogue, EntriesSortedByOpThenDtype) {
  Results r = torch_vs_numpy();
  for (DType d : {DType::Int32, DType::Int8, DType::UInt8})
    r.stats[StatsKey{"floor_divide", d, Device::cpu, "torch", "numpy"}].add(
        lib_case("floor_divide", d, Mismatch::integer, 60 + static_cast<int>(d), "torch"));
  const std::string md = render_catalogue(r, "torch");
  // One entry per op, its dtypes in the engine's dtype order, ops sorted.
  size_t fd = md.find("### floor_divide\n"), rec = md.find("### reciprocal\n");
  ASSERT_NE(fd, std::string::npos);
  EXPECT_LT(fd, rec);
  EXPECT_NE(md.find("3 of 3 cases, in 3 dtypes: int8 (1/1), int32 (1/1), uint8 (1/1)."), std::string::npos) << md;
  EXPECT_NE(md.find("Ops: floor_divide, reciprocal."), std::string::npos);
  // A three-way campaign's torch rows make the same kind of catalogue; its JAX one lists none.
  const std::string jax = render_catalogue(three_way(), "jax");
  EXPECT_NE(jax.find("0 differing cases in 0 kinds over 0 distinct ops"), std::string::npos) << jax;
  EXPECT_NE(render_catalogue(three_way(), "torch").find("### reciprocal\n"), std::string::npos);
  EXPECT_NE(render_catalogue(three_way(), "torch").find("PyTorch 2.15.0:\n\n```\ntorch-says-1-.5-.33\n```"), std::string::npos);
}

// For a look in a browser (reports/README.md): with PARITY_REPORT_SAMPLE_DIR set, writes the
// reports of a larger three-way campaign and of the torch-vs-NumPy one there.
TEST(ThreeWayReports, WritesSamplesWhenAsked) {
  const char* dir = std::getenv("PARITY_REPORT_SAMPLE_DIR");
  if (!dir) GTEST_SKIP() << "PARITY_REPORT_SAMPLE_DIR is not set";
  Results r = three_way();
  const char* ops[] = {"add", "arctan2", "clip", "divide", "exp", "floor_divide", "maximum", "mean", "power",
                       "reciprocal", "remainder", "sort", "sqrt", "sum"};
  const DType dtypes[] = {DType::Bool, DType::Int8, DType::Int64, DType::UInt8, DType::UInt32, DType::Float16,
                          DType::Float32, DType::Float64, DType::Complex64, DType::Complex128};
  const char* patterns[] = {"all agree", "engine differs", "torch differs", "jax differs", "torch, jax differ",
                            "engine, torch, jax differ"};
  uint64_t i = 0;
  for (const char* op : ops)
    for (DType d : dtypes) {
      ++i;
      if (i % 11 == 0) continue;  // no cases
      auto& cell = r.agreement[{op, d}];
      cell["all agree"] += 20 + i % 7;
      if (i % 3 == 0) cell[patterns[1 + (i / 3) % 5]] += 1 + i % 4;
      if (i % 5 == 0) cell[patterns[1 + (i / 5) % 5]] += 2;
      for (const char* p : {"engine", "torch", "jax"})
        r.stats[StatsKey{op, d, Device::cpu, p, "numpy"}].add(lib_case(op, d, Mismatch::none, i, p));
    }
  write_reports(r, std::string(dir) + "/three_way");
  write_reports(torch_vs_numpy(), std::string(dir) + "/torch_vs_numpy");
  write_file_atomic(std::string(dir) + "/NUMPY_VS_PYTORCH.md",
                    render_catalogue(torch_vs_numpy(), "torch", "torch_vs_numpy/results.json", "NUMPY_VS_PYTORCH.md"));
  std::cout << "wrote " << dir << "/three_way/index.html and " << dir << "/torch_vs_numpy/index.html\n";
}

// reports/numpy-vs-torch/CASES.md and numpy-vs-jax/CASES.md (every differing op x dtype x kind; the
// porting guides beside them are scripts/porting_guide.py's) are what `parity report RESULTS
// --catalogue FILE` writes from the committed results.json their header names. Skipped while
// neither is committed.
TEST(ReportCatalogue, CommittedFilesAreUpToDate) {
  namespace fs = std::filesystem;
  const fs::path root = PARITY_SOURCE_DIR;
  int checked = 0;
  for (const auto& [file, library] : std::vector<std::pair<std::string, std::string>>{
           {"reports/numpy-vs-torch/CASES.md", "torch"},
           {"reports/numpy-vs-torch-same-name/CASES.md", "torch-same-name"},
           {"reports/numpy-vs-jax/CASES.md", "jax"}}) {
    if (!fs::exists(root / file)) {
      std::cout << "[catalogue] " << file << " is not committed: not checked\n";
      continue;
    }
    std::ifstream in(root / file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string committed = ss.str();
    std::smatch m;
    ASSERT_TRUE(std::regex_search(committed, m,
                                  std::regex("Generated from the committed campaign `([^`]+)` by `build/parity report "
                                             "[^`]+ --catalogue ([^` ]+) --library (torch|torch-same-name|jax)`")))
        << file << " does not name the campaign it was generated from";
    const std::string source = m[1], named_file = m[2];
    EXPECT_EQ(m[3], library) << file;
    fs::path results = root / source;
    if (fs::is_directory(results)) results /= "results.json";
    ASSERT_TRUE(fs::exists(results)) << file << " names " << source << ", which is not committed (regenerate it "
                                     << "from the repository root with a relative path)";
    EXPECT_EQ(render_catalogue(read_results_json(results.string()), library, source, named_file), committed)
        << file << " is stale: run build/parity report " << source << " --catalogue " << file << " --library "
        << library;
    ++checked;
  }
  if (!checked) GTEST_SKIP() << "no catalogue is committed yet";
}

}  // namespace
}  // namespace parity::fuzz
