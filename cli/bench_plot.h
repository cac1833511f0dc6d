#pragma once
// The plot and number formats of `parity bench`: time against size, log-log, one curve per
// implementation (median points, min-max bars), as a self-contained SVG or a PNG rendered from it.
#include <cstdint>
#include <string>
#include <vector>

namespace parity::cli {

struct Spread {
  double median = 0, min = 0, max = 0;
  bool ok() const { return median > 0; }  // false: not measured at that size
};

struct Curve {
  std::string name, color;
  bool dashed = false;
  std::vector<Spread> stats;  // one per size
};

std::string fmt_time(double ns);          // "1.23 us": three significant digits
std::string fmt_spread(const Spread& s);  // "1.23 us ±4%": ± half the min-max range

std::string svg_plot(const std::string& title, const std::string& subtitle, const std::vector<int64_t>& sizes,
                     const std::vector<Curve>& curves);
// Writes the SVG, or a PNG when `path` ends in .png (rsvg-convert, librsvg2-bin).
void write_plot(const std::string& path, const std::string& svg);

}  // namespace parity::cli
