// `contactsim-cli study STUDY.json --out FILE [--scheduler ADDRESS] [--workers N] [--serial]
// [--quiet]`: a parameter study on dask.distributed. The study machinery is the Python package
// `contactsim.study` (python/); this command runs it with the interpreter the module was built
// for, so users have one command-line tool for everything.
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands.h"

#ifndef CONTACTSIM_PYTHON
#define CONTACTSIM_PYTHON "python3"
#endif
#ifndef CONTACTSIM_PYTHON_DIR
#define CONTACTSIM_PYTHON_DIR ""
#endif

namespace contactsim::cli {
namespace {

struct StudyArguments {
  std::string study, out, scheduler;
  std::optional<int> workers;
  bool serial = false, quiet = false;
};

// The folder holding the `contactsim` package: CONTACTSIM_PYTHONPATH if set (an installed or
// moved build), else the build's own python/ folder.
std::string packageDir() {
  if (const char* dir = std::getenv("CONTACTSIM_PYTHONPATH"); dir && *dir) return dir;
  return CONTACTSIM_PYTHON_DIR;
}

[[noreturn]] void runStudy(const StudyArguments& args) {
  const std::string dir = packageDir();
  if (dir.empty() ||
      !std::filesystem::exists(std::filesystem::path(dir) / "contactsim" / "study.py")) {
    throw std::runtime_error(
        "study: the contactsim Python module is not built (configure with "
        "-DCONTACTSIM_BUILD_PYTHON=ON; Debian: pybind11-dev python3-dev) or set "
        "CONTACTSIM_PYTHONPATH to the folder holding it");
  }
  const char* old_path = std::getenv("PYTHONPATH");
  const std::string path = dir + (old_path && *old_path ? ":" + std::string(old_path) : "");
  setenv("PYTHONPATH", path.c_str(), 1);

  std::vector<std::string> argv = {CONTACTSIM_PYTHON, "-m",    "contactsim.study",
                                   args.study,        "--out", args.out};
  if (!args.scheduler.empty()) argv.insert(argv.end(), {"--scheduler", args.scheduler});
  if (args.workers) argv.insert(argv.end(), {"--workers", std::to_string(*args.workers)});
  if (args.serial) argv.push_back("--serial");
  if (args.quiet) argv.push_back("--quiet");
  std::vector<char*> raw;
  for (std::string& a : argv) raw.push_back(a.data());
  raw.push_back(nullptr);
  // Replaced by Python: its exit code, its output and Ctrl+C handling are the command's own.
  execvp(raw[0], raw.data());
  throw std::runtime_error(std::string("study: cannot run ") + raw[0] + ": " +
                           std::strerror(errno));
}

}  // namespace

void addStudyCommand(CLI::App& app) {
  auto args = std::make_shared<StudyArguments>();
  CLI::App* study = app.add_subcommand(
      "study", "Run a parameter study (docs/python.md) on dask.distributed, one row per run");
  study->add_option("STUDY", args->study, "Study file (JSON)")->required();
  study->add_option("--out", args->out, "Results table (.csv)")->required();
  study->add_option("--scheduler", args->scheduler,
                    "Address of a running dask scheduler, e.g. tcp://host:8786 (default: a "
                    "local cluster)");
  study->add_option("--workers", args->workers,
                    "Worker processes of the local cluster (default: one per core)");
  study->add_flag("--serial", args->serial, "Run in one process, one run after the other");
  study->add_flag("--quiet", args->quiet, "No line per finished run");
  study->callback([args] { runStudy(*args); });
}

}  // namespace contactsim::cli
