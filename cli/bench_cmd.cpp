// `parity bench sigmoid [--plot FILE.svg|.png] [--repetitions N] [--max-size N] [--min-time S]
// [--peers LIST]`: the tutorial's closing experiment. Times 1 / (1 + exp(-x)) on float32 inputs of
// 2^0 .. 2^24 elements: the engine eagerly (four ops), the same expression under compile(f), the
// engine's sigmoid op and its plain copy (the memory floor), timed in C++; and the peers a user
// would pick instead (NumPy, numexpr, torch.sigmoid / the eager expression / torch.compile,
// jax.jit), each timed in its own plain python3 process on the same values
// (bench/peers/sigmoid_peer.py). NumPy inside this process stays as an extra, labelled row. Every
// size interleaves one sample of each implementation per repetition; the table gives medians with
// their spread and ratios taken within each repetition. Timing of the engine: bench/sigmoid_common.h.
// `--device cuda` times the same on a GPU (run_sigmoid_cuda): CUDA events, sizes up to 2^26, a
// device-to-device copy as the floor, torch and JAX on the GPU from the same peer script.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <thread>

#include "bench_plot.h"
#include "fuzz_common.h"
#include "parity/build_info.h"
#include "parity/cuda_timing.h"
#include "parity/errors.h"
#include "parity/threads.h"
#include "peer_process.h"
#include "sigmoid_common.h"

namespace parity::cli {

namespace {

struct PeerSpec {
  const char* impl;   // sigmoid_peer.py's name for it
  const char* label;  // the table's and the plot's
  const char* color;
};
const PeerSpec kPeers[] = {
    {"numpy", "NumPy", "#1f77b4"},
    {"numexpr", "numexpr", "#9467bd"},
    {"torch.sigmoid", "torch.sigmoid", "#8c564b"},
    {"torch.eager", "torch eager expression", "#e377c2"},
    {"torch.compile", "torch.compile", "#bcbd22"},
    {"jax.jit", "jax.jit", "#17becf"},
};
constexpr double kPeerTimeout = 900;  // s per answer: torch.compile's first call at a size compiles

struct Peer {
  const PeerSpec* spec;
  std::unique_ptr<bench::PeerProcess> proc;
  std::string version;                  // "torch 2.9.1"
  std::string status;                   // "" when it runs; else "not installed (...)" or the failure
  std::vector<std::vector<double>> t;   // per size, per repetition (NaN: that sample failed)
  std::vector<std::string> error;       // per size: the first failure there
};

std::string pad(std::string s, size_t w, bool left = false) {
  // "±" is two bytes but one column.
  size_t cols = s.size() - (s.find("±") != std::string::npos ? 1 : 0);
  if (cols < w) s.insert(left ? s.size() : 0, w - cols, ' ');
  return s;
}

std::string cpu_name() {
  std::ifstream f("/proc/cpuinfo");
  for (std::string line; std::getline(f, line);)
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) {
      std::string v = line.substr(line.find(':') + 1);
      return v.substr(v.find_first_not_of(' '));
    }
  return "unknown CPU";
}

std::string size_label(int64_t n) { return "2^" + std::to_string(std::lround(std::log2(static_cast<double>(n)))); }

// Median, min and max of the finite samples (a zero Spread when there are none).
Spread spread_of(const std::vector<double>& v) {
  std::vector<double> f;
  for (double x : v)
    if (std::isfinite(x)) f.push_back(x);
  const bench::Stat s = bench::stat_of(f);
  return {s.median, s.min, s.max};
}

std::string python_for_peers(const std::string& given) {
  if (!given.empty()) return given;
  if (const char* e = std::getenv("PARITY_PYTHON"); e && *e) return e;
  return PARITY_PYTHON_EXECUTABLE;  // the interpreter CMake embeds (scripts/setup.sh's python3)
}

std::vector<const PeerSpec*> parse_peers(const std::string& list) {
  std::vector<const PeerSpec*> out;
  if (list == "none") return out;
  std::stringstream ss(list);
  for (std::string w; std::getline(ss, w, ',');) {
    if (w.empty()) continue;
    const PeerSpec* p = nullptr;
    for (const PeerSpec& s : kPeers)
      if (w == s.impl || w == "all") p = &s;
    if (w == "all") {
      for (const PeerSpec& s : kPeers) out.push_back(&s);
      continue;
    }
    if (!p) {
      std::string names;
      for (const PeerSpec& s : kPeers) names += std::string(names.empty() ? "" : ", ") + s.impl;
      throw CLI::ValidationError("--peers", "unknown peer '" + w + "' (known: " + names + ", all, none)");
    }
    out.push_back(p);
  }
  return out;
}

// The time-per-call table (one row per implementation, one column per size) and the plot's
// curves, shared by the CPU and the GPU benchmark.
struct Table {
  static constexpr size_t W = 30, C = 15;  // label and cell widths
  const std::vector<int64_t>& sizes;
  std::vector<Curve> curves;

  void header() const {
    std::cout << pad("time per call", W, true);
    for (int64_t n : sizes) std::cout << pad(size_label(n), C);
    std::cout << "\n";
  }
  void add_curve(const std::string& name, const char* color, bool dashed, const std::vector<std::vector<double>>& t) {
    Curve c{name, color, dashed, {}};
    for (const auto& v : t) c.stats.push_back(spread_of(v));
    curves.push_back(std::move(c));
  }
  void row(const std::string& label, const std::vector<std::vector<double>>& t,
           const std::vector<std::string>* errors = nullptr) const {
    std::cout << pad(label, W, true);
    for (size_t i = 0; i < sizes.size(); ++i) {
      const Spread s = spread_of(t[i]);
      std::cout << pad(s.ok() ? fmt_spread(s) : "failed", C);
    }
    std::cout << "\n";
    if (errors)
      for (size_t i = 0; i < sizes.size(); ++i)
        if (!(*errors)[i].empty()) std::cout << "    " << label << " at " << size_label(sizes[i]) << ": " << (*errors)[i] << "\n";
  }
  // A row and a curve per installed peer; the others print why they did not run.
  void peer_rows(const std::vector<Peer>& peers) {
    for (const Peer& p : peers) {
      const std::string label = std::string(p.spec->label) + (p.version.empty() ? "" : " (" + p.version.substr(p.version.find(' ') + 1) + ")");
      if (!p.version.empty()) {
        row(label, p.t, &p.error);
        add_curve(p.spec->label, p.spec->color, false, p.t);
      } else {
        std::cout << pad(label, W, true) << p.status << "\n";
      }
      if (!p.version.empty() && !p.status.empty()) std::cout << "    " << p.spec->label << ": " << p.status << "\n";
    }
  }
};

int run_sigmoid(const std::string& plot, int reps, int64_t max_size, double min_time, const std::string& peer_list,
                const std::string& python) {
  std::vector<int64_t> sizes;
  for (int64_t n : bench::sigmoid_sizes())
    if (n <= max_size) sizes.push_back(n);
  if (sizes.empty()) throw std::invalid_argument("--max-size is below the smallest size (1)");
  const std::vector<const PeerSpec*> specs = parse_peers(peer_list);
  const std::string py = python_for_peers(python);
  const std::string script = PARITY_BENCH_PEER_SCRIPT;

  char tmpl[] = "/tmp/parity-bench-XXXXXX";
  if (!mkdtemp(tmpl)) throw std::runtime_error("bench: cannot create a temporary directory");
  const std::filesystem::path tmp = tmpl;
  struct Cleanup {
    std::filesystem::path p;
    ~Cleanup() { std::error_code ec; std::filesystem::remove_all(p, ec); }
  } cleanup{tmp};

  // Peers start once (imports take seconds) and answer one sample at a time.
  std::vector<Peer> peers;
  for (const PeerSpec* s : specs) {
    Peer p{s, nullptr, "", "", std::vector<std::vector<double>>(sizes.size()), std::vector<std::string>(sizes.size())};
    try {
      p.proc = std::make_unique<bench::PeerProcess>(py, script, s->impl, num_threads(),
                                                   (tmp / (std::string(s->impl) + ".log")).string());
      const std::string hello = p.proc->ask("", 300);
      if (hello.rfind("ready ", 0) == 0) p.version = hello.substr(6);
      else if (hello.rfind("missing", 0) == 0) p.status = "not installed (" + hello.substr(std::min<size_t>(8, hello.size())) + ")";
      else p.status = "failed to start: " + hello;
    } catch (const std::exception& e) {
      p.status = std::string("failed to start: ") + e.what();
    }
    if (!p.status.empty()) p.proc.reset();
    peers.push_back(std::move(p));
  }

  const char* engine_names[] = {"Parity eager expression", "Parity compiled", "Parity sigmoid op", "copy (floor)",
                                "NumPy in-process"};
  std::vector<std::vector<double>> eng[5];  // [impl][size][rep]
  for (auto& e : eng) e.resize(sizes.size());
  for (size_t i = 0; i < sizes.size(); ++i) {
    const Tensor x = bench::sigmoid_input(sizes[i]);
    const std::string file = (tmp / ("x_" + std::to_string(sizes[i]) + ".f32")).string();
    {
      std::ofstream f(file, std::ios::binary);
      f.write(static_cast<const char*>(x.data_ptr()), static_cast<std::streamsize>(x.nbytes()));
      if (!f) throw std::runtime_error("bench: cannot write " + file);
    }
    for (int r = 0; r < reps; ++r) {
      const bench::SigmoidSample s = bench::sigmoid_sample(x, min_time);
      const double v[5] = {s.eager, s.compiled, s.op, s.copy, s.numpy};
      for (int k = 0; k < 5; ++k) eng[k][i].push_back(v[k]);
      for (Peer& p : peers) {
        if (!p.proc) continue;
        double ns = std::numeric_limits<double>::quiet_NaN();
        try {
          const std::string a = p.proc->ask("time " + file + " " + std::to_string(sizes[i]) + " " + std::to_string(min_time),
                                            kPeerTimeout);
          if (a.rfind("error", 0) == 0) {
            if (p.error[i].empty()) p.error[i] = a.substr(std::min<size_t>(6, a.size()));
          } else {
            ns = std::stod(a);
          }
        } catch (const std::exception& e) {  // the process died or hung: no more samples from it
          p.error[i] = e.what();
          p.status = std::string("stopped at ") + size_label(sizes[i]) + ": " + e.what();
          p.proc.reset();
        }
        p.t[i].push_back(ns);
      }
    }
    std::cerr << "bench: " << size_label(sizes[i]) << " done\n";
  }

  // ---- the table ----
  const int engine_threads = num_threads();
  std::cout << "sigmoid 1/(1+exp(-x)), float32\n"
            << "machine: " << cpu_name() << ", " << std::thread::hardware_concurrency() << " hardware threads; Parity "
            << version() << ", SIMD target " << simd_target() << ", " << engine_threads
            << " thread(s); peers are given the same thread count\n"
            << "each figure: the median of " << reps << " repetition(s) ± half their min-max range; a repetition is one"
            << " timed batch of calls (>= " << min_time << " s, the loop count doubled as timeit.autorange does) per"
            << " implementation, all implementations interleaved at each size; every call allocates its result\n"
            << "peers: each in its own plain python process (" << py << ", bench/peers/sigmoid_peer.py), timed with"
            << " perf_counter on the engine's input values; 'NumPy in-process' is NumPy in this process's embedded"
            << " interpreter (an extra row: its speed follows this process's malloc state)\n\n";
  Table tab{sizes, {}};
  tab.header();
  tab.peer_rows(peers);
  const char* engine_colors[] = {"#d62728", "#2ca02c", "#ff7f0e", "#7f7f7f", "#1f77b4"};
  for (int k = 0; k < 5; ++k) {
    tab.row(engine_names[k], eng[k]);
    tab.add_curve(engine_names[k], engine_colors[k], k >= 3, eng[k]);
  }

  // ---- ratios, taken within each repetition, then the median ----
  auto ratio_row = [&](const std::string& label, auto&& num_den) {
    std::cout << pad(label, Table::W, true);
    for (size_t i = 0; i < sizes.size(); ++i) {
      std::vector<double> r;
      for (int k = 0; k < reps; ++k) {
        const auto [a, b] = num_den(i, k);
        if (std::isfinite(a) && std::isfinite(b) && b > 0) r.push_back(a / b);
      }
      char buf[24];
      const Spread s = spread_of(r);
      std::snprintf(buf, sizeof buf, "%.2f", s.median);
      std::cout << pad(s.ok() ? buf : "-", Table::C);
    }
    std::cout << "\n";
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto peer_t = [&](const char* impl, size_t i, int k) {
    for (const Peer& p : peers)
      if (std::string(p.spec->impl) == impl && static_cast<size_t>(k) < p.t[i].size()) return p.t[i][k];
    return nan;
  };
  auto fastest = [&](size_t i, int k) {
    double m = nan;
    for (const Peer& p : peers)
      if (static_cast<size_t>(k) < p.t[i].size() && std::isfinite(p.t[i][k]) && !(m <= p.t[i][k])) m = p.t[i][k];
    return m;
  };
  enum { kEager, kCompiled, kOp, kCopy, kNumpyIn };
  std::cout << "\nratios (median of the per-repetition ratios; below 1: Parity is faster)\n";
  ratio_row("compiled / NumPy", [&](size_t i, int k) { return std::pair{eng[kCompiled][i][k], peer_t("numpy", i, k)}; });
  ratio_row("compiled / fastest peer", [&](size_t i, int k) { return std::pair{eng[kCompiled][i][k], fastest(i, k)}; });
  std::cout << pad("  fastest peer (by median)", Table::W, true);
  for (size_t i = 0; i < sizes.size(); ++i) {
    std::string best = "-";
    double m = 0;
    for (const Peer& p : peers) {
      const Spread s = spread_of(p.t[i]);
      if (s.ok() && (best == "-" || s.median < m)) best = p.spec->impl, m = s.median;
    }
    std::cout << pad(best, Table::C);
  }
  std::cout << "\n";
  ratio_row("compiled / copy", [&](size_t i, int k) { return std::pair{eng[kCompiled][i][k], eng[kCopy][i][k]}; });
  ratio_row("sigmoid op / copy", [&](size_t i, int k) { return std::pair{eng[kOp][i][k], eng[kCopy][i][k]}; });
  ratio_row("eager / NumPy", [&](size_t i, int k) { return std::pair{eng[kEager][i][k], peer_t("numpy", i, k)}; });
  ratio_row("sigmoid op / NumPy", [&](size_t i, int k) { return std::pair{eng[kOp][i][k], peer_t("numpy", i, k)}; });
  ratio_row("compiled / NumPy in-process", [&](size_t i, int k) { return std::pair{eng[kCompiled][i][k], eng[kNumpyIn][i][k]}; });

  if (!plot.empty()) {
    const std::string subtitle = cpu_name() + ", " + std::to_string(engine_threads) + " thread(s), SIMD " + simd_target() +
                                 "; median of " + std::to_string(reps) + ", bars min-max; peers in their own processes";
    write_plot(plot, svg_plot("sigmoid 1/(1+exp(-x)), float32: time per call", subtitle, sizes, tab.curves));
  }
  return 0;
}

// The GPU's peers: those that run there (numpy and numexpr are CPU-only).
bool gpu_peer(const PeerSpec& s) { return std::string(s.impl).rfind("torch.", 0) == 0 || std::string(s.impl) == "jax.jit"; }

// `parity bench sigmoid --device cuda`: the engine's curves on the GPU (eager expression, sigmoid
// op, a device-to-device copy of the same bytes as the floor; compile(f) is CPU-only and printed
// as such), torch and JAX on the same GPU, each figure a median of per-repetition samples timed
// with CUDA events after synchronisation; the summary gives each curve as a fraction of the copy's
// bandwidth at the largest size and its time per call at 2^0 against torch.sigmoid.
int run_sigmoid_cuda(const Device dev, const std::string& plot, int reps, int64_t max_size, double min_time,
                     const std::string& peer_list, const std::string& python) {
  std::vector<int64_t> sizes;
  for (int64_t n : bench::sigmoid_cuda_sizes())
    if (n <= max_size) sizes.push_back(n);
  if (sizes.empty()) throw std::invalid_argument("--max-size is below the smallest size (1)");
  std::vector<const PeerSpec*> specs;
  for (const PeerSpec* s : parse_peers(peer_list == "all" ? "torch.sigmoid,torch.eager,jax.jit" : peer_list)) {
    if (gpu_peer(*s)) specs.push_back(s);
    else std::cout << "note: peer " << s->impl << " runs on the CPU only: not timed on " << to_string(dev) << "\n";
  }
  const std::string py = python_for_peers(python);
  const std::string script = PARITY_BENCH_PEER_SCRIPT;

  char tmpl[] = "/tmp/parity-bench-XXXXXX";
  if (!mkdtemp(tmpl)) throw std::runtime_error("bench: cannot create a temporary directory");
  const std::filesystem::path tmp = tmpl;
  struct Cleanup {
    std::filesystem::path p;
    ~Cleanup() { std::error_code ec; std::filesystem::remove_all(p, ec); }
  } cleanup{tmp};

  std::vector<Peer> peers;
  for (const PeerSpec* s : specs) {
    Peer p{s, nullptr, "", "", std::vector<std::vector<double>>(sizes.size()), std::vector<std::string>(sizes.size())};
    try {
      p.proc = std::make_unique<bench::PeerProcess>(py, script, s->impl, num_threads(),
                                                   (tmp / (std::string(s->impl) + ".log")).string(), "cuda");
      const std::string hello = p.proc->ask("", 300);
      if (hello.rfind("ready ", 0) == 0) p.version = hello.substr(6);
      else if (hello.rfind("missing", 0) == 0) p.status = "not available (" + hello.substr(std::min<size_t>(8, hello.size())) + ")";
      else p.status = "failed to start: " + hello;
    } catch (const std::exception& e) {
      p.status = std::string("failed to start: ") + e.what();
    }
    if (!p.status.empty()) p.proc.reset();
    peers.push_back(std::move(p));
  }

  enum { kEager, kOp, kCopy, kEngineCurves };
  const char* engine_names[kEngineCurves] = {"Parity eager expression", "Parity sigmoid op", "device-to-device copy"};
  std::vector<std::vector<double>> eng[kEngineCurves];  // [impl][size][rep]
  for (auto& e : eng) e.resize(sizes.size());
  std::vector<std::string> eng_error(kEngineCurves);
  for (size_t i = 0; i < sizes.size(); ++i) {
    const Tensor host = bench::sigmoid_input(sizes[i]);
    const Tensor x = host.to(dev);
    const std::string file = (tmp / ("x_" + std::to_string(sizes[i]) + ".f32")).string();
    {
      std::ofstream f(file, std::ios::binary);
      f.write(static_cast<const char*>(host.data_ptr()), static_cast<std::streamsize>(host.nbytes()));
      if (!f) throw std::runtime_error("bench: cannot write " + file);
    }
    for (int r = 0; r < reps; ++r) {
      const std::function<Tensor()> fns[kEngineCurves] = {[&] { return bench::sigmoid_eager(x); },
                                                          [&] { return sigmoid(x); }, [&] { return copy(x); }};
      for (int k = 0; k < kEngineCurves; ++k) {
        double ns = std::numeric_limits<double>::quiet_NaN();
        try {
          ns = bench::gpu_ns(fns[k], dev, min_time);
        } catch (const Error& e) {  // e.g. a kernel that does not exist yet: printed, not a number
          if (eng_error[k].empty()) eng_error[k] = size_label(sizes[i]) + ": " + e.py_class() + ": " + e.what();
        }
        eng[k][i].push_back(ns);
      }
      for (Peer& p : peers) {
        if (!p.proc) continue;
        double ns = std::numeric_limits<double>::quiet_NaN();
        try {
          const std::string a = p.proc->ask("time " + file + " " + std::to_string(sizes[i]) + " " + std::to_string(min_time),
                                            kPeerTimeout);
          if (a.rfind("error", 0) == 0) {
            if (p.error[i].empty()) p.error[i] = a.substr(std::min<size_t>(6, a.size()));
          } else {
            ns = std::stod(a);
          }
        } catch (const std::exception& e) {
          p.error[i] = e.what();
          p.status = std::string("stopped at ") + size_label(sizes[i]) + ": " + e.what();
          p.proc.reset();
        }
        p.t[i].push_back(ns);
      }
    }
    std::cerr << "bench: " << size_label(sizes[i]) << " done\n";
  }

  // ---- the table ----
  std::cout << "sigmoid 1/(1+exp(-x)), float32, on " << to_string(dev) << ": " << cuda_device_description(dev) << "\n"
            << "Parity " << version() << "; each figure: the median of " << reps
            << " repetition(s) ± half their min-max range; a repetition is one batch of back-to-back calls timed with"
            << " CUDA events on the device's stream after synchronising (>= " << min_time
            << " s, the count doubled until then), all implementations interleaved at each size; every call allocates"
            << " its result\n"
            << "peers: each in its own plain python process (" << py << ", bench/peers/sigmoid_peer.py --device cuda),"
            << " inputs moved to the GPU once; torch timed with torch.cuda.Event, JAX with perf_counter ended by"
            << " block_until_ready\n\n";
  Table tab{sizes, {}};
  tab.header();
  tab.peer_rows(peers);
  const char* engine_colors[kEngineCurves] = {"#d62728", "#ff7f0e", "#7f7f7f"};
  for (int k = 0; k < kEngineCurves; ++k) {
    tab.row(engine_names[k], eng[k]);
    if (!eng_error[k].empty()) std::cout << "    " << engine_names[k] << " failed at " << eng_error[k] << "\n";
    tab.add_curve(engine_names[k], engine_colors[k], k == kCopy, eng[k]);
    if (k == kEager) std::cout << pad("Parity compile(f)", Table::W, true) << "not supported on CUDA (compile(f) is CPU-only)\n";
  }

  // ---- the targets: ratios taken within each repetition, then the median ----
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto median_ratio = [&](size_t i, auto&& num_den) {
    std::vector<double> r;
    for (int k = 0; k < reps; ++k) {
      const auto [a, b] = num_den(i, k);
      if (std::isfinite(a) && std::isfinite(b) && b > 0) r.push_back(a / b);
    }
    const Spread s = spread_of(r);
    return s.ok() ? s.median : nan;
  };
  auto fmt = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return std::isfinite(v) ? std::string(buf) : std::string("-");
  };
  auto at = [](const std::vector<std::vector<double>>& t, size_t i, int k) {
    return static_cast<size_t>(k) < t[i].size() ? t[i][k] : std::numeric_limits<double>::quiet_NaN();
  };
  struct Named {
    std::string label;
    const std::vector<std::vector<double>>* t;
  };
  std::vector<Named> rows = {{"Parity sigmoid op", &eng[kOp]}, {"Parity eager expression", &eng[kEager]}};
  const std::vector<std::vector<double>>* torch_sigmoid = nullptr;
  for (const Peer& p : peers)
    if (!p.version.empty()) {
      rows.push_back({p.spec->label, &p.t});
      if (std::string(p.spec->impl) == "torch.sigmoid") torch_sigmoid = &p.t;
    }
  const size_t last = sizes.size() - 1;
  std::cout << "\nat " << size_label(sizes[last]) << ": fraction of the device-to-device copy's bandwidth (copy time /"
            << " time per call; the same bytes in and out; target for the sigmoid op: >= 0.85)\n";
  for (const Named& n : rows)
    std::cout << pad("  " + n.label, Table::W, true)
              << pad(fmt(median_ratio(last, [&](size_t i, int k) { return std::pair{at(eng[kCopy], i, k), at(*n.t, i, k)}; })), Table::C)
              << "\n";
  std::cout << pad("  Parity compile(f)", Table::W, true) << pad("not supported on CUDA", Table::C) << "\n";
  std::cout << "\nat " << size_label(sizes[0]) << ": time per call / torch.sigmoid's (target for the sigmoid op: <= 1)\n";
  for (const Named& n : rows) {
    if (n.t == torch_sigmoid) continue;
    std::cout << pad("  " + n.label, Table::W, true)
              << pad(torch_sigmoid ? fmt(median_ratio(0, [&](size_t i, int k) { return std::pair{at(*n.t, i, k), at(*torch_sigmoid, i, k)}; }))
                                   : std::string("- (torch.sigmoid not timed)"),
                     Table::C)
              << "\n";
  }

  if (!plot.empty()) {
    const std::string subtitle = cuda_device_description(dev) + "; median of " + std::to_string(reps) +
                                 ", bars min-max; CUDA events; peers in their own processes";
    write_plot(plot, svg_plot("sigmoid 1/(1+exp(-x)), float32, on " + to_string(dev) + ": time per call", subtitle,
                              sizes, tab.curves));
  }
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app) {
  struct Args {
    std::string plot, peers = "all", python, device = "cpu";
    int reps = 5;
    int64_t max_size = 0;  // 0: 2^24 on the CPU, 2^26 on a GPU
    double min_time = 0.05;
  };
  auto a = std::make_shared<Args>();
  auto* b = app.add_subcommand("bench", "Benchmarks against NumPy and the peers a user would pick");
  b->require_subcommand(1);
  auto* s = b->add_subcommand("sigmoid", "Time 1/(1+exp(-x)) (float32, 2^0..2^24): the engine eager, compiled, "
                                         "sigmoid op and copy; NumPy, numexpr, PyTorch, JAX each in its own process");
  s->add_option("--plot", a->plot, "Write the plot (time vs size, log-log) to this file: .svg, or .png (rendered by rsvg-convert)");
  s->add_option("--repetitions", a->reps, "Repetitions per size (median and spread)")->capture_default_str()->check(CLI::PositiveNumber);
  s->add_option("--max-size", a->max_size,
                "Largest size to time (sizes are 2^0, 2^5, 2^10, 2^15, 2^20, 2^24, and 2^26 on a GPU; default: all)")
      ->check(CLI::PositiveNumber);
  s->add_option("--device", a->device,
                "cpu, or cuda / cuda:N: the engine's curves on that GPU (CUDA events; a device-to-device copy as the "
                "floor), torch and JAX on the GPU")
      ->capture_default_str();
  s->add_option("--min-time", a->min_time, "Seconds per timed batch (each implementation, size, repetition)")
      ->capture_default_str()->check(CLI::PositiveNumber);
  s->add_option("--peers", a->peers, "Peers to time, comma-separated: numpy, numexpr, torch.sigmoid, torch.eager, "
                                     "torch.compile, jax.jit; 'all' or 'none' (a peer not installed is printed as such)")
      ->capture_default_str();
  s->add_option("--python", a->python, "The python3 that runs the peers (default: $PARITY_PYTHON, else the interpreter "
                                       "the build embeds)");
  s->callback([a] {
    parse_peers(a->peers);  // a typo is a usage error before anything runs
    run_guarded([&] {
      const Device dev = require_device(a->device, "bench");
      if (dev.is_cuda())
        return run_sigmoid_cuda(dev, a->plot, a->reps, a->max_size > 0 ? a->max_size : int64_t{1} << 26, a->min_time,
                                a->peers, a->python);
      return run_sigmoid(a->plot, a->reps, a->max_size > 0 ? a->max_size : int64_t{1} << 24, a->min_time, a->peers,
                         a->python);
    });
  });
}

}  // namespace parity::cli
