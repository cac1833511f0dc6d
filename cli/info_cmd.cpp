// `parity info`: what this build runs with on this machine: the engine's version, the SIMD target
// the vector loops run (Highway's runtime choice) and the others this processor could run, the
// engine's threads, the CUDA devices, the NumPy the oracle embeds, and the hash of the OpInfo entries.
#include <CLI/CLI.hpp>
#include <iostream>

#include "parity/build_info.h"
#include "parity/device.h"
#include "parity/errors.h"
#include "parity/op_db_hash.h"
#include "parity/oracle.h"
#include "parity/threads.h"

namespace parity::cli {

void add_info_command(CLI::App& app) {
  auto* c = app.add_subcommand("info", "Print the version, the SIMD target the vector loops run, threads and NumPy");
  c->callback([] {
    std::cout << "parity " << version() << "\n";
    std::cout << "SIMD target: " << simd_target() << "\n";
    std::cout << "SIMD targets this processor runs:";
    for (const auto& t : simd_targets_runnable()) std::cout << " " << t;
    std::cout << "\nthreads: " << num_threads() << "\n";
    if (!built_with_cuda()) {
      std::cout << "CUDA: built without CUDA (PARITY_CUDA=OFF or no nvcc)\n";
    } else {
      std::cout << "CUDA: built, " << cuda_device_count() << " device(s)"
                << (cuda_device_count() == 0 ? ": no CUDA device" : "") << "\n";
      for (const Device& d : list_devices())
        if (d.is_cuda()) std::cout << "  " << to_string(d) << ": " << device_description(d) << "\n";
    }
    std::cout << "OpInfo entries: " << opinfo::op_db().size() << ", hash " << opinfo::op_db_hash()
              << " (`parity opdb-hash`; campaigns record it as results.json's opdb_hash)\n";
    try {
      std::cout << "numpy: " << oracle::numpy_version() << "\n";
    } catch (const std::exception& e) {
      std::cout << "numpy: unavailable (" << e.what() << ")\n";
    }
  });
}

}  // namespace parity::cli
