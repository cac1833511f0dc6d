#include "bench_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace parity::cli {

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

std::string fmt_spread(const Spread& s) {
  char buf[16];
  std::snprintf(buf, sizeof buf, " ±%.0f%%", s.median > 0 ? (s.max - s.min) / 2 / s.median * 100 : 0.0);
  return fmt_time(s.median) + buf;
}

namespace {

std::string esc(const std::string& s) {
  std::string o;
  for (char c : s) o += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
  return o;
}

// "1 ns", "10 us", ... for the grid lines at 10^d ns.
std::string decade_label(double d) {
  static const char* units[] = {"ns", "us", "ms", "s"};
  const int k = std::clamp(static_cast<int>(std::floor(d / 3)), 0, 3);
  return std::to_string(std::lround(std::pow(10.0, d - 3 * k))) + " " + units[k];
}

}  // namespace

std::string svg_plot(const std::string& title, const std::string& subtitle, const std::vector<int64_t>& sizes,
                     const std::vector<Curve>& curves) {
  const double W = 760, H = 520, L = 80, R = 200, T = 56, B = 60;  // canvas and margins
  double lo = 1e300, hi = 0;
  for (const Curve& c : curves)
    for (const Spread& s : c.stats)
      if (s.ok()) lo = std::min(lo, s.min), hi = std::max(hi, s.max);  // bars fit too
  if (hi == 0) lo = 1, hi = 10;
  const double ylo = std::floor(std::log10(lo)), yhi = std::max(ylo + 1, std::ceil(std::log10(hi)));
  const double xlo = std::log2(static_cast<double>(sizes.front()));
  const double xhi = std::max(xlo + 1, std::log2(static_cast<double>(sizes.back())));
  auto px = [&](double n) { return L + (std::log2(n) - xlo) / (xhi - xlo) * (W - L - R); };
  auto py = [&](double ns) { return H - B - (std::log10(ns) - ylo) / (yhi - ylo) * (H - T - B); };
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << W << "\" height=\"" << H << "\" viewBox=\"0 0 " << W
    << " " << H << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"" << (L + W - R) / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">" << esc(title) << "</text>\n"
    << "<text x=\"" << (L + W - R) / 2 << "\" y=\"40\" text-anchor=\"middle\" font-size=\"10\" fill=\"#555\">"
    << esc(subtitle) << "</text>\n";
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
  // One curve per implementation: a polyline through the medians measured, min-max bars.
  for (size_t k = 0; k < curves.size(); ++k) {
    const Curve& c = curves[k];
    const std::string dash = c.dashed ? "\" stroke-dasharray=\"6 3" : "";
    o << "<polyline fill=\"none\" stroke=\"" << c.color << dash << "\" stroke-width=\"2\" points=\"";
    for (size_t i = 0; i < sizes.size(); ++i)
      if (c.stats[i].ok()) o << px(static_cast<double>(sizes[i])) << "," << py(c.stats[i].median) << " ";
    o << "\"/>\n";
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (!c.stats[i].ok()) continue;
      const double x = px(static_cast<double>(sizes[i]));
      o << "<line x1=\"" << x << "\" y1=\"" << py(c.stats[i].min) << "\" x2=\"" << x << "\" y2=\"" << py(c.stats[i].max)
        << "\" stroke=\"" << c.color << "\"/>\n"
        << "<circle cx=\"" << x << "\" cy=\"" << py(c.stats[i].median) << "\" r=\"3\" fill=\"" << c.color << "\"/>\n";
    }
    const double ly = T + 10 + 20 * static_cast<double>(k);
    o << "<line x1=\"" << W - R + 12 << "\" y1=\"" << ly << "\" x2=\"" << W - R + 36 << "\" y2=\"" << ly << "\" stroke=\""
      << c.color << dash << "\" stroke-width=\"2\"/>\n"
      << "<text x=\"" << W - R + 42 << "\" y=\"" << ly + 4 << "\">" << esc(c.name) << "</text>\n";
  }
  o << "</svg>\n";
  return o.str();
}

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

}  // namespace parity::cli
