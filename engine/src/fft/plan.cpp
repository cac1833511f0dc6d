// KISS FFT plans and Bluestein's algorithm for lengths with a large prime factor (plan.h).
#include "plan.h"

#include <kissfft/kissfft.hh>

#include <cmath>
#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace parity::fft::detail {

namespace {

int64_t largest_prime_factor(int64_t n) {
  int64_t p = 1;
  for (int64_t f = 2; f * f <= n; ++f)
    while (n % f == 0) { p = f; n /= f; }
  return n > 1 ? n : p;
}

// Bluestein: X_k = w_k * sum_j (x_j w_j) conj(w_{k-j}), w_k = exp(-+i pi k^2 / n), a circular
// convolution of length m >= 2n - 1 (a power of two) computed by KISS FFT.
struct Bluestein {
  int64_t n = 0, m = 0;
  std::vector<cplx> chirp;  // w_k, k < n
  std::vector<cplx> bhat;   // FFT of the conjugate chirp, wrapped to length m, divided by m
  std::unique_ptr<kissfft<double>> fwd, inv;
  Bluestein(int64_t n_, bool inverse) : n(n_) {
    m = 1;
    while (m < 2 * n - 1) m *= 2;
    fwd = std::make_unique<kissfft<double>>(static_cast<size_t>(m), false);
    inv = std::make_unique<kissfft<double>>(static_cast<size_t>(m), true);
    chirp.resize(static_cast<size_t>(n));
    const long double pi = std::acos(-1.0L);
    const unsigned __int128 two_n = static_cast<unsigned __int128>(2 * n);
    for (int64_t k = 0; k < n; ++k) {
      // k^2 mod 2n exactly, so that the angle keeps full precision for every k
      const auto r = static_cast<int64_t>((static_cast<unsigned __int128>(k) * static_cast<unsigned __int128>(k)) % two_n);
      const long double a = (inverse ? pi : -pi) * static_cast<long double>(r) / static_cast<long double>(n);
      chirp[static_cast<size_t>(k)] = cplx(static_cast<double>(std::cos(a)), static_cast<double>(std::sin(a)));
    }
    std::vector<cplx> b(static_cast<size_t>(m), cplx(0, 0));
    for (int64_t k = 0; k < n; ++k) {
      b[static_cast<size_t>(k)] = std::conj(chirp[static_cast<size_t>(k)]);
      if (k > 0) b[static_cast<size_t>(m - k)] = std::conj(chirp[static_cast<size_t>(k)]);
    }
    bhat.resize(static_cast<size_t>(m));
    fwd->transform(b.data(), bhat.data());
    for (auto& z : bhat) z /= static_cast<double>(m);
  }
  void run(const cplx* in, cplx* out) const {
    std::vector<cplx> a(static_cast<size_t>(m), cplx(0, 0)), ah(static_cast<size_t>(m));
    for (int64_t k = 0; k < n; ++k) a[static_cast<size_t>(k)] = in[k] * chirp[static_cast<size_t>(k)];
    fwd->transform(a.data(), ah.data());
    for (int64_t k = 0; k < m; ++k) ah[static_cast<size_t>(k)] *= bhat[static_cast<size_t>(k)];
    inv->transform(ah.data(), a.data());
    for (int64_t k = 0; k < n; ++k) out[k] = a[static_cast<size_t>(k)] * chirp[static_cast<size_t>(k)];
  }
};

struct Plan {
  std::unique_ptr<kissfft<double>> kiss;  // direct, or
  std::unique_ptr<Bluestein> blue;        // chirp-z
};

// Per thread: KISS FFT's generic butterfly writes a scratch buffer inside the plan, so a plan is
// not shared between threads (and no lock is needed). Bounded: cleared past 64 lengths.
Plan& plan_for(int64_t n, bool inverse) {
  thread_local std::map<std::pair<int64_t, bool>, Plan> cache;
  auto key = std::make_pair(n, inverse);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  if (cache.size() >= 64) cache.clear();
  Plan p;
  if (largest_prime_factor(n) > kBluesteinPrime)
    p.blue = std::make_unique<Bluestein>(n, inverse);
  else
    p.kiss = std::make_unique<kissfft<double>>(static_cast<size_t>(n), inverse);
  return cache.emplace(key, std::move(p)).first->second;
}

}  // namespace

void transform(const cplx* in, cplx* out, int64_t n, bool inverse) {
  if (n == 1) {
    out[0] = in[0];
    return;
  }
  Plan& p = plan_for(n, inverse);
  if (p.kiss)
    p.kiss->transform(in, out);
  else
    p.blue->run(in, out);
}

}  // namespace parity::fft::detail
