#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>
#include <utility>

#include "families.h"
#include "parity/case_builders.h"
#include "parity/op_record.h"
#include "parity/device.h"
#include "parity/samples.h"

namespace parity::opinfo {

bool OpInfo::has_variant(Variant v) const {
  return std::find(variants.begin(), variants.end(), v) != variants.end();
}

bool OpInfo::claims(DType d, Device dev) const {
  const auto& ds = dev.is_cpu() ? dtypes_cpu : dtypes_cuda;
  return std::find(ds.begin(), ds.end(), d) != ds.end();
}

Tolerance OpInfo::tolerance(DType d) const { return tolerance(d, "", ""); }

namespace {
// "" for the engine and for its references (NumPy, its own CPU result): the unscoped declarations.
std::string pair_side(const std::string& who) {
  return who == "engine" || who == "numpy" || who == "cpu" ? std::string() : who;
}
const Discrepancy* find_in(const std::vector<Discrepancy>& list, Discrepancy::Kind k, const std::string& suite,
                           DType d, const std::string& note, const std::vector<std::string>* traits,
                           const std::string& subject = "", const std::string& against = "",
                           const std::string& device = "") {
  for (const auto& x : list) {
    if (x.kind != k) continue;
    if (!x.device.empty() && x.device != device) continue;
    if (x.subject != subject || x.against != against) continue;
    if (!x.suites.empty() && std::find(x.suites.begin(), x.suites.end(), suite) == x.suites.end()) continue;
    if (!x.dtypes.empty() && std::find(x.dtypes.begin(), x.dtypes.end(), d) == x.dtypes.end()) continue;
    if (!x.note.empty() && x.note != note) continue;
    if (!x.when.empty() && (!traits || std::find(traits->begin(), traits->end(), x.when) == traits->end())) continue;
    return &x;
  }
  return nullptr;
}
}  // namespace

Tolerance OpInfo::tolerance(DType d, const std::string& subject, const std::string& against) const {
  const std::string s = pair_side(subject), a = pair_side(against);
  for (const auto& t : tolerances)
    if (t.dtype == d && t.subject == s && t.against == a) return t.tol;
  return default_tolerance(d);
}

namespace {
const ToleranceOverride* device_override(const OpInfo& op, DType d, Device dev) {
  if (dev.is_cpu()) return nullptr;
  for (const auto& t : op.device_tolerances)
    if (t.dtype == d) return &t;
  return nullptr;
}
}  // namespace

Tolerance OpInfo::tolerance(DType d, Device dev) const {
  const ToleranceOverride* t = device_override(*this, d, dev);
  return t ? t->tol : tolerance(d);
}

Tolerance OpInfo::layout_tolerance(DType d, Device dev) const {
  const ToleranceOverride* t = device_override(*this, d, dev);
  return t ? t->tol : Tolerance{};
}

const Discrepancy* OpInfo::find_discrepancy(Discrepancy::Kind k, const std::string& suite, DType d,
                                            const std::string& note) const {
  return find_in(discrepancies, k, suite, d, note, nullptr);
}

const Discrepancy* OpInfo::find_discrepancy(Discrepancy::Kind k, const std::string& suite, DType d,
                                            const SampleInput& in, const Tensor& out,
                                            const Tensor& natural, const std::string& subject,
                                            const std::string& against, Device device) const {
  const std::vector<std::string> traits = case_traits(in, out, natural);
  const std::string s = pair_side(subject), a = pair_side(against);
  const std::string dev = device.is_cpu() ? "" : "cuda";
  if (const Discrepancy* x = find_in(discrepancies, k, suite, d, in.note, &traits, s, a, dev)) return x;
  return find_in(global_discrepancies(), k, suite, d, in.note, &traits, s, a, dev);
}

const NoGradWhere* no_grad_at(const OpInfo& op, const SampleInput& in) {
  const OpRecord* r = find_op_record(op.name);
  if (!r || r->no_grad_where.empty()) return nullptr;
  Shape first;
  for (const ArrayLike& a : in.args)
    if (a.is_tensor()) {
      first = a.tensor().shape();
      break;
    }
  // A keyword's value as NumPy code spells it (the record's rules compare strings).
  auto keyword = [&in](const std::string& k) -> std::optional<std::string> {
    const KwValue* v = find_kwarg(in.kwargs, k);
    if (!v) return std::nullopt;
    if (const auto* b = std::get_if<bool>(v)) return *b ? "True" : "False";
    if (const auto* s = std::get_if<std::string>(v)) return *s;
    if (const auto* i = std::get_if<int64_t>(v)) return std::to_string(*i);
    return std::nullopt;
  };
  return parity::no_grad_at(*r, keyword, first);
}

// The CUDA claims come from the backend's kernel tables, in this one place: a CPU dtype is claimed
// on CUDA exactly when has_cuda_kernel(<engine name>, dtype) says the kernel exists (entries are
// named by the engine function, which op_names.cpp lists: "sigmoid", not NumPy's "expit").
void derive_cuda_dtypes(std::vector<OpInfo>& db) {
  for (OpInfo& op : db) {
    op.dtypes_cuda.clear();
    for (DType d : op.dtypes_cpu)
      if (has_cuda_kernel(op.name, d)) op.dtypes_cuda.push_back(d);
  }
}

// PyTorch's and JAX's calls (issue 14) where an entry names none: NumPy's "np.X" is "torch.X" and
// "jnp.X"; the torch.Tensor method is NumPy's method, or for ops with an in-place form the torch
// function's name (x.sin(), x.sin_()). Entries override where the libraries differ; a lambda
// reference has no default (the op is then not comparable until its entry says more).
void derive_library_refs(std::vector<OpInfo>& db) {
  auto plain = [](const std::string& ref, const char* prefix) {
    const size_t n = std::char_traits<char>::length(prefix);
    if (ref.compare(0, n, prefix) != 0 || ref.size() == n) return std::string();
    for (size_t i = n; i < ref.size(); ++i)  // a name, or a dotted one (np.linalg.inv -> torch.linalg.inv)
      if (!std::isalnum(static_cast<unsigned char>(ref[i])) && ref[i] != '_' && ref[i] != '.') return std::string();
    return ref.substr(n);
  };
  for (OpInfo& op : db) {
    const std::string np_name = plain(op.numpy_ref, "np.");
    // linalg entries whose NumPy side is a lambda of gauge-invariant quantities (eigenvectors, Q, U).
    if (np_name.empty() && op.family == "linalg" && op.numpy_ref.rfind("lambda", 0) == 0) {
      const std::string why = "the entry compares quantities a NumPy lambda computes (" + op.numpy_ref.substr(0, 60) +
                              "...); the same comparison is not written for this library yet";
      if (op.torch_ref.empty() && op.torch_missing.empty()) op.torch_missing = why;
      if (op.jax_ref.empty() && op.jax_missing.empty()) op.jax_missing = why;
    }
    if (op.torch_ref.empty() && op.torch_missing.empty() && !np_name.empty()) op.torch_ref = "torch." + np_name;
    if (op.jax_ref.empty() && op.jax_missing.empty() && !np_name.empty()) op.jax_ref = "jnp." + np_name;
    if (op.torch_method.empty() && op.torch_missing.empty()) {
      const std::string t = plain(op.torch_ref, "torch.");
      if (!op.numpy_method.empty()) op.torch_method = op.numpy_method;
      else if (op.has_variant(Variant::inplace)) op.torch_method = t;
    }
  }
}

namespace {
// What the op's record says, written into its entry: the record is the single source of the
// name's aliases, family, variants, CPU dtype claims and autograd claims. An entry adds what only
// tests need (samples, references, tolerances, declared discrepancies).
void apply_record(const OpRecord& r, OpInfo& op) {
  op.name = r.name;
  std::vector<std::string> aliases;
  if (!r.numpy.empty()) aliases.push_back(r.numpy);
  aliases.insert(aliases.end(), r.aliases.begin(), r.aliases.end());
  for (const std::string& a : op.aliases)  // an entry's own extra names (none should be needed)
    if (std::find(aliases.begin(), aliases.end(), a) == aliases.end()) aliases.push_back(a);
  op.aliases = std::move(aliases);
  op.family = r.family;
  op.variants.clear();
  for (auto [f, v] : {std::pair{kFunction, Variant::function}, {kMethod, Variant::method}, {kInplace, Variant::inplace},
                      {kOut, Variant::out}})
    if (r.forms & f) op.variants.push_back(v);
  if (r.dtypes != DTypeSet::none) op.dtypes_cpu = dtypes_of(r.dtypes);
  if (op.numpy_ref.empty()) op.numpy_ref = "np." + (r.numpy.empty() ? r.name : r.numpy);
  op.supports_autograd = r.no_grad.empty();
  op.supports_gradgrad = op.supports_autograd && r.no_gradgrad.empty();
  op.compiled = r.compiled;
}

// Every entry has its record (seeded by entry_from_record) and every record its entry (the test
// OpDb.EveryEngineOpHasAnEntry checks the second with a message per op). An entry may add to what
// the record says but not contradict it: a changed family, variant list or autograd claim is a
// logic error here rather than a claim the tests silently do not check.
void check_records(const std::vector<OpInfo>& db) {
  for (const OpInfo& op : db) {
    const OpRecord* r = find_op_record(op.name);
    if (!r || r->name != op.name)
      throw std::logic_error("op_db: the entry '" + op.name + "' has no op record (parity/op_record.h)");
    OpInfo seeded;
    apply_record(*r, seeded);
    const bool same = seeded.family == op.family && seeded.variants == op.variants &&
                      (r->dtypes == DTypeSet::none || seeded.dtypes_cpu == op.dtypes_cpu) &&
                      seeded.supports_autograd == op.supports_autograd &&
                      seeded.supports_gradgrad == op.supports_gradgrad && seeded.compiled == op.compiled;
    if (!same)
      throw std::logic_error("op_db: the entry '" + op.name +
                             "' contradicts its op record (family, forms, dtypes or autograd claims): change the "
                             "record, not the entry");
  }
}
}  // namespace

OpInfo entry_from_record(const std::string& name, RunFn run) {
  const OpRecord* r = find_op_record(name);
  if (!r) throw std::logic_error("entry_from_record: the engine has no record of op '" + name + "'");
  OpInfo op;
  apply_record(*r, op);
  op.run = std::move(run);
  return op;
}

namespace {
// Mutable only through PlantedRun (tests that plant a fault to show a gate catches it).
std::vector<OpInfo>& mutable_op_db() {
  static std::vector<OpInfo> db = [] {
    std::vector<OpInfo> v;
    add_unary_ops(v);
    add_binary_ops(v);
    add_reduction_ops(v);
    add_shape_ops(v);
    add_creation_ops(v);
    add_linalg_ops(v);
    add_fft_ops(v);
    add_linalg_lapack_ops(v);
    add_indexing_ops(v);
    add_random_ops(v);
    add_dtype_ops(v);
    add_interop_ops(v);
    add_array_api_ops(v);
    add_linalg_product_ops(v);
    add_sorting_ops(v);
    add_quantile_ops(v);
    add_shape_extra_ops(v);
    add_stats_extra_ops(v);
    add_ufunc_special_ops(v);
    check_records(v);
    add_readonly_errors(v);
    add_trait_discrepancies(v);
    derive_library_refs(v);
    derive_cuda_dtypes(v);
    return v;
  }();
  return db;
}
}  // namespace

const std::vector<OpInfo>& op_db() { return mutable_op_db(); }


const OpInfo* find_op(const std::string& name) {
  for (const auto& op : op_db()) {
    if (op.name == name) return &op;
    for (const auto& a : op.aliases)
      if (a == name) return &op;
  }
  return nullptr;
}

std::vector<SampleInput> elementwise_samples(const std::string& op, DType d, int nin,
                                             std::optional<std::pair<double, double>> domain) {
  double lo = domain ? domain->first : -9, hi = domain ? domain->second : 9;
  std::vector<SampleInput> out;
  uint64_t seed = seed_of(op + name(d));
  for (const Shape& s : standard_shapes()) {
    SampleInput in;
    for (int k = 0; k < nin; ++k) in.args.emplace_back(make_tensor(s, d, seed + k * 7919 + s.size(), lo, hi));
    in.note = "shape " + shape_str(s);
    out.push_back(std::move(in));
  }
  return out;
}

std::vector<SampleInput> elementwise_reference(DType d, int nin) {
  Tensor v = extremal_values(d);
  SampleInput in;
  if (nin == 1) {
    in.args.emplace_back(v);
  } else {  // every pairing of the extremal values: (n, 1) against (n,)
    in.args.emplace_back(v.reshape({-1, 1}));
    for (int k = 1; k < nin; ++k) in.args.emplace_back(v);
  }
  in.note = "extremal values";
  return {in};
}

}  // namespace parity::opinfo

namespace parity::testing {
PlantedRun::PlantedRun(const std::string& op, opinfo::RunFn run) {
  for (opinfo::OpInfo& e : opinfo::mutable_op_db())
    if (e.name == op) {
      entry_ = &e;
      saved_ = std::exchange(e.run, std::move(run));
      return;
    }
  throw std::invalid_argument("PlantedRun: no op named '" + op + "'");
}
PlantedRun::~PlantedRun() { entry_->run = std::move(saved_); }
}  // namespace parity::testing
