// Runs contactsim-cli with arguments and captures its exit code, stdout and stderr.
#pragma once

#include <string>
#include <vector>

namespace contactsim::testing {

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

CliResult runCli(const std::vector<std::string>& arguments);

}  // namespace contactsim::testing
