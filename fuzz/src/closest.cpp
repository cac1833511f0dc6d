// "Did you mean ...?" suggestions (closest.h).
#include "parity/closest.h"

#include <algorithm>
#include <cctype>

namespace parity::fuzz {

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string closest_match(const std::string& word, const std::vector<std::string>& candidates) {
  if (word.empty()) return "";
  const size_t allowed = std::max<size_t>(1, word.size() / 3);
  auto common_prefix = [&](const std::string& c) {
    size_t n = 0;
    while (n < word.size() && n < c.size() &&
           std::tolower(static_cast<unsigned char>(word[n])) == std::tolower(static_cast<unsigned char>(c[n])))
      ++n;
    return n;
  };
  std::string best;
  size_t best_d = allowed + 1, best_prefix = 0;
  for (const std::string& c : candidates) {
    size_t d = edit_distance(word, c), p = common_prefix(c);
    if (d < best_d || (d == best_d && p > best_prefix)) {  // ties: the longer common prefix ("sinn": sin, not sign)
      best_d = d;
      best_prefix = p;
      best = c;
    }
  }
  if (!best.empty()) return best;
  for (const std::string& c : candidates)  // "fuz" -> "fuzz", "arcs" -> "arcsin"
    if (word.size() >= 3 && c.size() > word.size() && edit_distance(word, c.substr(0, word.size())) == 0) return c;
  return "";
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  std::string m = closest_match(word, candidates);
  return m.empty() ? "" : " (did you mean '" + m + "'?)";
}

}  // namespace parity::fuzz
