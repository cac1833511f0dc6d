// The `parity` command-line tool. Subcommands are added as the issues that own them land.
#include <CLI/CLI.hpp>
#include <iostream>

#include <algorithm>
#include <fstream>

#include "fuzz_common.h"
#include "parity/build_info.h"
#include "parity/closest.h"
#include "parity/op_db_hash.h"
#include "parity/opdocs.h"
#include "parity/ops.h"
#include "parity/oracle.h"
#include "parity/promotion.h"
#include "parity/version.h"

using namespace parity;

namespace parity::cli {
void add_bench_command(CLI::App& app);  // bench sigmoid (cli/bench_cmd.cpp)
void add_info_command(CLI::App& app);   // info (cli/info_cmd.cpp)
}

int main(int argc, char** argv) {
  CLI::App app{"parity: a NumPy-semantics tensor engine and its conformance tools"};
  app.set_version_flag("--version", std::string("parity ") + kVersion + " (SIMD target " + simd_target() + ")");
  app.require_subcommand(1);

  auto* dtypes = app.add_subcommand("dtypes", "List the dtypes with their item sizes and kinds");
  auto* promote = app.add_subcommand("promote", "Print the promotion table (result_type of every dtype pair)");
  std::string mode = "numpy";
  promote->add_option("--mode", mode, "Promotion mode: numpy, all, safe, none")->capture_default_str();
  auto* rt = app.add_subcommand("result-type", "result_type of dtypes and scalars, e.g. `uint8 300` or `int32 1.0`");
  std::vector<std::string> operands;
  rt->add_option("operands", operands, "dtype names, or Python-style int/float/complex literals")->required();
  rt->add_option("--mode", mode, "Promotion mode: numpy, all, safe, none")->capture_default_str();
  auto* version = app.add_subcommand("version", "Print the engine version and the oracle's NumPy version");
  auto* ops = app.add_subcommand("ops", "List every op: variants, dtypes per device, NumPy reference, autograd");
  bool ops_json = false;
  ops->add_flag("--json", ops_json, "Print the database as JSON");
  auto* disc = app.add_subcommand("discrepancies", "Print the declared discrepancies from NumPy (Markdown)");
  std::string disc_out;
  disc->add_option("--write", disc_out, "Write to this file instead (reports/DISCREPANCIES.md)");
  auto* opdb_hash = app.add_subcommand(
      "opdb-hash", "Print the hash of the OpInfo entries (results.json's opdb_hash; parity/op_db_hash.h)");
  bool canonical = false;
  opdb_hash->add_flag("--canonical", canonical, "Print the canonical text that is hashed instead");
  cli::add_fuzz_commands(app);   // fuzz, replay (they run from their callbacks)
  cli::add_check_command(app);
  cli::add_report_command(app);
  cli::add_bench_command(app);
  cli::add_info_command(app);

  app.footer(cli::kExitCodesHelp);

  // A mistyped subcommand: name the closest one (CLI11 would only say the argument was not expected).
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    bool known = false;
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      names.push_back(sub->get_name());
      known = known || sub->check_name(argv[1]);
    }
    if (!known) {
      std::cerr << "parity: unknown command '" << argv[1] << "'" << fuzz::did_you_mean(argv[1], names)
                << "; `parity --help` lists them\n";
      return cli::kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::RuntimeError& e) {  // a subcommand's exit code (cli::run_guarded)
    return e.get_exit_code();
  } catch (const CLI::ExtrasError& e) {  // an unknown option: name the closest one of that subcommand
    app.exit(e);
    const CLI::App* sub = &app;
    for (CLI::App* s : app.get_subcommands([](CLI::App*) { return true; }))
      if (argc > 1 && s->check_name(argv[1])) sub = s;
    std::vector<std::string> known;
    for (const CLI::Option* o : sub->get_options())
      for (const std::string& n : o->get_lnames()) known.push_back("--" + n);
    for (int i = 2; i < argc; ++i) {
      std::string arg = argv[i];
      arg = arg.substr(0, arg.find('='));
      if (arg.rfind("--", 0) != 0 || std::find(known.begin(), known.end(), arg) != known.end()) continue;
      std::string hint = fuzz::did_you_mean(arg, known);
      if (!hint.empty()) std::cerr << "parity " << sub->get_name() << ": unknown option '" << arg << "'" << hint << "\n";
    }
    return cli::kExitUsage;
  } catch (const CLI::ParseError& e) {  // --help and --version exit 0; a usage error 2
    return app.exit(e) == 0 ? cli::kExitPass : cli::kExitUsage;
  }

  try {
    if (*dtypes) {
      for (DType d : kAllDTypes) std::cout << name(d) << "\titemsize=" << itemsize(d) << "\n";
    } else if (*promote) {
      PromotionScope s(promotion_mode_from_string(mode));
      std::cout << "      ";
      for (DType b : kAllDTypes) std::cout << " " << std::string(name(b)).substr(0, 5);
      std::cout << "\n";
      for (DType a : kAllDTypes) {
        std::string n = name(a);
        n.resize(6, ' ');
        std::cout << n.substr(0, 6);
        for (DType b : kAllDTypes) {
          std::string r;
          try { r = name(promote_types(a, b)); } catch (const TypeError&) { r = "-"; }
          r.resize(5, ' ');
          std::cout << " " << r.substr(0, 5);
        }
        std::cout << "\n";
      }
    } else if (*rt) {
      PromotionScope s(promotion_mode_from_string(mode));
      std::vector<DTypeOperand> ops;
      for (const auto& o : operands) {
        if (o == "True" || o == "False") ops.emplace_back(Scalar(o == "True"));
        else if (!o.empty() && (isdigit(o[0]) || o[0] == '-' || o[0] == '.')) try {
          if (o.back() == 'j') ops.emplace_back(Scalar(std::complex<double>(0, std::stod(o.substr(0, o.size() - 1)))));
          else if (o.find_first_of(".eE") != std::string::npos || o == "inf" || o == "nan") ops.emplace_back(Scalar(std::stod(o)));
          else ops.emplace_back(Scalar(static_cast<int64_t>(std::stoll(o))));
        } catch (const std::logic_error&) {  // stoll/stod: not a number, or out of range
          throw ValueError("[result-type] cannot read '" + o + "' as a number");
        }
        else ops.emplace_back(dtype_from_name(o));
      }
      std::cout << name(result_type(ops)) << "\n";
    } else if (*ops) {
      std::cout << (ops_json ? opinfo::ops_json() : opinfo::ops_table());
    } else if (*disc) {
      if (disc_out.empty()) {
        std::cout << opinfo::discrepancies_markdown();
      } else {
        std::ofstream(disc_out) << opinfo::discrepancies_markdown();
        std::cout << "wrote " << disc_out << "\n";
      }
    } else if (*opdb_hash) {
      if (canonical) std::cout << opinfo::op_db_canonical(opinfo::op_db());
      else std::cout << opinfo::op_db_hash() << "\n";
    } else if (*version) {
      std::cout << "parity " << kVersion << "\nnumpy " << oracle::numpy_version() << "\n";
    }
  } catch (const Error& e) {
    std::cerr << e.py_class() << ": " << e.what() << "\n";
    return cli::kExitUsage;  // a bad dtype name, promotion mode, literal...
  } catch (const std::exception& e) {
    std::cerr << "parity: error: " << e.what() << "\n";
    return cli::kExitUsage;
  }
  return cli::kExitPass;
}
