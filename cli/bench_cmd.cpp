// `parity bench sigmoid [--plot FILE.svg] [--repetitions N] [--max-size N] [--min-time S]`: the
// tutorial's closing experiment. Times 1 / (1 + exp(-x)) on float32 inputs of 2^0 .. 2^24 elements
// with NumPy (embedded, timed inside Python), the engine eagerly (the same expression, four ops),
// the same expression under compile(f), the engine's sigmoid op, and the engine's plain copy (the
// memory-bound floor); prints the median
// of the repetitions with their spread and the ratios, and draws the plot as a self-contained SVG
// (time against size, log-log, one curve per implementation) as SVG or PNG. Timing code:
// bench/sigmoid_common.h.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "fuzz_common.h"
#include "parity/threads.h"
#include "sigmoid_common.h"

namespace parity::cli {

namespace {

struct Curve {
  std::string name, color;
  std::vector<bench::Stat> stats;  // one per size
};

// "1.23 us" style, three significant digits.
std::string fmt_time(double ns) {
  const char* unit = "ns";
  double v = ns;
  if (ns >= 1e9) { v = ns / 1e9; unit = "s"; }
  else if (ns >= 1e6) { v = ns / 1e6; unit = "ms"; }
  else if (ns >= 1e3) { v = ns / 1e3; unit = "us"; }
  char buf[32];
  std::snprintf(buf, sizeof buf, v >= 100 ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.2f %s", v, unit);
  return buf;
}

// Median and half the min-max range as a percentage of it: "1.23 us ±4%".
std::string fmt_stat(const bench::Stat& s) {
  char buf[16];
  std::snprintf(buf, sizeof buf, " ±%.0f%%", s.median > 0 ? (s.max - s.min) / 2 / s.median * 100 : 0.0);
  return fmt_time(s.median) + buf;
}

std::string pad(std::string s, size_t w) {
  // "±" is two bytes but one column.
  size_t cols = s.size() - (s.find("±") != std::string::npos ? 1 : 0);
  if (cols < w) s.insert(0, w - cols, ' ');
  return s;
}

// "1 ns", "10 us", ... for the grid lines at 10^d ns.
std::string decade_label(double d) {
  static const char* units[] = {"ns", "us", "ms", "s"};
  const int k = std::clamp(static_cast<int>(std::floor(d / 3)), 0, 3);
  return std::to_string(std::lround(std::pow(10.0, d - 3 * k))) + " " + units[k];
}

// The plot: log2 sizes on x, log10 times on y, decade grid lines, a legend.
std::string svg_plot(const std::vector<int64_t>& sizes, const std::vector<Curve>& curves) {
  const double W = 720, H = 480, L = 80, R = 170, T = 40, B = 60;  // canvas and margins
  double lo = 1e300, hi = 0;
  for (const Curve& c : curves)
    for (const bench::Stat& s : c.stats) lo = std::min(lo, s.min), hi = std::max(hi, s.max);  // bars fit too
  const double ylo = std::floor(std::log10(lo)), yhi = std::max(ylo + 1, std::ceil(std::log10(hi)));
  const double xlo = std::log2(static_cast<double>(sizes.front()));
  const double xhi = std::max(xlo + 1, std::log2(static_cast<double>(sizes.back())));
  auto px = [&](double n) { return L + (std::log2(n) - xlo) / (xhi - xlo) * (W - L - R); };
  auto py = [&](double ns) { return H - B - (std::log10(ns) - ylo) / (yhi - ylo) * (H - T - B); };
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H << "\" viewBox=\"0 0 " << W
    << " " << H << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"" << (L + W - R) / 2 << "\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">sigmoid 1/(1+exp(-x)), float32: time per call</text>\n";
  // Grid and tick labels: every decade of time, every size measured.
  for (double d = ylo; d <= yhi + 1e-9; d += 1) {
    const double y = py(std::pow(10.0, d));
    o << "<line x1=\"" << L << "\" y1=\"" << y << "\" x2=\"" << W - R << "\" y2=\"" << y << "\" stroke=\"#ddd\"/>\n"
      << "<text x=\"" << L - 6 << "\" y=\"" << y + 4 << "\" text-anchor=\"end\">" << decade_label(d) << "</text>\n";
  }
  for (int64_t n : sizes) {
    const double x = px(static_cast<double>(n));
    o << "<line x1=\"" << x << "\" y1=\"" << T << "\" x2=\"" << x << "\" y2=\"" << H - B << "\" stroke=\"#ddd\"/>\n"
      << "<text x=\"" << x << "\" y=\"" << H - B + 16 << "\" text-anchor=\"middle\">2<tspan dy=\"-5\" font-size=\"9\">"
      << std::lround(std::log2(static_cast<double>(n))) << "</tspan></text>\n";
  }
  o << "<rect x=\"" << L << "\" y=\"" << T << "\" width=\"" << W - L - R << "\" height=\"" << H - T - B
    << "\" fill=\"none\" stroke=\"black\"/>\n"
    << "<text x=\"" << (L + W - R) / 2 << "\" y=\"" << H - 18 << "\" text-anchor=\"middle\">elements (log scale)</text>\n"
    << "<text transform=\"translate(18 " << (T + H - B) / 2 << ") rotate(-90)\" text-anchor=\"middle\">time per call (log scale)</text>\n";
  // One curve per implementation: a polyline through the medians, the min-max range as a bar.
  for (size_t k = 0; k < curves.size(); ++k) {
    const Curve& c = curves[k];
    o << "<polyline fill=\"none\" stroke=\"" << c.color << "\" stroke-width=\"2\" points=\"";
    for (size_t i = 0; i < sizes.size(); ++i) o << px(static_cast<double>(sizes[i])) << "," << py(c.stats[i].median) << " ";
    o << "\"/>\n";
    for (size_t i = 0; i < sizes.size(); ++i) {
      const double x = px(static_cast<double>(sizes[i]));
      o << "<line x1=\"" << x << "\" y1=\"" << py(c.stats[i].min) << "\" x2=\"" << x << "\" y2=\"" << py(c.stats[i].max)
        << "\" stroke=\"" << c.color << "\"/>\n"
        << "<circle cx=\"" << x << "\" cy=\"" << py(c.stats[i].median) << "\" r=\"3\" fill=\"" << c.color << "\"/>\n";
    }
    const double ly = T + 10 + 20 * static_cast<double>(k);
    o << "<line x1=\"" << W - R + 12 << "\" y1=\"" << ly << "\" x2=\"" << W - R + 36 << "\" y2=\"" << ly << "\" stroke=\""
      << c.color << "\" stroke-width=\"2\"/>\n"
      << "<text x=\"" << W - R + 42 << "\" y=\"" << ly + 4 << "\">" << c.name << "</text>\n";
  }
  o << "</svg>\n";
  return o.str();
}

// Writes the SVG, or a PNG rendered from it by rsvg-convert (librsvg2-bin, scripts/setup.sh).
void write_plot(const std::string& path, const std::string& svg) {
  const bool png = path.size() > 4 && path.compare(path.size() - 4, 4, ".png") == 0;
  const std::string svg_path = png ? path + ".svg" : path;
  {
    std::ofstream f(svg_path);
    f << svg;
    if (!f) throw std::runtime_error("cannot write " + svg_path);
  }
  if (png) {
    const std::string cmd = "rsvg-convert -f png -o '" + path + "' '" + svg_path + "'";
    const int rc = std::system(cmd.c_str());
    std::remove(svg_path.c_str());
    if (rc != 0) throw std::runtime_error("cannot render " + path + " (rsvg-convert from librsvg2-bin; run scripts/setup.sh)");
  }
  std::cout << "\nplot: " << path << "\n";
}

int run_sigmoid(const std::string& plot, int reps, int64_t max_size, double min_time) {
  std::vector<int64_t> sizes;
  for (int64_t n : bench::sigmoid_sizes())
    if (n <= max_size) sizes.push_back(n);
  if (sizes.empty()) throw std::invalid_argument("--max-size is below the smallest size (1)");
  std::vector<Curve> curves = {{"NumPy", "#1f77b4", {}},
                               {"engine eager", "#d62728", {}},
                               {"engine compiled", "#2ca02c", {}},
                               {"engine sigmoid op", "#ff7f0e", {}},
                               {"copy (floor)", "#7f7f7f", {}}};
  // Ratios are taken within one repetition (both sides measured back to back), then the median.
  enum { kEagerNp, kCompiledNp, kOpNp, kEagerCopy, kCompiledCopy, kRatios };
  std::vector<std::vector<double>> ratio[kRatios];
  for (auto& r : ratio) r.resize(sizes.size());
  for (size_t i = 0; i < sizes.size(); ++i) {
    Tensor x = bench::sigmoid_input(sizes[i]);
    std::vector<double> t[5];
    for (int r = 0; r < reps; ++r) {
      bench::SigmoidSample s = bench::sigmoid_sample(x, min_time);
      t[0].push_back(s.numpy), t[1].push_back(s.eager), t[2].push_back(s.compiled), t[3].push_back(s.op),
          t[4].push_back(s.copy);
      ratio[kEagerNp][i].push_back(s.eager / s.numpy);
      ratio[kCompiledNp][i].push_back(s.compiled / s.numpy);
      ratio[kOpNp][i].push_back(s.op / s.numpy);
      ratio[kEagerCopy][i].push_back(s.eager / s.copy);
      ratio[kCompiledCopy][i].push_back(s.compiled / s.copy);
    }
    for (int k = 0; k < 5; ++k) curves[k].stats.push_back(bench::stat_of(t[k]));
    std::cerr << "bench: 2^" << std::lround(std::log2(static_cast<double>(sizes[i]))) << " done\n";
  }
  std::cout << "sigmoid 1/(1+exp(-x)), float32; median of " << reps << " repetition(s), ± half the min-max range\n"
            << "NumPy " << oracle::numpy_version() << " timed inside Python (timeit); engine timed in C++;"
            << " each call allocates its result; " << num_threads() << " thread(s)\n\n";
  std::cout << pad("size", 6) << pad("NumPy", 15) << pad("eager", 15) << pad("compiled", 15) << pad("sigmoid op", 15)
            << pad("copy", 15) << pad("eager/NumPy", 12) << pad("comp/NumPy", 11) << pad("op/NumPy", 9)
            << pad("eager/copy", 11) << pad("comp/copy", 10) << "\n";
  const size_t widths[kRatios] = {12, 11, 9, 11, 10};
  for (size_t i = 0; i < sizes.size(); ++i) {
    std::cout << pad("2^" + std::to_string(std::lround(std::log2(static_cast<double>(sizes[i])))), 6);
    for (const Curve& c : curves) std::cout << pad(fmt_stat(c.stats[i]), 15);
    for (int k = 0; k < kRatios; ++k) {
      char r[24];
      std::snprintf(r, sizeof r, "%.2f", bench::stat_of(ratio[k][i]).median);
      std::cout << pad(r, widths[k]);
    }
    std::cout << "\n";
  }
  if (!plot.empty()) write_plot(plot, svg_plot(sizes, curves));
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app) {
  struct Args {
    std::string plot;
    int reps = 5;
    int64_t max_size = int64_t{1} << 24;
    double min_time = 0.05;
  };
  auto a = std::make_shared<Args>();
  auto* b = app.add_subcommand("bench", "Benchmarks against NumPy in this process");
  b->require_subcommand(1);
  auto* s = b->add_subcommand("sigmoid", "Time 1/(1+exp(-x)) (float32, 2^0..2^24): NumPy, engine eager, compiled, sigmoid op, copy");
  s->add_option("--plot", a->plot, "Write the plot (time vs size, log-log) to this file: .svg, or .png (rendered by rsvg-convert)");
  s->add_option("--repetitions", a->reps, "Repetitions per size (median and spread)")->capture_default_str()->check(CLI::PositiveNumber);
  s->add_option("--max-size", a->max_size, "Largest size to time (sizes are 2^0, 2^5, 2^10, 2^15, 2^20, 2^24)")->capture_default_str();
  s->add_option("--min-time", a->min_time, "Seconds per timed batch (each implementation, size, repetition)")->capture_default_str();
  s->callback([a] { run_guarded([&] { return run_sigmoid(a->plot, a->reps, a->max_size, a->min_time); }); });
}

}  // namespace parity::cli
