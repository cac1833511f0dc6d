#pragma once
// A fingerprint of the OpInfo database (issue 27, "Fresh"): a committed campaign records the hash
// of the entries it ran on (results.json `opdb_hash`), and a test compares it with today's, so a
// report produced from other entries than the current ones is caught.
#include <cstdint>
#include <string>
#include <vector>

#include "parity/opinfo.h"

namespace parity::opinfo {

// FNV-1a, 64 bits (offset basis 0xcbf29ce484222325, prime 0x100000001b3): the same on every
// platform, unlike std::hash.
uint64_t fnv1a64(const std::string& text);

// The dtypes whose samples and reference inputs the canonical text renders (the other dtypes'
// samples come from the same sample functions; rendering all fifteen costs seconds).
const std::vector<DType>& canonical_sample_dtypes();

// The canonical text of `db` and of the global discrepancies: every entry's declarations (name,
// aliases, family, variants, claimed CPU dtypes, references per library and why one is missing,
// domain, flags, tolerances, device tolerances, discrepancies and skips with their reasons, error
// inputs) and its samples and reference inputs in canonical_sample_dtypes() with exact values.
// Entries are sorted by name; no pointer or unordered container reaches it. Not in it: the CUDA
// dtypes (derived from the kernels this build has, not declared) and the code of `run` (a
// function cannot be rendered).
std::string op_db_canonical(const std::vector<OpInfo>& db);
// fnv1a64(op_db_canonical(db)) as 16 lower-case hex digits.
std::string op_db_hash(const std::vector<OpInfo>& db);
// The same for op_db(), computed once per process.
const std::string& op_db_hash();

}  // namespace parity::opinfo
