#pragma once
// Documents generated from the OpInfo database: the op table (`parity ops`, `--json`) and
// reports/DISCREPANCIES.md.
#include <string>

#include "parity/opinfo.h"

namespace parity::opinfo {

std::string ops_table();          // one line per op: name, variants, dtypes per device, reference, autograd
std::string ops_json();           // the same as a JSON array
std::string discrepancies_markdown();  // every declared discrepancy, skip and tolerance override
std::string dtype_set_str(const std::vector<DType>& ds);  // "all", "all but bool", or the names
std::string md_cell(const std::string& s);  // one Markdown table cell: `|` escaped, newlines as spaces

}  // namespace parity::opinfo
