#pragma once
// Small helpers shared by the non-elementwise entry files (shape, creation, linalg, indexing):
// reading keyword arguments in a run function, and building samples tersely.
#include <optional>
#include <string>
#include <vector>

#include "parity/errors.h"
#include "families.h"
#include "parity/opinfo.h"
#include "parity/samples.h"

namespace parity::opinfo::util {

inline bool has(const Kwargs& kw, const char* k) {
  const KwValue* v = find_kwarg(kw, k);
  return v && !std::holds_alternative<std::monostate>(*v);
}
inline int64_t kint(const Kwargs& kw, const char* k, int64_t dflt) {
  const KwValue* v = find_kwarg(kw, k);
  return v && std::holds_alternative<int64_t>(*v) ? std::get<int64_t>(*v) : dflt;
}
inline bool kbool(const Kwargs& kw, const char* k, bool dflt) {
  const KwValue* v = find_kwarg(kw, k);
  return v && std::holds_alternative<bool>(*v) ? std::get<bool>(*v) : dflt;
}
// An int or a tuple of ints, as a vector (an int is a 1-tuple).
inline std::vector<int64_t> kvec(const Kwargs& kw, const char* k) {
  const KwValue* v = find_kwarg(kw, k);
  if (!v || std::holds_alternative<std::monostate>(*v)) return {};
  if (std::holds_alternative<int64_t>(*v)) return {std::get<int64_t>(*v)};
  return std::get<std::vector<int64_t>>(*v);
}
// None (or absent), an int, or a tuple of ints.
inline std::optional<std::vector<int64_t>> kaxes(const Kwargs& kw, const char* k) {
  if (!has(kw, k)) return std::nullopt;
  return kvec(kw, k);
}
inline std::optional<int64_t> kopt_int(const Kwargs& kw, const char* k) {
  if (!has(kw, k)) return std::nullopt;
  return kint(kw, k, 0);
}
inline std::optional<DType> kdtype(const Kwargs& kw, const char* k = "dtype") {
  const KwValue* v = find_kwarg(kw, k);
  if (v && std::holds_alternative<DType>(*v)) return std::get<DType>(*v);
  return std::nullopt;
}
// A Python number keyword (int, float or bool) as an engine scalar.
inline Scalar kscalar(const Kwargs& kw, const char* k) {
  const KwValue* v = find_kwarg(kw, k);
  if (!v) throw TypeError(std::string("[opinfo] missing keyword ") + k);
  if (std::holds_alternative<bool>(*v)) return Scalar(std::get<bool>(*v));
  if (std::holds_alternative<int64_t>(*v)) return Scalar(std::get<int64_t>(*v));
  return Scalar(std::get<double>(*v));
}

inline std::vector<Tensor> tensors(const std::vector<ArrayLike>& a, size_t from = 0) {
  std::vector<Tensor> v;
  for (size_t i = from; i < a.size(); ++i) v.push_back(a[i].tensor());
  return v;
}

inline SampleInput sample(std::vector<ArrayLike> args, Kwargs kw, std::string note) {
  return SampleInput{std::move(args), std::move(kw), std::move(note)};
}
inline ErrorInput error(std::vector<ArrayLike> args, Kwargs kw, std::string cls, std::string regex) {
  return ErrorInput{SampleInput{std::move(args), std::move(kw), "error"}, std::move(cls), std::move(regex)};
}
inline KwValue tup(std::vector<int64_t> v) { return KwValue(std::move(v)); }
inline KwValue i64(int64_t v) { return KwValue(v); }
inline const KwValue none{};

// An entry seeded from the op's record (entry_from_record), with its NumPy reference and no error
// inputs yet.
inline OpInfo entry(const std::string& name, std::string numpy_ref, RunFn run) {
  OpInfo op = entry_from_record(name, std::move(run));
  op.numpy_ref = std::move(numpy_ref);
  op.error_inputs = [] { return std::vector<ErrorInput>{}; };
  return op;
}

using Args = std::vector<ArrayLike>;
using Samples = std::vector<SampleInput>;
using Errors = std::vector<ErrorInput>;

// Deterministic tensors of one op and dtype; k tells apart tensors of one sample.
struct Gen {
  DType d;
  uint64_t seed;
  Tensor operator()(const Shape& s, int k = 0) const {
    return make_tensor(s, d, seed + 7919 * static_cast<uint64_t>(k) + s.size());
  }
  // A noncontiguous (3, 4, 5): the transpose of a (5, 4, 3).
  Tensor transposed() const { return (*this)({5, 4, 3}, 11).transpose(); }
};
inline Gen gen(const std::string& op, DType d) { return {d, seed_of(op + name(d))}; }

}  // namespace parity::opinfo::util
