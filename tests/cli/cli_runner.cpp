#include "cli_runner.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace contactsim::testing {
namespace {
std::string quote(const std::string& s) {
  std::string q = "'";
  for (const char c : s) {
    if (c == '\'') {
      q.append("'\\''");  // close, escaped quote, reopen
    } else {
      q.push_back(c);
    }
  }
  q.push_back('\'');
  return q;
}

std::string slurp(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

CliResult runCli(const std::vector<std::string>& arguments) {
  static int counter = 0;
  const auto base =
      std::filesystem::temp_directory_path() /
      ("contactsim-cli-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::string command = quote(CONTACTSIM_CLI);
  for (const std::string& a : arguments) command.append(" ").append(quote(a));
  // Appended piecewise: `"literal" + std::string&&` trips GCC 12's false -Wrestrict (PR105329).
  command.append(" >").append(quote(base.string() + ".out"));
  command.append(" 2>").append(quote(base.string() + ".err"));
  const int status = std::system(command.c_str());
  CliResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = slurp(base.string() + ".out");
  result.err = slurp(base.string() + ".err");
  std::filesystem::remove(base.string() + ".out");
  std::filesystem::remove(base.string() + ".err");
  return result;
}

}  // namespace contactsim::testing
