// Campaigns: work units of (op, case indices) handed to forked worker processes that draw, run
// and compare the cases; the parent (which never starts Python) aggregates the results, restarts
// a worker that dies and records the case it died on as a crash.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <deque>
#include <map>
#include <set>
#include <stdexcept>

#include <poll.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz_spec.h"
#include "parity/errors.h"
#include "parity/executors.h"
#include "parity/fuzzer.h"
#include "parity/oracle.h"
#include "parity/version.h"

namespace parity::fuzz {

namespace {

using Clock = std::chrono::steady_clock;

// ---- a small binary encoding for the pipes ----
struct Writer {
  std::string b;
  void u8(uint8_t v) { b.push_back(static_cast<char>(v)); }
  void u32(uint32_t v) { b.append(reinterpret_cast<const char*>(&v), 4); }
  void u64(uint64_t v) { b.append(reinterpret_cast<const char*>(&v), 8); }
  void f64(double v) { b.append(reinterpret_cast<const char*>(&v), 8); }
  void str(const std::string& s) { u32(static_cast<uint32_t>(s.size())); b += s; }
};
struct Reader {
  const std::string& b;
  size_t p = 0;
  template <class T> T get() {
    if (p + sizeof(T) > b.size()) throw ValueError("[fuzz] truncated worker message");
    T v;
    std::memcpy(&v, b.data() + p, sizeof(T));
    p += sizeof(T);
    return v;
  }
  std::string str() {
    uint32_t n = get<uint32_t>();
    if (p + n > b.size()) throw ValueError("[fuzz] truncated worker message");
    std::string s = b.substr(p, n);
    p += n;
    return s;
  }
};

void put_record(Writer& w, const CaseRecord& r) {
  w.str(r.id.str());
  w.u8(static_cast<uint8_t>(r.dtype));
  w.u8(static_cast<uint8_t>(r.variant));
  w.u8(static_cast<uint8_t>(r.kind));
  w.f64(r.max_abs); w.f64(r.max_rel); w.f64(r.max_ulp);
  w.u8(r.has_ulp ? 1 : 0);
  w.str(r.detail); w.str(r.inputs); w.str(r.engine); w.str(r.numpy); w.str(r.python); w.str(r.accepted);
  w.str(r.subject); w.str(r.reference); w.str(r.subject_python); w.str(r.pattern);
  w.u32(static_cast<uint32_t>(r.outcomes.size()));
  for (const auto& [who, what] : r.outcomes) { w.str(who); w.str(what); }
}
CaseRecord get_record(Reader& rd) {
  CaseRecord r;
  r.id = CaseId::parse(rd.str());
  r.op = r.id.op;
  r.device = r.id.device;
  r.dtype = static_cast<DType>(rd.get<uint8_t>());
  r.variant = static_cast<Variant>(rd.get<uint8_t>());
  r.kind = static_cast<Mismatch>(rd.get<uint8_t>());
  r.max_abs = rd.get<double>(); r.max_rel = rd.get<double>(); r.max_ulp = rd.get<double>();
  r.has_ulp = rd.get<uint8_t>() != 0;
  r.detail = rd.str(); r.inputs = rd.str(); r.engine = rd.str(); r.numpy = rd.str(); r.python = rd.str();
  r.accepted = rd.str();
  r.subject = rd.str(); r.reference = rd.str(); r.subject_python = rd.str(); r.pattern = rd.str();
  const uint32_t n = rd.get<uint32_t>();
  for (uint32_t i = 0; i < n; ++i) {
    std::string who = rd.str();
    r.outcomes.emplace_back(std::move(who), rd.str());
  }
  return r;
}

// The participants a result row can name, by a byte on the pipe.
const std::vector<std::string>& participant_codes() {
  static const std::vector<std::string> codes = {"engine", "numpy", "torch", "jax", "cpu", "torch-same-name"};
  return codes;
}
uint8_t participant_code(const std::string& who) {
  const auto& c = participant_codes();
  auto it = std::find(c.begin(), c.end(), who);
  if (it == c.end()) throw ValueError("[fuzz] unknown participant '" + who + "'");
  return static_cast<uint8_t>(it - c.begin());
}

bool write_all(int fd, const std::string& s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    off += static_cast<size_t>(n);
  }
  return true;
}
bool send_msg(int fd, const std::string& s) {
  uint32_t n = static_cast<uint32_t>(s.size());
  return write_all(fd, std::string(reinterpret_cast<const char*>(&n), 4) + s);
}
bool read_all(int fd, char* p, size_t n) {
  while (n > 0) {
    ssize_t r = ::read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    n -= static_cast<size_t>(r);
  }
  return true;
}
bool recv_msg(int fd, std::string& s) {
  uint32_t n;
  if (!read_all(fd, reinterpret_cast<char*>(&n), 4)) return false;
  s.resize(n);
  return read_all(fd, s.data(), n);
}

// What a worker is doing, in memory the parent can read after the worker died.
struct Slot {
  volatile uint64_t index;
  volatile uint32_t op;
  // 0 idle, 1 drawing/engine (index valid), 2 NumPy batch (index not valid), 3 shrinking, 4 a
  // library on one case (index valid; since: when it was called, for the parent's timeout)
  volatile uint32_t phase;
  volatile int64_t since;
};

constexpr uint32_t kLibraryOnOneCase = 4;

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

struct Unit {
  uint32_t op = 0;
  std::vector<uint64_t> idx;
  bool describe_crash = false;  // index idx[0] crashed: describe and shrink it (engine in a child)
  // With describe_crash: a library (not the engine) crashed or hung on idx[0] alone, which is the
  // reproduction: the case is drawn and recorded, nothing is run again.
  bool library_failure = false;
  std::string crash_detail;
};

// ---- the worker side ----
struct WorkerState {
  const Options* o;
  const std::vector<const opinfo::OpInfo*>* ops;
  CaseGen gen;
  EngineExecutor engine;
  std::map<std::tuple<uint32_t, DType, Mismatch, uint8_t>, int> shrunk;  // shrinks done per key (and participant)
  Slot* slot = nullptr;
  std::unique_ptr<NumpyExecutor> numpy;
  NumpyExecutor& np() {
    if (!numpy) numpy = std::make_unique<NumpyExecutor>();
    return *numpy;
  }
};

// Pairs a campaign can run: a library checked against NumPy, the engine against a library, or
// every participant (--three-way); the engine on a GPU against its CPU result.
void check_pairing(const Pairing& p, bool grad) {
  auto lib = [](const std::string& x) { return x == "torch" || x == "jax"; };
  if (!p.subject.empty() && !library_subject(p.subject))
    throw ValueError("[fuzz] unknown subject '" + p.subject + "' (engine, torch, jax, torch-same-name)");
  if (!p.against.empty() && !lib(p.against) && p.against != "cpu")
    throw ValueError("[fuzz] unknown reference '" + p.against + "' (numpy, cpu, torch, jax)");
  if (!p.subject.empty() && p.subject == p.against)
    throw ValueError("[fuzz] --subject " + p.subject + " --against " + p.against + ": a library against itself");
  if (!p.subject.empty() && !p.against.empty())
    throw ValueError("[fuzz] --subject " + p.subject + " is checked against NumPy only (not --against " + p.against + ")");
  if (p.three_way && (!p.subject.empty() || !p.against.empty()))
    throw ValueError("[fuzz] --three-way runs every participant against NumPy: no --subject or --against");
  if (grad && (!p.subject.empty() || p.three_way))
    throw ValueError("[fuzz] --grad checks the engine's gradients: no --subject or --three-way");
}

// A unit's reply: the case count, then per case its index, dtype, agreement pattern (three-way
// cases) and result rows: one per pair compared (three-way: one per participant against NumPy),
// each with its kind, flags (1 accepted: the declaration follows; 2 a mismatch: its record
// follows; 4 shrunk, a finding; 8 gradient checked; 16 float distances; 32 not comparable: the
// reason follows) and distances.
void put_case(Writer& w, uint64_t index, DType d, const std::string& pattern, size_t rows) {
  w.u64(index);
  w.u8(static_cast<uint8_t>(d));
  w.str(pattern);
  w.u8(static_cast<uint8_t>(rows));
}
void put_row(Writer& w, const std::string& subject, const std::string& reference, Mismatch kind, uint8_t flags,
             double a, double rel, double ulp) {
  w.u8(participant_code(subject));
  w.u8(participant_code(reference));
  w.u8(static_cast<uint8_t>(kind));
  w.u8(flags);
  w.f64(a); w.f64(rel); w.f64(ulp);
}

std::string describe_crash(WorkerState& ws, const Unit& u) {
  const opinfo::OpInfo& op = *(*ws.ops)[u.op];
  CaseId id = ws.gen.id(op.name, ws.o->seed, u.idx[0]);
  std::string how = u.crash_detail;
  CaseRecord rec;
  bool reproduces = u.library_failure || detail::crashes_in_child(ws.gen, id, &how);
  if (reproduces && ws.o->shrink && !u.library_failure) {
    for (int step = 0; step < 100; ++step) {
      size_t n = detail::shrink_candidates(detail::spec_of(op, id, ws.gen.config_for(id))).size();
      bool moved = false;
      for (size_t i = 0; i < n && !moved; ++i) {
        CaseId c = id;
        c.shrink_path.push_back(static_cast<uint32_t>(i));
        std::string h;
        if (detail::crashes_in_child(ws.gen, c, &h)) { id = c; how = h; moved = true; }
      }
      if (!moved) break;
    }
  }
  DrawnCase d = ws.gen.draw(id);  // the engine is not run here
  const Pairing pair = Pairing::of(id);
  CaseResult r;
  r.verdict.kind = Mismatch::crash;
  r.verdict.detail = how + (reproduces ? "" : " (did not reproduce in a fresh process)");
  r.engine.error = true;
  r.engine.crashed = true;
  r.engine.error_class = "Crash";
  r.engine.error_message = how;
  // A library checked instead of the engine crashed (its batch took the worker down).
  if (!pair.subject.empty()) r.subject = pair.subject;
  ws.slot->phase = 3;
  // NumPy's side, for the record (the engine is skipped: the hook and the op are not called).
  if (!id.grad && pair.against != "cpu" && !u.library_failure) r.numpy = ws.np().run(d.c);
  rec = make_record(d, r);
  Writer w;
  w.u32(1);
  put_case(w, u.idx[0], rec.dtype, "", 1);
  put_row(w, r.subject, pair.against_name(), Mismatch::crash, 2 | 4, 0, 0, 0);
  put_record(w, rec);
  return w.b;
}

// A gradient campaign's unit: each case's gradient checked in turn (no NumPy); flag 8: checked.
std::string process_grad_unit(WorkerState& ws, const Unit& u) {
  const opinfo::OpInfo& op = *(*ws.ops)[u.op];
  ws.slot->op = u.op;
  Writer w;
  w.u32(static_cast<uint32_t>(u.idx.size()));
  for (uint64_t i : u.idx) {
    ws.slot->index = i;
    ws.slot->phase = 1;  // a crash in drawing, forward or backward names this case
    DrawnCase d = ws.gen.draw(ws.gen.id(op.name, ws.o->seed, i));
    CaseResult r = run_grad_case(d);
    const bool mismatch = r.verdict.kind == Mismatch::grad;
    uint8_t flags = r.grad_checked ? 8 : 0;
    CaseRecord rec;
    if (mismatch) {
      flags |= 2;
      int& done = ws.shrunk[{u.op, d.dtype, Mismatch::grad, 0}];
      if (ws.o->shrink && done < ws.o->shrink_per_key) {
        ++done;
        try {  // phase 1 still: a crash while shrinking is attributed to this case
          ShrinkOutcome so = shrink_grad(ws.gen, d.id, ws.o->shrink_steps);
          rec = make_record(ws.gen.draw(so.id), so.result);
        } catch (const std::exception& e) {  // a fuzzer bug: keep the case as drawn
          std::fprintf(stderr, "[fuzz] shrinking %s failed: %s\n", d.id.str().c_str(), e.what());
          rec = make_record(d, r);
        }
        flags |= 4;
      } else {
        rec = make_record(d, r);
      }
    }
    if (!r.not_comparable.empty()) flags |= 32;  // against torch: no gradient there (reason follows)
    put_case(w, i, d.dtype, "", 1);
    put_row(w, "engine", r.reference, r.verdict.kind, flags, 0, 0, 0);
    if (flags & 32) w.str(r.not_comparable);
    if (mismatch) put_record(w, rec);
  }
  ws.slot->phase = 0;
  return w.b;
}

std::string process_unit(WorkerState& ws, const Unit& u) {
  if (u.describe_crash) return describe_crash(ws, u);
  if (ws.o->grad) return process_grad_unit(ws, u);
  const opinfo::OpInfo& op = *(*ws.ops)[u.op];
  const Pairing pair = Pairing::of(ws.o->gen);
  std::vector<DrawnCase> cases;
  cases.reserve(u.idx.size());
  ws.slot->op = u.op;
  std::vector<Outcome> eng;
  for (uint64_t i : u.idx) {
    ws.slot->index = i;
    ws.slot->phase = 1;
    cases.push_back(ws.gen.draw(ws.gen.id(op.name, ws.o->seed, i)));
  }
  std::vector<const Case*> ptrs;
  for (auto& c : cases) ptrs.push_back(&c.c);
  // Engine first, case by case (the slot names the case in flight), unless a library is checked
  // in its place; then each library on the whole unit in one call.
  if (pair.subject.empty()) {
    eng.reserve(cases.size());
    for (size_t k = 0; k < cases.size(); ++k) {
      ws.slot->index = u.idx[k];
      ws.slot->phase = 1;
      if (g_before_engine_hook) g_before_engine_hook(cases[k].c);
      eng.push_back(ws.engine.run(cases[k].c));
    }
  }
  std::vector<CaseResult> res;
  if (pair.classic()) {  // NumPy on the whole unit in one call (a crash there is bisected)
    ws.slot->phase = 2;
    if (g_before_library_hook)
      for (const Case* c : ptrs) g_before_library_hook(*c);
    res = detail::run_with_engine(ptrs, std::move(eng), pair);
  } else {
    // Libraries case by case: the slot names the case in flight, so a library that crashes or
    // never returns (jnp.gcd on a signed minimum) is a finding on that case, timed out alone.
    res.reserve(cases.size());
    for (size_t k = 0; k < cases.size(); ++k) {
      ws.slot->index = u.idx[k];
      ws.slot->since = now_ns();
      ws.slot->phase = kLibraryOnOneCase;
      if (g_before_library_hook) g_before_library_hook(*ptrs[k]);
      std::vector<Outcome> one;
      if (!eng.empty()) one.push_back(std::move(eng[k]));
      res.push_back(std::move(detail::run_with_engine({ptrs[k]}, std::move(one), pair)[0]));
    }
  }
  ws.slot->phase = 3;
  Writer w;
  w.u32(static_cast<uint32_t>(cases.size()));
  for (size_t k = 0; k < cases.size(); ++k) {
    const CaseResult& full = res[k];
    std::vector<const CaseResult*> rows = {&full};
    for (const CaseResult& x : full.rows) rows.push_back(&x);
    put_case(w, u.idx[k], cases[k].dtype, full.pattern, rows.size());
    for (const CaseResult* rp : rows) {
      const CaseResult& r = *rp;
      const Mismatch kind = r.verdict.kind;
      const bool nc = !r.not_comparable.empty();
      uint8_t flags = r.accepted.empty() ? 0 : 1;
      if (r.verdict.has_ulp) flags |= 16;  // the distances below are of a float result
      if (nc) flags = 32;
      const bool mismatch = r.mismatch();
      if (mismatch) flags |= 2;
      CaseRecord rec;
      if (mismatch) {
        ws.slot->index = u.idx[k];  // phase 3: a death while shrinking names this case
        // The participant whose row this is (three-way: shrink and record that row).
        const std::string who = rp == &full ? std::string() : r.subject;
        int& done = ws.shrunk[{u.op, cases[k].dtype, kind, participant_code(r.subject)}];
        if (ws.o->shrink && done < ws.o->shrink_per_key) {
          ++done;
          try {
            ShrinkOutcome so = shrink(ws.gen, cases[k].id, kind, ws.np(), ws.engine, ws.o->shrink_steps, who);
            rec = make_record(ws.gen.draw(so.id), so.result, who);
          } catch (const std::exception& e) {  // a fuzzer bug: keep the case as drawn
            std::fprintf(stderr, "[fuzz] shrinking %s failed: %s\n", cases[k].id.str().c_str(), e.what());
            rec = make_record(cases[k], full, who);
          }
          flags |= 4;  // shrunk: a finding
        } else {
          rec = make_record(cases[k], full, who);
        }
      }
      put_row(w, r.subject, r.reference, kind, flags, r.verdict.max_abs, r.verdict.max_rel, r.verdict.max_ulp);
      if (flags & 1) w.str(r.accepted);  // the declaration, for the reports' accepted column
      if (flags & 32) w.str(r.not_comparable);
      if (mismatch) put_record(w, rec);
    }
  }
  ws.slot->phase = 0;
  return w.b;
}

[[noreturn]] void worker_main(WorkerState& ws, int in_fd, int out_fd) {
  std::string hello;
  try {
    hello = oracle::numpy_version();
  } catch (const std::exception& e) {
    hello = std::string("?") + e.what();
  }
  // The libraries the campaign calls are imported before the worker says it is ready: a library
  // call's timeout (library_timeout_s) measures the call, not torch's or JAX's import.
  const Pairing pair = Pairing::of(ws.o->gen);
  if (!ws.o->grad && !pair.classic()) {
    std::vector<std::string> libs = {pair.subject, pair.against};
    if (pair.three_way) libs = {"torch", "jax"};
    for (const std::string& l : libs)
      if (library_subject(l)) {
        try {
          library_available(l);
        } catch (const std::exception&) {  // not installed: its cases say so, one by one
        }
      }
  }
  send_msg(out_fd, hello);
  std::string msg;
  while (recv_msg(in_fd, msg)) {
    Reader rd{msg};
    Unit u;
    u.op = rd.get<uint32_t>();
    const uint8_t describe = rd.get<uint8_t>();
    u.describe_crash = describe != 0;
    u.library_failure = describe == 2;
    u.crash_detail = rd.str();
    uint32_t n = rd.get<uint32_t>();
    for (uint32_t i = 0; i < n; ++i) u.idx.push_back(rd.get<uint64_t>());
    std::string reply;
    try {
      reply = process_unit(ws, u);
    } catch (const std::exception& e) {
      // A fuzzer bug, not an engine one: report the unit's cases as errors of the oracle kind.
      Writer w;
      w.u32(0);
      reply = w.b;
      std::fprintf(stderr, "[fuzz] worker: unit of %s failed: %s\n", (*ws.ops)[u.op]->name.c_str(), e.what());
    }
    if (!send_msg(out_fd, reply)) break;
  }
  std::fflush(nullptr);
  _exit(0);
}

std::string encode_unit(const Unit& u) {
  Writer w;
  w.u32(u.op);
  w.u8(u.describe_crash ? (u.library_failure ? 2 : 1) : 0);
  w.str(u.crash_detail);
  w.u32(static_cast<uint32_t>(u.idx.size()));
  for (auto i : u.idx) w.u64(i);
  return w.b;
}

}  // namespace

namespace {

struct Worker {
  pid_t pid = -1;
  int to = -1, from = -1;
  bool busy = false;
  bool ready = false;  // said hello
  Unit unit;
  Clock::time_point started;
};

}  // namespace

Results run_campaign(const Options& opts) {
  const auto t0 = Clock::now();
  Options o = opts;  // a gradient campaign draws gradient cases (ids with ":g")
  o.gen.grad = o.grad;
  Results res;
  res.seed = o.seed;
  res.grad = o.grad;
  const Pairing pair = Pairing::of(o.gen);
  o.gen.subject = pair.subject;
  o.gen.against = pair.against;
  res.subject = pair.subject_name();
  res.against = pair.against_name();
  if (o.grad && !o.gen.device.is_cpu())
    throw ValueError("[fuzz] gradient campaigns run on the CPU only (--grad with --device " + to_string(o.gen.device) + ")");
  if (pair.against == "cpu" && o.gen.device.is_cpu())
    throw ValueError("[fuzz] --against cpu compares a GPU with the CPU: it needs --device cuda");
  check_pairing(pair, o.grad);
  {
    // The libraries taking part, asked in a child (this process must not start Python), and the
    // participants' versions for the reports.
    std::vector<std::string> libs;  // NumPy's version comes from the workers
    if (pair.three_way) libs = {"torch", "jax"};
    for (const std::string& x : {pair.subject, pair.against})
      if (library_subject(x)) libs.push_back(x);
    std::map<std::string, LibraryProbe> probe;
    if (!libs.empty()) probe = probe_libraries(libs);
    for (const std::string& x : {pair.subject, pair.against})
      if (library_subject(x) && !probe[x].available)
        throw RuntimeError("[fuzz] " + x + " is not installed here (" + probe[x].why.substr(0, probe[x].why.find('\n')) +
                           "): it cannot take part");
    res.versions["engine"] = kVersion;
    for (const auto& [name, p] : probe)
      if (p.available) res.versions[name] = p.version;
    if (pair.three_way) {
      res.participants = {"engine", "numpy"};
      for (const char* x : {"torch", "jax"})
        if (probe[x].available) res.participants.push_back(x);
    }
  }
  res.engine_version = std::string("parity ") + kVersion;
  res.opdb_hash = o.opdb_hash;
  res.environment = current_environment(o.isolate ? o.jobs : 1);
  bool interrupted = false;  // ended by Options::stop before the work ran out
  auto stopped = [&] { return interrupted = interrupted || (o.stop != nullptr && *o.stop != 0); };
  if (o.shard_count > 1) res.shard = std::to_string(o.shard_index) + "/" + std::to_string(o.shard_count);
  if (o.shard_count < 1 || o.shard_index < 0 || o.shard_index >= o.shard_count)
    throw ValueError("[fuzz] bad shard " + std::to_string(o.shard_index) + "/" + std::to_string(o.shard_count));

  // The ops and, per op, the dtypes it is fuzzed in.
  std::vector<const opinfo::OpInfo*> ops;
  if (o.ops.empty()) {
    for (const auto& op : opinfo::op_db())
      if (!o.grad || (op.supports_autograd && !detail::grad_dtypes(op).empty())) ops.push_back(&op);
  } else {
    for (const auto& n : o.ops) {
      const opinfo::OpInfo* op = opinfo::find_op(n);
      if (!op) throw ValueError("[fuzz] unknown op '" + n + "'");
      if (o.grad && !op->supports_autograd)
        throw ValueError("[fuzz] op '" + op->name + "' does not claim autograd (supports_autograd): no gradient cases");
      if (o.grad && detail::grad_dtypes(*op).empty())
        throw ValueError("[fuzz] op '" + op->name + "' claims neither float64 nor complex128: no gradient cases");
      ops.push_back(op);
    }
  }
  CaseGen gen(o.gen);
  res.min_cases = o.min_cases;
  // --min-cases: per op x dtype, cases handed out, in flight and compared (the subject's row).
  struct RowCount { uint64_t drawn = 0, in_flight = 0, compared = 0; };
  std::map<std::pair<const opinfo::OpInfo*, DType>, RowCount> rows;
  // Op x dtype rows on which a library never returned: each such case costs a timeout, so the
  // row's later cases are not drawn (the hang is the row's finding, which says so).
  std::set<std::pair<const opinfo::OpInfo*, DType>> hung;
  auto row_open = [&](const RowCount& c) {
    if (c.compared >= o.min_cases) return false;
    if (c.drawn >= o.min_cases && c.compared == 0 && c.in_flight == 0) return false;  // nothing comparable
    return c.drawn < 20 * o.min_cases && c.compared + c.in_flight < o.min_cases;
  };
  auto wanted = [&](const opinfo::OpInfo& op, uint64_t i) {
    if (o.dtypes.empty() && o.min_cases == 0 && hung.empty()) return true;
    auto d = gen.dtype_of(op, o.seed, i);
    if (!d) return false;
    if (hung.count({&op, *d})) return false;
    if (!o.dtypes.empty() && std::find(o.dtypes.begin(), o.dtypes.end(), *d) == o.dtypes.end()) return false;
    return o.min_cases == 0 || row_open(rows[{&op, *d}]);
  };
  // --min-cases: whether some dtype row of the op can take more cases (else it is not scanned).
  auto op_open = [&](const opinfo::OpInfo* op) {
    if (o.min_cases == 0) return true;
    for (DType d : (o.gen.device.is_cpu() ? op->dtypes_cpu : op->dtypes_cuda))
      if ((o.dtypes.empty() || std::find(o.dtypes.begin(), o.dtypes.end(), d) != o.dtypes.end()) &&
          !hung.count({op, d}) && row_open(rows[{op, d}]))
        return true;
    return false;
  };
  // A unit's cases leave (sign -1) or enter (+1) the in-flight counts; entering counts as drawn.
  auto count_unit = [&](uint32_t op, const std::vector<uint64_t>& idx, int sign) {
    if (o.min_cases == 0) return;
    for (uint64_t i : idx) {
      auto d = gen.dtype_of(*ops[op], o.seed, i);
      if (!d) continue;
      RowCount& c = rows[{ops[op], *d}];
      if (sign > 0) { ++c.drawn; ++c.in_flight; }
      else if (c.in_flight > 0) --c.in_flight;
    }
  };
  std::vector<const opinfo::OpInfo*> kept;
  // On a GPU, only the ops and dtypes with CUDA kernels (dtypes_cuda) are drawn.
  const Device dev = o.gen.device;
  for (auto* op : ops) {
    if ((dev.is_cpu() ? op->dtypes_cpu : op->dtypes_cuda).empty()) continue;
    bool any = o.dtypes.empty();
    for (DType d : o.dtypes)
      any = any || (o.grad ? (d == DType::Float64 || d == DType::Complex128) && op->claims(d) : op->claims(d, dev));
    if (any) kept.push_back(op);
  }
  ops = kept;
  if (ops.empty()) {
    res.complete = true;
    return res;
  }

  // Work: per op, the next candidate index k (case index = shard_index + k * shard_count).
  std::vector<uint64_t> next_k(ops.size(), 0), assigned(ops.size(), 0);
  const bool timed = o.time_budget_s > 0;
  // Gradient cases cost two evaluations per input element: smaller units keep the time budget.
  // JAX compiles each new shape and dtype (tens of ms a case): smaller units keep the time budget.
  const bool jax = pair.three_way || pair.subject == "jax" || pair.against == "jax";
  const uint64_t batch = std::max<uint64_t>(1, o.grad ? std::min<uint64_t>(o.batch, 16)
                                               : jax   ? std::min<uint64_t>(o.batch, 32)
                                                       : o.batch);
  size_t rr = 0;
  std::deque<Unit> retry;
  auto next_unit = [&](Unit& u) -> bool {
    if (!retry.empty()) {
      u = retry.front();
      retry.pop_front();
      return true;
    }
    if (timed && std::chrono::duration<double>(Clock::now() - t0).count() >= o.time_budget_s) return false;
    for (size_t tries = 0; tries < ops.size(); ++tries) {
      size_t j = rr++ % ops.size();
      uint64_t want = timed || o.min_cases ? batch
                                           : std::min<uint64_t>(batch, o.cases_per_op - std::min(o.cases_per_op, assigned[j]));
      if (want == 0 || !op_open(ops[j])) continue;
      u = Unit{};
      u.op = static_cast<uint32_t>(j);
      for (uint64_t scanned = 0; u.idx.size() < want && scanned < want * 1000; ++scanned) {
        uint64_t i = static_cast<uint64_t>(o.shard_index) + next_k[j]++ * static_cast<uint64_t>(o.shard_count);
        if (wanted(*ops[j], i)) {
          u.idx.push_back(i);
          count_unit(u.op, {i}, +1);  // at once: the row may close within this unit
        }
      }
      if (u.idx.empty()) continue;
      assigned[j] += u.idx.size();
      return true;
    }
    return false;
  };

  uint64_t done = 0, mismatches = 0;
  std::string in_flight;
  auto key_of = [&](uint32_t op, DType d) { return StatsKey{ops[op]->name, d, dev, res.subject, res.against}; };
  // `unit_seconds`: how long the worker took over the unit, shared evenly by its cases.
  auto handle_reply = [&](const Unit& u, const std::string& msg, double unit_seconds) {
    count_unit(u.op, u.idx, -1);
    Reader rd{msg};
    uint32_t n = rd.get<uint32_t>();
    for (uint32_t k = 0; k < n; ++k) {
      uint64_t index = rd.get<uint64_t>();
      DType d = static_cast<DType>(rd.get<uint8_t>());
      const std::string pattern = rd.str();
      const uint8_t nrows = rd.get<uint8_t>();
      ++done;
      const CaseId drawn = gen.id(ops[u.op]->name, o.seed, index);
      if (!pattern.empty()) ++res.agreement[{ops[u.op]->name, d}][pattern];
      for (uint8_t row = 0; row < nrows; ++row) {
        const uint8_t sc = rd.get<uint8_t>(), rc = rd.get<uint8_t>();
        if (sc >= participant_codes().size() || rc >= participant_codes().size())
          throw ValueError("[fuzz] bad participant in a worker reply");
        Mismatch kind = static_cast<Mismatch>(rd.get<uint8_t>());
        uint8_t flags = rd.get<uint8_t>();
        double a = rd.get<double>(), rel = rd.get<double>(), ulp = rd.get<double>();
        StatsKey key = key_of(u.op, d);
        key.subject = participant_codes()[sc];
        key.against = participant_codes()[rc];
        Stats& s = res.stats[key];
        s.seconds += unit_seconds / n / nrows;
        if (flags & 8) ++s.grad_checked;
        // A declared discrepancy carries its declaration: counted under it, with an example id.
        const std::string declaration = (flags & 1) ? rd.str() : std::string();
        if (o.min_cases && !(flags & 32) && key.subject == res.subject) ++rows[{ops[u.op], d}].compared;
        if (flags & 32) {  // a side could not run the case: neither a match nor a mismatch
          ++s.not_comparable;
          ++s.not_comparable_by[rd.str()];
          continue;
        }
        if (flags & 2) {  // the (maybe shrunk) record; the distances above are the drawn case's
          CaseRecord rec = get_record(rd);
          ++mismatches;
          s.add(rec, true);
          s.max_abs = std::max(s.max_abs, a);
          s.max_rel = std::max(s.max_rel, rel);
          s.max_ulp = std::max(s.max_ulp, ulp);
          if (flags & 16) s.note_worst(WorstCase{drawn, ulp, kind, false});
          if ((flags & 4) && o.on_finding) o.on_finding(rec);
          continue;
        }
        CaseRecord rec;
        rec.id = drawn;
        rec.op = ops[u.op]->name;
        rec.dtype = d;
        rec.device = dev;
        rec.kind = kind;
        rec.subject = key.subject;
        rec.reference = key.against;
        rec.accepted = declaration;  // non-empty: counted in Stats::accepted and accepted_by
        rec.max_abs = a; rec.max_rel = rel; rec.max_ulp = ulp;
        rec.has_ulp = (flags & 16) != 0;
        s.add(rec, false);
      }
    }
  };

  Progress prog;
  auto last_progress = Clock::now(), last_checkpoint = Clock::now();
  auto tick = [&](bool force) {
    auto now = Clock::now();
    prog.cases = done;
    prog.mismatches = mismatches;
    prog.seconds = std::chrono::duration<double>(now - t0).count();
    prog.cases_per_s = prog.seconds > 0 ? static_cast<double>(done) / prog.seconds : 0;
    prog.op = in_flight;
    if (o.progress && (force || now - last_progress >= std::chrono::milliseconds(200))) {
      last_progress = now;
      o.progress(prog);
    }
    if (o.on_checkpoint && (force || now - last_checkpoint >= std::chrono::seconds(1))) {
      last_checkpoint = now;
      res.seconds = prog.seconds;
      o.on_checkpoint(res);
    }
  };

  if (!o.isolate) {
    // In this process: no crash isolation.
    WorkerState ws{&o, &ops, CaseGen(o.gen), EngineExecutor(), {}, nullptr, nullptr};
    Slot slot{};
    ws.slot = &slot;
    res.numpy_version = oracle::numpy_version();
    Unit u;
    while (!stopped() && next_unit(u)) {
      in_flight = ops[u.op]->name;
      auto started = Clock::now();
      std::string reply = process_unit(ws, u);
      handle_reply(u, reply, std::chrono::duration<double>(Clock::now() - started).count());
      tick(false);
    }
    res.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    res.complete = !interrupted;
    if (!res.numpy_version.empty()) res.versions["numpy"] = res.numpy_version;
    tick(true);
    return res;
  }

  // Forked workers. The slots live in shared memory, written by the workers, read by us.
  const int J = std::max(1, o.jobs);
  void* mem = mmap(nullptr, sizeof(Slot) * J, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) throw std::runtime_error("[fuzz] mmap failed");
  Slot* slots = static_cast<Slot*>(mem);
  std::memset(mem, 0, sizeof(Slot) * J);
  struct sigaction old_pipe {};
  struct sigaction ign {};
  ign.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ign, &old_pipe);
  std::fflush(nullptr);

  std::vector<Worker> workers(J);
  auto spawn = [&](int w) {
    int a[2], b[2];
    if (pipe(a) != 0 || pipe(b) != 0) throw std::runtime_error("[fuzz] pipe failed");
    pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("[fuzz] fork failed");
    if (pid == 0) {
      ::close(a[1]);
      ::close(b[0]);
      for (int k = 0; k < J; ++k) {
        if (workers[k].to >= 0) ::close(workers[k].to);
        if (workers[k].from >= 0) ::close(workers[k].from);
      }
      signal(SIGPIPE, SIG_DFL);
      // A terminal's Ctrl-C reaches the whole process group: the parent decides (Options::stop)
      // and ends the workers itself, so a worker killed by it is not taken for an engine crash.
      signal(SIGINT, SIG_IGN);
      signal(SIGTERM, SIG_IGN);
      WorkerState ws{&o, &ops, CaseGen(o.gen), EngineExecutor(), {}, &slots[w], nullptr};
      worker_main(ws, a[0], b[1]);
    }
    ::close(a[0]);
    ::close(b[1]);
    workers[w] = Worker{};
    workers[w].pid = pid;
    workers[w].to = a[1];
    workers[w].from = b[0];
    slots[w].phase = 0;
  };
  for (int w = 0; w < J; ++w) spawn(w);

  // `hung`: killed for a library call that did not return (why_if_alive says so).
  auto reap = [&](int w, const std::string& why_if_alive, bool library_hung = false) {
    Worker& wk = workers[w];
    int st = 0;
    if (!why_if_alive.empty()) kill(wk.pid, SIGKILL);
    while (waitpid(wk.pid, &st, 0) < 0 && errno == EINTR) {}
    ::close(wk.to);
    ::close(wk.from);
    const Slot s = const_cast<const Slot&>(slots[w]);
    // Who died: the engine, unless the worker was in a library's call (named in crash_detail);
    // shrinking a library subject's case calls that library only.
    const bool in_library = s.phase == 2 || s.phase == kLibraryOnOneCase || (s.phase == 3 && !pair.subject.empty());
    const char* who_died = in_library ? "killed by signal " : "engine killed by signal ";
    std::string how = !why_if_alive.empty() ? why_if_alive
                      : WIFSIGNALED(st) ? who_died + std::to_string(WTERMSIG(st)) + " (" + strsignal(WTERMSIG(st)) + ")"
                                        : "worker exited with status " + std::to_string(WEXITSTATUS(st));
    if (wk.busy) {
      const Unit u = wk.unit;
      uint64_t crashed = u.idx.empty() ? 0 : u.idx[0];
      const bool named = (s.phase == 1 || s.phase == 3 || s.phase == kLibraryOnOneCase) &&
                         std::find(u.idx.begin(), u.idx.end(), s.index) != u.idx.end();
      if (named) crashed = s.index;
      if (!u.describe_crash && s.phase == 2 && u.idx.size() > 1) {
        // NumPy's batch died and the slot cannot say on which case: the halves are run again
        // until the case is alone (then it is the reproduction).
        const size_t half = u.idx.size() / 2;
        Unit a, b;
        a.op = b.op = u.op;
        a.idx.assign(u.idx.begin(), u.idx.begin() + static_cast<std::ptrdiff_t>(half));
        b.idx.assign(u.idx.begin() + static_cast<std::ptrdiff_t>(half), u.idx.end());
        retry.push_front(b);
        retry.push_front(a);
      } else if (u.describe_crash) {
        // Describing the crash crashed too: record it bare.
        CaseRecord rec;
        rec.id = gen.id(ops[u.op]->name, o.seed, crashed);
        rec.op = rec.id.op;
        rec.device = dev;
        rec.dtype = gen.dtype_of(*ops[u.op], o.seed, crashed).value_or(DType::Float64);
        rec.kind = Mismatch::crash;
        rec.detail = u.crash_detail;
        rec.inputs = "(not available: drawing the case crashed the worker)";
        count_unit(u.op, u.idx, -1);
        res.stats[key_of(u.op, rec.dtype)].add(rec, true);
        ++done;
        ++mismatches;
        if (o.on_finding) o.on_finding(rec);
      } else {
        const auto dt = gen.dtype_of(*ops[u.op], o.seed, crashed);
        if (library_hung && dt) hung.insert({ops[u.op], *dt});
        Unit rest;
        rest.op = u.op;
        for (auto i : u.idx) {
          if (i == crashed) continue;
          const auto di = gen.dtype_of(*ops[u.op], o.seed, i);
          if (di && hung.count({ops[u.op], *di})) { count_unit(u.op, {i}, -1); continue; }  // not run
          rest.idx.push_back(i);
        }
        if (!rest.idx.empty()) retry.push_front(rest);
        Unit d;
        d.op = u.op;
        d.idx = {crashed};
        d.describe_crash = true;
        d.library_failure = in_library && (named || u.idx.size() == 1);
        const std::string who = pair.three_way         ? std::string("NumPy, torch or jax")
                                : pair.subject.empty() ? pair.against_name()
                                                       : pair.subject_name() + " or " + pair.against_name();
        d.crash_detail = how;
        if (d.library_failure)
          d.crash_detail += (s.phase == 3 ? " in a library call while shrinking this case (" : " in a library call on this case alone (") + who + ")";
        else if (s.phase == 2)
          d.crash_detail += " (during a library batch: NumPy, torch or jax)";
        if (library_hung && dt)
          d.crash_detail += "; later " + ops[u.op]->name + " " + name(*dt) + " cases were not drawn";
        retry.push_front(d);
      }
    }
    spawn(w);
  };

  const double unit_timeout = 300;
  bool finished = false;
  while (!finished) {
    if (stopped()) break;  // interrupted: in-flight units are dropped, the workers ended below
    // Hand out work.
    for (int w = 0; w < J; ++w) {
      Worker& wk = workers[w];
      if (wk.busy || !wk.ready) continue;
      Unit u;
      if (!next_unit(u)) continue;
      wk.unit = u;
      wk.busy = true;
      wk.started = Clock::now();
      in_flight = ops[u.op]->name;
      if (!send_msg(wk.to, encode_unit(u))) {
        reap(w, "");
      }
    }
    bool any_busy = false, any_unready = false;
    for (auto& wk : workers) { any_busy = any_busy || wk.busy; any_unready = any_unready || !wk.ready; }
    if (!any_busy && !any_unready) {
      Unit probe;
      if (!next_unit(probe)) { finished = true; break; }
      retry.push_front(probe);
      continue;
    }
    std::vector<pollfd> fds(J);
    for (int w = 0; w < J; ++w) fds[w] = pollfd{workers[w].from, POLLIN, 0};
    int pr = poll(fds.data(), fds.size(), 100);
    if (pr < 0 && errno != EINTR) throw std::runtime_error("[fuzz] poll failed");
    if (stopped()) break;  // before reading replies: a worker ended by the signal is no crash
    for (int w = 0; w < J; ++w) {
      Worker& wk = workers[w];
      if (pr > 0 && (fds[w].revents & (POLLIN | POLLHUP | POLLERR))) {
        std::string msg;
        if (!recv_msg(wk.from, msg)) {
          reap(w, "");
          continue;
        }
        if (!wk.ready) {
          wk.ready = true;
          if (res.numpy_version.empty() && !msg.empty() && msg[0] != '?') res.numpy_version = msg;
          continue;
        }
        Unit u = wk.unit;
        wk.busy = false;
        try {
          handle_reply(u, msg, std::chrono::duration<double>(Clock::now() - wk.started).count());
        } catch (const std::exception& e) {
          std::fprintf(stderr, "[fuzz] bad reply from a worker: %s\n", e.what());
        }
      } else if (wk.busy && std::chrono::duration<double>(Clock::now() - wk.started).count() > unit_timeout) {
        reap(w, "timed out after " + std::to_string(static_cast<int>(unit_timeout)) + " s");
      } else if (wk.busy && slots[w].phase == kLibraryOnOneCase &&
                 static_cast<double>(now_ns() - slots[w].since) / 1e9 > o.library_timeout_s) {
        reap(w, "did not return within " + std::to_string(static_cast<int>(o.library_timeout_s)) + " s", true);
      }
    }
    tick(false);
  }
  for (auto& wk : workers) {
    if (interrupted) kill(wk.pid, SIGKILL);  // its unit in flight is dropped
    ::close(wk.to);
    int st;
    while (waitpid(wk.pid, &st, 0) < 0 && errno == EINTR) {}
    ::close(wk.from);
  }
  sigaction(SIGPIPE, &old_pipe, nullptr);
  munmap(mem, sizeof(Slot) * J);
  res.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  res.complete = !interrupted;
  if (!res.numpy_version.empty()) res.versions["numpy"] = res.numpy_version;
  tick(true);
  return res;
}

}  // namespace parity::fuzz
