// reports/DISCREPANCIES.md as GitHub renders it: `|` inside a cell is escaped (a raw one starts a
// new cell and cuts the row off), and a reason shared by several ops is written once, on one row
// that lists them.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "parity/opdocs.h"
#include "parity/opinfo.h"

using namespace parity;
using namespace parity::opinfo;

namespace {

// The cells of a Markdown table row, split at unescaped pipes, with `\|` unescaped.
std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
      cur += '|';
      ++i;
    } else if (line[i] == '|') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += line[i];
    }
  }
  out.push_back(cur);
  // Drop the empty text before the first and after the last pipe; trim the cells.
  if (!out.empty()) out.erase(out.begin());
  if (!out.empty()) out.pop_back();
  for (auto& c : out) {
    size_t b = c.find_first_not_of(' '), e = c.find_last_not_of(' ');
    c = b == std::string::npos ? "" : c.substr(b, e - b + 1);
  }
  return out;
}

// The tables of the document: header cells -> rows of cells.
std::vector<std::pair<std::vector<std::string>, std::vector<std::vector<std::string>>>> tables(const std::string& md) {
  std::vector<std::pair<std::vector<std::string>, std::vector<std::vector<std::string>>>> out;
  std::istringstream in(md);
  std::string line;
  bool in_table = false;
  while (std::getline(in, line)) {
    if (line.rfind("|", 0) != 0) {
      in_table = false;
      continue;
    }
    if (!in_table) {
      out.push_back({cells(line), {}});
      in_table = true;
    } else if (line.rfind("|---", 0) != 0) {
      out.back().second.push_back(cells(line));
    }
  }
  return out;
}

std::string flat(const std::string& s) {  // as a cell shows it: newlines folded
  std::string o = s;
  for (char& c : o)
    if (c == '\n' || c == '\r') c = ' ';
  return o;
}

}  // namespace

TEST(DiscrepanciesMd, EveryRowHasTheHeadersCells) {
  auto ts = tables(discrepancies_markdown());
  ASSERT_EQ(ts.size(), 2u);  // discrepancies, tolerance overrides
  for (const auto& [head, rows] : ts)
    for (const auto& row : rows) EXPECT_EQ(row.size(), head.size()) << "a row cut by an unescaped '|': " << row.back();
}

TEST(DiscrepanciesMd, EachReasonIsWrittenOnceAndListsItsOps) {
  auto ts = tables(discrepancies_markdown());
  ASSERT_EQ(ts.size(), 2u);
  for (const auto& [head, rows] : ts) {
    std::map<std::string, int> seen;
    for (const auto& row : rows) EXPECT_EQ(++seen[row.back()], 1) << "reason repeated word for word: " << row.back();
  }
  // Nothing is lost: each op's declaration is on the row with its reason, which names the op.
  auto row_of = [&](size_t table, const std::string& reason) -> const std::vector<std::string>* {
    for (const auto& row : ts[table].second)
      if (row.back() == flat(reason)) return &row;
    return nullptr;
  };
  size_t checked = 0;
  for (const auto& op : op_db()) {
    for (const auto& d : op.discrepancies) {
      const auto* row = row_of(0, d.reason);
      ASSERT_NE(row, nullptr) << op.name << ": " << d.reason;
      EXPECT_NE((*row)[0].find(op.name), std::string::npos) << op.name << " missing from the row of " << d.reason;
      EXPECT_NE((*row)[5].find(flat(d.what)), std::string::npos) << d.what;
      ++checked;
    }
    for (const auto& t : op.device_tolerances) {
      const auto* row = row_of(1, t.reason);
      ASSERT_NE(row, nullptr) << op.name << ": " << t.reason;
      EXPECT_NE((*row)[0].find(op.name + " (on a GPU)"), std::string::npos);
      EXPECT_NE((*row)[1].find(name(t.dtype)), std::string::npos);
      ++checked;
    }
    for (const auto& t : op.tolerances) {
      const auto* row = row_of(1, t.reason);
      ASSERT_NE(row, nullptr) << op.name << ": " << t.reason;
      EXPECT_NE((*row)[0].find(op.name), std::string::npos);
      EXPECT_NE((*row)[1].find(name(t.dtype)), std::string::npos);
      ++checked;
    }
  }
  for (const auto& d : global_discrepancies()) EXPECT_NE(row_of(0, d.reason), nullptr) << d.reason;
  EXPECT_GT(checked, 10u);
}
