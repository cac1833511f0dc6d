#pragma once
// "Did you mean ...?": the candidate closest to a mistyped name, for error messages naming an
// unknown op, subcommand or option.
#include <string>
#include <vector>

namespace parity::fuzz {

// Levenshtein distance (insertions, deletions, substitutions; each costs 1), case-insensitive.
size_t edit_distance(const std::string& a, const std::string& b);
// The candidate nearest to `word` when it is near enough to be a likely typo (distance at most a
// third of the word's length, and at least 1 allowed; a candidate that starts with `word` also
// counts), else "". Ties go to the longer common prefix, then to the earlier candidate.
std::string closest_match(const std::string& word, const std::vector<std::string>& candidates);
// " (did you mean 'X'?)" or "" when nothing is close.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace parity::fuzz
